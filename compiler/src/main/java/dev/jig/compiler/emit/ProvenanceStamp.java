package dev.jig.compiler.emit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.tenancy.Provenance;
import dev.jig.compiler.generate.GeneratedObject;
import java.util.List;
import java.util.Optional;

/** Stamps every compiled object with its {@link Provenance} annotations. */
public final class ProvenanceStamp {

    private ProvenanceStamp() {
    }

    /**
     * Adds the provenance annotations to each object's tree, in place (the trees are the
     * generator's own), hashing the objects in parallel: each is independent. Returns the objects.
     */
    public static List<GeneratedObject> stamp(List<GeneratedObject> objects, Optional<String> revision) {
        objects.parallelStream().forEach(o -> {
            ObjectNode annotations = ((ObjectNode) o.body().get("metadata")).putObject("annotations");
            annotations.put(Annotations.SOURCE, o.sourceFile());
            annotations.put(Annotations.CONTENT_HASH, Provenance.contentHash(o.body()));
            revision.ifPresent(r -> annotations.put(Annotations.REVISION, r));
        });
        return objects;
    }
}
