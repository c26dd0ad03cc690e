package dev.jig.webhook.pod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Steers a new pod of no tenant away from every tenant's nodes: each required {@code nodeSelectorTerm} gets
 * {@code <key> DoesNotExist} for every node tenancy key (the node key and, for one release, the legacy tenancy
 * key). Every term, because the terms are ORed: a requirement in one term binds nothing when another term
 * matches. A pod without required node affinity gets one term with just these requirements. Without this the
 * scheduler may pick a shared tenant's node, which looks like any other, and the validating webhook then refuses
 * the binding ({@code JIG0513}) again and again; with it the scheduler (and Jig's controller, which reads the
 * same requirement) never considers those nodes.
 * <p>Pods a DaemonSet controls are left alone: the DaemonSet controller already pins each of them to one node
 * ({@code matchFields metadata.name}), so the requirement would only turn a clear refusal on a tenant's node into
 * a pod pending for ever; node agents that must run on every node belong in an exempt namespace.
 * <p>Idempotent, as {@code reinvocationPolicy: IfNeeded} requires: a term that already has the requirement gets
 * nothing. Shapes the API server would refuse anyway (a term that is not an object) are left for it to refuse.
 */
final class NoTenantAffinity {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String REQUIRED = "requiredDuringSchedulingIgnoredDuringExecution";

    private NoTenantAffinity() {
    }

    static ArrayNode patch(JsonNode pod, List<String> nodeKeys) {
        ArrayNode patch = JSON.arrayNode();
        if (isDaemonSetPod(pod)) return patch;
        JsonNode spec = pod.path("spec");
        JsonNode affinity = spec.get("affinity");
        if (absent(affinity)) {
            add(patch, "/spec/affinity", JSON.objectNode().set("nodeAffinity", required(nodeKeys)));
            return patch;
        }
        if (!affinity.isObject()) return patch;
        JsonNode nodeAffinity = affinity.get("nodeAffinity");
        if (absent(nodeAffinity)) {
            add(patch, "/spec/affinity/nodeAffinity", required(nodeKeys));
            return patch;
        }
        if (!nodeAffinity.isObject()) return patch;
        JsonNode required = nodeAffinity.get(REQUIRED);
        JsonNode terms = required == null || !required.isObject() ? null : required.get("nodeSelectorTerms");
        if (absent(required) || absent(terms) || (terms.isArray() && terms.isEmpty())) {
            String path = "/spec/affinity/nodeAffinity/" + REQUIRED;
            add(patch, path, selector(nodeKeys));
            return patch;
        }
        if (!terms.isArray()) return patch;
        for (int i = 0; i < terms.size(); i++) {
            JsonNode term = terms.get(i);
            if (!term.isObject()) continue;
            String at = "/spec/affinity/nodeAffinity/" + REQUIRED + "/nodeSelectorTerms/" + i + "/matchExpressions";
            JsonNode expressions = term.get("matchExpressions");
            if (absent(expressions)) {
                ArrayNode all = JSON.arrayNode();
                nodeKeys.forEach(k -> all.add(doesNotExist(k)));
                add(patch, at, all);
            } else if (expressions.isArray()) {
                for (String key : nodeKeys) {
                    if (!hasDoesNotExist(expressions, key)) add(patch, at + "/-", doesNotExist(key));
                }
            }
        }
        return patch;
    }

    /** Whether a controller owner reference names a DaemonSet. */
    static boolean isDaemonSetPod(JsonNode pod) {
        for (JsonNode ref : pod.path("metadata").path("ownerReferences")) {
            if (ref.path("kind").asText("").equals("DaemonSet") && ref.path("controller").asBoolean(false)) return true;
        }
        return false;
    }

    private static boolean hasDoesNotExist(JsonNode expressions, String key) {
        for (JsonNode e : expressions) {
            if (e.path("key").asText("").equals(key) && e.path("operator").asText("").equals("DoesNotExist")) return true;
        }
        return false;
    }

    private static ObjectNode required(List<String> nodeKeys) {
        return JSON.objectNode().set(REQUIRED, selector(nodeKeys));
    }

    private static ObjectNode selector(List<String> nodeKeys) {
        ArrayNode expressions = JSON.arrayNode();
        nodeKeys.forEach(k -> expressions.add(doesNotExist(k)));
        ObjectNode s = JSON.objectNode();
        s.putArray("nodeSelectorTerms").addObject().set("matchExpressions", expressions);
        return s;
    }

    private static ObjectNode doesNotExist(String key) {
        return JSON.objectNode().put("key", key).put("operator", "DoesNotExist");
    }

    private static boolean absent(JsonNode n) {
        return n == null || n.isNull();
    }

    private static void add(ArrayNode patch, String path, JsonNode value) {
        patch.addObject().put("op", "add").put("path", path).set("value", value);
    }
}
