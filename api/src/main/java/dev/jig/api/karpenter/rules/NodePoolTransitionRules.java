package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The NodePool rules that compare an update with the stored object ({@code oldSelf}): the node
 * class group and kind are immutable, and a NodePool cannot switch between static (replicas set)
 * and dynamic provisioning. As in the API server, a rule runs only where the old object has the
 * value the rule is attached to.
 */
final class NodePoolTransitionRules {

    private NodePoolTransitionRules() {
    }

    static void check(JsonNode oldPool, JsonNode newPool, Checks checks) {
        JsonNode oldSpec = oldPool.get("spec");
        JsonNode newSpec = newPool.get("spec");
        if (!isObject(oldSpec) || !isObject(newSpec)) {
            return;
        }
        Pointer spec = Pointer.ROOT.child("spec");
        if (Checks.has(oldSpec, "replicas") != Checks.has(newSpec, "replicas")) {
            checks.cel(spec.child("replicas"), CelRule.STATIC_DYNAMIC_TRANSITION);
        }
        JsonNode oldRef = nodeClassRef(oldSpec);
        JsonNode newRef = nodeClassRef(newSpec);
        if (!isObject(oldRef) || !isObject(newRef)) {
            return;
        }
        Pointer ref = spec.child("template").child("spec").child("nodeClassRef");
        if (!sameValue(oldRef, newRef, "group")) {
            checks.cel(ref.child("group"), CelRule.NODE_CLASS_GROUP_IMMUTABLE);
        }
        if (!sameValue(oldRef, newRef, "kind")) {
            checks.cel(ref.child("kind"), CelRule.NODE_CLASS_KIND_IMMUTABLE);
        }
    }

    private static JsonNode nodeClassRef(JsonNode spec) {
        JsonNode template = spec.get("template");
        JsonNode templateSpec = isObject(template) ? template.get("spec") : null;
        return isObject(templateSpec) ? templateSpec.get("nodeClassRef") : null;
    }

    private static boolean sameValue(JsonNode oldRef, JsonNode newRef, String field) {
        return Objects.equals(valueOrNull(oldRef.get(field)), valueOrNull(newRef.get(field)));
    }

    private static JsonNode valueOrNull(JsonNode v) {
        return Checks.present(v) ? v : null;
    }

    private static boolean isObject(JsonNode v) {
        return v != null && v.isObject();
    }
}
