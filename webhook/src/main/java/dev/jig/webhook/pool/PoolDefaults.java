package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.rules.KarpenterDefaults;
import dev.jig.api.tenancy.PlatformDefaults;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.tenancy.TenancyView;
import io.fabric8.zjsonpatch.JsonDiff;
import java.util.Optional;

/**
 * Fills in what a NodePool or EC2NodeClass leaves out, as a JSON patch: the Karpenter CRD defaults
 * ({@link KarpenterDefaults#withDefaults}: {@code consolidateAfter}, IMDSv2 and the rest, stated
 * there only), where the platform's own take precedence — a NodePool's node lifetime
 * ({@code spec.template.spec.expireAfter}) and disruption budgets from the {@link PlatformDefaults}
 * the tenancy ConfigMap publishes (else the configured fallback in {@link WebhookSettings}), and an
 * EC2NodeClass's encrypted EBS volumes ({@code ebs.encrypted: true} on every block device mapping
 * that does not say). Fields the object sets are never changed. Compiled objects carry every
 * default already, so their patch is empty and their content hash stays valid; a hand-made object
 * is defaulted and then refused by validation anyway unless it is on the break-glass list.
 * Defaulting runs on CREATE and on UPDATEs that change the content, never on a metadata- or
 * status-only UPDATE ({@link PoolUpdate#contentUnchanged}): Karpenter adding its finalizer to an
 * object written before a default existed must not change that object's content.
 */
public final class PoolDefaults {

    private PoolDefaults() {
    }

    /** The patch for {@code in}; {@code view} supplies the platform defaults when it has them (none needed otherwise). */
    public static Decision mutate(AdmissionInput in, WebhookSettings settings, Optional<TenancyView> view) {
        if ((in.operation() != Operation.CREATE && in.operation() != Operation.UPDATE) || !in.object().isObject()
                || PoolUpdate.contentUnchanged(in)) {
            return Decision.allow();
        }
        ObjectNode defaulted = KarpenterDefaults.withDefaults(in.object());
        ObjectNode spec = object(defaulted, "spec");
        if (spec != null) {
            switch (defaulted.path("kind").asText("")) {
                case "NodePool" -> nodePool(in.object().path("spec"), spec, settings, view.flatMap(v -> v.tenancy().platformDefaults()));
                case "EC2NodeClass" -> ec2NodeClass(spec);
                default -> {
                    return Decision.allow();
                }
            }
        }
        return Decision.patch((ArrayNode) JsonDiff.asJson(in.object(), defaulted));
    }

    /**
     * Replaces Karpenter's defaults in {@code spec} with the platform's, for the fields the request's
     * own spec ({@code requested}) leaves out; in place, so the fields keep the CRD's order.
     */
    private static void nodePool(JsonNode requested, ObjectNode spec, WebhookSettings settings, Optional<PlatformDefaults> published) {
        String expireAfter = published.map(PlatformDefaults::expireAfter).orElse(settings.expireAfter());
        ArrayNode budgets = published.map(PlatformDefaults::budgets).orElse(settings.budgetsCopy());
        ObjectNode templateSpec = object(object(spec, "template"), "spec");
        if (expireAfter != null && templateSpec != null && absent(requested.path("template").path("spec"), "expireAfter")) {
            templateSpec.put("expireAfter", expireAfter);
        }
        ObjectNode disruption = object(spec, "disruption");
        if (budgets != null && disruption != null && absent(requested.path("disruption"), "budgets")) {
            disruption.set("budgets", budgets);
        }
    }

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
