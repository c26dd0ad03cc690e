package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;

/**
 * The identity of a Kubernetes object across revisions: kind, namespace ({@code ""} when
 * cluster-scoped) and name. The apiVersion is not part of it, so a version bump of the same object
 * shows as a change, not as a removal plus an addition.
 */
public record ObjectRef(String kind, String namespace, String name) implements Comparable<ObjectRef> {

    private static final Comparator<ObjectRef> ORDER = Comparator.comparing(ObjectRef::kind)
            .thenComparing(ObjectRef::namespace)
            .thenComparing(ObjectRef::name);

    /**
     * The identity of a manifest.
     *
     * @throws IllegalArgumentException when {@code kind} or {@code metadata.name} is missing
     */
    public static ObjectRef of(JsonNode object) {
        String kind = object.path("kind").asText("");
        String name = object.path("metadata").path("name").asText("");
        if (kind.isEmpty() || name.isEmpty()) {
            throw new IllegalArgumentException("manifest without kind or metadata.name: " + abbreviate(object));
        }
        return new ObjectRef(kind, object.path("metadata").path("namespace").asText(""), name);
    }

    @Override
    public int compareTo(ObjectRef o) {
        return ORDER.compare(this, o);
    }

    /** {@code NodePool payments-web}, or {@code ConfigMap jig-system/jig-tenancy} when namespaced. */
    @Override
    public String toString() {
        return kind + " " + qualifiedName();
    }

    /** {@code name}, or {@code namespace/name} when namespaced. */
    public String qualifiedName() {
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }

    private static String abbreviate(JsonNode object) {
        String text = object.toString();
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }
}
