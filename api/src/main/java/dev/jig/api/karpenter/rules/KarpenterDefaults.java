package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Applies the defaults of the Karpenter v1.14.1 CRDs the way the API server's structural-schema
 * defaulting does: a field's default is set when the field is absent or null and its parent
 * object exists; a defaulted object is then defaulted inside in turn. So a NodePool without
 * {@code disruption} gets {@code {consolidateAfter: 0s, budgets: [{nodes: 10%}],
 * consolidationPolicy: WhenEmptyOrUnderutilized}}. Values of the wrong type are left alone for
 * the rules to report. The admission webhook uses this for mutation, and it shows what a stored
 * object will look like.
 */
public final class KarpenterDefaults {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private KarpenterDefaults() {
    }

    /**
     * A deep copy of {@code object} with the CRD defaults applied, chosen by apiVersion and kind;
     * other kinds come back as an unchanged copy, and anything that is not a JSON object as an
     * empty object.
     */
    public static ObjectNode withDefaults(JsonNode object) {
        if (object == null || !object.isObject()) {
            return JSON.objectNode();
        }
        ObjectNode copy = ((ObjectNode) object).deepCopy();
        CrdKind kind = CrdKind.of(Checks.text(copy.get("apiVersion")), Checks.text(copy.get("kind")));
        ObjectNode spec = objectAt(copy, "spec");
        if (spec == null || kind == null) {
            return copy;
        }
        if (kind == CrdKind.NODE_POOL) {
            nodePool(spec);
        } else {
            ec2NodeClass(spec);
        }
        return copy;
    }

    private static void nodePool(ObjectNode spec) {
        if (isAbsent(spec, "disruption")) {
            spec.set("disruption", JSON.objectNode().put("consolidateAfter", "0s"));
        }
        ObjectNode disruption = objectAt(spec, "disruption");
        if (disruption != null) {
            if (isAbsent(disruption, "budgets")) {
                disruption.set("budgets", JSON.arrayNode().add(JSON.objectNode().put("nodes", "10%")));
            }
            JsonNode budgets = disruption.get("budgets");
            if (budgets.isArray()) {
                for (JsonNode budget : (ArrayNode) budgets) {
                    if (budget.isObject() && isAbsent(budget, "nodes")) {
                        ((ObjectNode) budget).put("nodes", "10%");
                    }
                }
            }
            if (isAbsent(disruption, "consolidationPolicy")) {
                disruption.put("consolidationPolicy", "WhenEmptyOrUnderutilized");
            }
        }
        ObjectNode template = objectAt(spec, "template");
        ObjectNode templateSpec = template == null ? null : objectAt(template, "spec");
        if (templateSpec != null && isAbsent(templateSpec, "expireAfter")) {
            templateSpec.put("expireAfter", "720h");
        }
    }

    private static void ec2NodeClass(ObjectNode spec) {
        if (isAbsent(spec, "metadataOptions")) {
            spec.set("metadataOptions", JSON.objectNode());
        }
        ObjectNode options = objectAt(spec, "metadataOptions");
        if (options == null) {
            return;
        }
        if (isAbsent(options, "httpEndpoint")) {
            options.put("httpEndpoint", "enabled");
        }
        if (isAbsent(options, "httpProtocolIPv6")) {
            options.put("httpProtocolIPv6", "disabled");
        }
        if (isAbsent(options, "httpPutResponseHopLimit")) {
            options.put("httpPutResponseHopLimit", 1);
        }
        if (isAbsent(options, "httpTokens")) {
            options.put("httpTokens", "required");
        }
    }

    private static boolean isAbsent(JsonNode parent, String field) {
        return !Checks.present(parent.get(field));
    }

    private static ObjectNode objectAt(JsonNode parent, String field) {
        JsonNode v = parent.get(field);
        return v != null && v.isObject() ? (ObjectNode) v : null;
    }
}
