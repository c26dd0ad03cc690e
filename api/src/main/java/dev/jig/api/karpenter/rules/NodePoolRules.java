package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Set;

/**
 * The NodePool (karpenter.sh/v1) spec: its top-level fields, resource limits and the rules of
 * static NodePools ({@code replicas} set). The template and disruption have classes of their own.
 */
final class NodePoolRules {

    private static final Set<String> SPEC = Set.of("disruption", "limits", "replicas", "template", "weight");

    private NodePoolRules() {
    }

    static void check(ObjectNode nodePool, Checks checks) {
        Pointer root = Pointer.ROOT;
        ObjectMetaRules.checkEnvelope(nodePool, checks);
        checks.required(nodePool, root, "spec");
        ObjectNode spec = checks.object(nodePool, root, "spec");
        if (spec != null) {
            spec(spec, root.child("spec"), checks);
        }
    }

    private static void spec(ObjectNode spec, Pointer at, Checks checks) {
        checks.closed(spec, at, SPEC);
        DisruptionRules.check(checks.object(spec, at, "disruption"), at.child("disruption"), checks);
        ObjectNode limits = limits(spec, at, checks);
        checks.integer(spec, at, "replicas", 0, Long.MAX_VALUE);
        checks.integer(spec, at, "weight", 1, 100);
        checks.required(spec, at, "template");
        ObjectNode template = checks.object(spec, at, "template");
        if (template != null) {
            NodeClaimTemplateRules.check(template, at.child("template"), checks);
        }
        if (Checks.has(spec, "replicas")) {
            staticPool(spec, limits, at, checks);
        }
    }

    /** Each limit is an integer, or a string in quantity form (never null); then Kubernetes can read it and it is not negative. */
    private static ObjectNode limits(ObjectNode spec, Pointer at, Checks checks) {
        ObjectNode limits = checks.object(spec, at, "limits");
        if (limits == null) {
            return null;
        }
        Pointer limitsAt = at.child("limits");
        for (Map.Entry<String, JsonNode> e : limits.properties()) {
            JsonNode v = e.getValue();
            if (Checks.isInteger(v)) {
                continue;
            }
            if (v.isNull()) {
                checks.schema(limitsAt.child(e.getKey()), "must be an integer or a string, not null (the API server stores a null"
                        + " limit as missing, which Karpenter reads as unlimited)");
            } else if (!v.isTextual()) {
                checks.schema(limitsAt.child(e.getKey()), "must be an integer or a string");
            } else if (!CrdPattern.QUANTITY.matches(v.textValue())) {
                checks.pattern(limitsAt.child(e.getKey()), CrdPattern.QUANTITY);
            }
        }
        QuantityRules.limits(limits, limitsAt, checks);
        return limits;
    }

    /** {@code replicas} set: only {@code limits.nodes}, and no weight. */
    private static void staticPool(ObjectNode spec, ObjectNode limits, Pointer at, Checks checks) {
        if (limits != null) {
            int size = Checks.size(limits);
            if (size > 1 || (size == 1 && !Checks.has(limits, "nodes"))) {
                checks.cel(at.child("limits"), CelRule.STATIC_LIMITS_NODES_ONLY);
            }
        }
        if (Checks.has(spec, "weight")) {
            checks.cel(at.child("weight"), CelRule.STATIC_NO_WEIGHT);
        }
    }
}
