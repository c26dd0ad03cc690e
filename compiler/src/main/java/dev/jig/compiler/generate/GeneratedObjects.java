package dev.jig.compiler.generate;

import java.util.Comparator;
import java.util.List;

/** The one order in which compiled objects are listed, written and diffed. */
public final class GeneratedObjects {

    private static final List<String> KIND_ORDER = List.of("Namespace", "ConfigMap", "EC2NodeClass", "NodePool");

    public static final Comparator<GeneratedObject> ORDER = Comparator
            .comparingInt((GeneratedObject o) -> kindRank(o.kind()))
            .thenComparing(o -> o.namespace() == null ? "" : o.namespace())
            .thenComparing(GeneratedObject::name);

    private GeneratedObjects() {
    }

    private static int kindRank(String kind) {
        int i = KIND_ORDER.indexOf(kind);
        return i < 0 ? KIND_ORDER.size() : i;
    }
}
