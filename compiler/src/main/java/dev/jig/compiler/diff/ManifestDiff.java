package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Compares two compiled outputs (lists of Kubernetes manifests) the way a reviewer reads them:
 * which objects appear, disappear or change, which fields changed, and how each tenant's total
 * NodePool limits move. Objects are matched by {@link ObjectRef} (kind, namespace, name).
 *
 * <p>The provenance annotations {@value Annotations#REVISION} and {@value Annotations#CONTENT_HASH}
 * are ignored everywhere: they change on every commit and would bury the real changes.
 * {@code jig.dev/source} is compared like any other field. Pure: no I/O, inputs are not modified.
 */
public final class ManifestDiff {

    private static final Set<String> IGNORED_ANNOTATIONS = Set.of(Annotations.REVISION, Annotations.CONTENT_HASH);

    /**
     * What changed between two outputs, each list sorted by object identity; limit changes sorted
     * by tenant, then resource (cpu, memory, nvidia.com/gpu first).
     */
    public record Result(List<ManifestObject> added, List<ManifestObject> removed, List<ObjectChange> changed,
            List<TenantLimitChange> limits) {

        public Result {
            added = List.copyOf(added);
            removed = List.copyOf(removed);
            changed = List.copyOf(changed);
            limits = List.copyOf(limits);
        }

        /** True when both outputs hold the same objects with the same content. */
        public boolean isEmpty() {
            return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private final String tenancyKey;

    /** A diff that finds tenants under the label {@value #DEFAULT_TENANCY_KEY}. */
    public ManifestDiff() {
        this(WellKnownLabels.JIG_TENANT);
    }

    /** A diff that finds a NodePool's tenant under the template label {@code tenancyKey}. */
    public ManifestDiff(String tenancyKey) {
        this.tenancyKey = Objects.requireNonNull(tenancyKey, "tenancyKey");
    }

    /**
     * Compares {@code before} (the base revision's output) with {@code after}.
     *
     * @throws IllegalArgumentException when a manifest is not an object with kind and metadata.name,
     *     when one side holds the same object twice, or when a NodePool limit is not a quantity
     */
    public Result compare(List<JsonNode> before, List<JsonNode> after) {
        Map<ObjectRef, JsonNode> base = index(before, "before");
        Map<ObjectRef, JsonNode> head = index(after, "after");
        List<ManifestObject> added = new ArrayList<>();
        List<ManifestObject> removed = new ArrayList<>();
        List<ObjectChange> changed = new ArrayList<>();
        for (Map.Entry<ObjectRef, JsonNode> entry : base.entrySet()) {
            JsonNode other = head.get(entry.getKey());
            if (other == null) {
                removed.add(new ManifestObject(entry.getKey(), entry.getValue()));
            } else {
                List<FieldChange> fields = FieldDiff.compare(entry.getValue(), other);
                if (!fields.isEmpty()) changed.add(new ObjectChange(entry.getKey(), fields));
            }
        }
        for (Map.Entry<ObjectRef, JsonNode> entry : head.entrySet()) {
            if (!base.containsKey(entry.getKey())) added.add(new ManifestObject(entry.getKey(), entry.getValue()));
        }
        return new Result(added, removed, changed, TenantLimits.changes(before, after, tenancyKey));
    }

    private static Map<ObjectRef, JsonNode> index(List<JsonNode> objects, String side) {
        Map<ObjectRef, JsonNode> byRef = new TreeMap<>();
        for (JsonNode object : objects) {
            if (object == null || !object.isObject()) {
                throw new IllegalArgumentException("manifest is not an object (" + side + "): " + object);
            }
            ObjectRef ref = ObjectRef.of(object);
            if (byRef.put(ref, withJsonDataExpanded(withoutProvenance((ObjectNode) object))) != null) {
                throw new IllegalArgumentException("duplicate manifest " + ref + " (" + side + ")");
            }
        }
        return byRef;
    }

    /**
     * ConfigMap values that hold a JSON object (the tenancy document) as parsed trees, so a change
     * reads {@code data["tenancy.json"].tenants.payments.quota.cpu: 800 -> 900} instead of two
     * walls of text.
     */
    private static JsonNode withJsonDataExpanded(JsonNode object) {
        JsonNode data = object.path("data");
        if (!data.isObject()) return object;
        ObjectNode copy = null;
        for (var it = data.fields(); it.hasNext(); ) {
            var e = it.next();
            String text = e.getValue().asText("").trim();
            if (!text.startsWith("{")) continue;
            try {
                JsonNode parsed = JSON.readTree(text);
                if (copy == null) copy = object.deepCopy();
                ((ObjectNode) copy.get("data")).set(e.getKey(), parsed);
            } catch (com.fasterxml.jackson.core.JsonProcessingException ignored) {
                // not JSON after all: compared as text
            }
        }
        return copy != null ? copy : object;
    }

    /** A copy without the per-commit annotations (and without {@code annotations} if that empties it). */
    private static JsonNode withoutProvenance(ObjectNode object) {
        JsonNode annotations = object.path("metadata").path("annotations");
        if (!annotations.isObject() || IGNORED_ANNOTATIONS.stream().noneMatch(annotations::has)) return object;
        ObjectNode copy = object.deepCopy();
        ObjectNode metadata = (ObjectNode) copy.get("metadata");
        ObjectNode kept = (ObjectNode) metadata.get("annotations");
        kept.remove(IGNORED_ANNOTATIONS);
        if (kept.isEmpty()) metadata.remove("annotations");
        return copy;
    }
}
