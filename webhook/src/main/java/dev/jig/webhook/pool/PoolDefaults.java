package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.rules.KarpenterDefaults;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import io.fabric8.zjsonpatch.JsonDiff;

/**
 * Fills in what a NodePool or EC2NodeClass leaves out, as a JSON patch: first the platform
 * defaults — a NodePool's node lifetime ({@code spec.template.spec.expireAfter}) and disruption
 * budgets, an EC2NodeClass's IMDSv2 ({@code metadataOptions.httpTokens: required}) and encrypted
 * EBS volumes ({@code ebs.encrypted: true} on every block device mapping that does not say) — then
 * the Karpenter CRD defaults ({@link KarpenterDefaults#withDefaults}). Fields the object sets are
 * never changed. Compiled objects carry every default already, so their patch is empty and their
 * content hash stays valid; a hand-made object is defaulted and then refused by validation
 * anyway unless it is on the break-glass list.
 */
public final class PoolDefaults {

    private PoolDefaults() {
    }

    public static Decision mutate(AdmissionInput in, WebhookSettings settings) {
        if ((in.operation() != Operation.CREATE && in.operation() != Operation.UPDATE) || !in.object().isObject()) {
            return Decision.allow();
        }
        ObjectNode defaulted = in.object().deepCopy();
        ObjectNode spec = object(defaulted, "spec");
        if (spec != null) {
            switch (defaulted.path("kind").asText("")) {
                case "NodePool" -> nodePool(spec, settings);
                case "EC2NodeClass" -> ec2NodeClass(spec);
                default -> {
                    return Decision.allow();
                }
            }
        }
        return Decision.patch((ArrayNode) JsonDiff.asJson(in.object(), KarpenterDefaults.withDefaults(defaulted)));
    }

    private static void nodePool(ObjectNode spec, WebhookSettings settings) {
        ObjectNode templateSpec = object(object(spec, "template"), "spec");
        if (templateSpec != null && absent(templateSpec, "expireAfter")) {
            templateSpec.put("expireAfter", settings.expireAfter());
        }
        if (absent(spec, "disruption")) {
            // Created here so the platform budgets go in before Karpenter's default budget would;
            // the CRD's object default for disruption is {consolidateAfter: 0s}.
            spec.putObject("disruption").put("consolidateAfter", "0s");
        }
        ObjectNode disruption = object(spec, "disruption");
        if (disruption != null && absent(disruption, "budgets")) {
            disruption.set("budgets", settings.budgetsCopy());
        }
    }

    /** IMDSv2 ({@code httpTokens: required}) is the CRD's own default, applied by {@link KarpenterDefaults}. */
    private static void ec2NodeClass(ObjectNode spec) {
        for (JsonNode mapping : spec.path("blockDeviceMappings")) {
            ObjectNode ebs = object(mapping, "ebs");
            if (ebs != null && absent(ebs, "encrypted")) {
                ebs.put("encrypted", true);
            }
        }
    }

    private static boolean absent(JsonNode parent, String field) {
        JsonNode v = parent.get(field);
        return v == null || v.isNull();
    }

    private static ObjectNode object(JsonNode parent, String field) {
        if (parent == null) return null;
        JsonNode v = parent.get(field);
        return v != null && v.isObject() ? (ObjectNode) v : null;
    }
}
