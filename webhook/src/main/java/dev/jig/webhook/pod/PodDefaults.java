package dev.jig.webhook.pod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.tenancy.TenancyView;

/**
 * Steers a tenant's new pod to its tenant's nodes with a JSON patch: the nodeSelector entry
 * {@code <node key>: <tenant>} — a nodeSelector entry is ANDed with everything else the pod
 * asks for, whereas an added nodeSelectorTerm would be ORed with the pod's own terms and open a
 * way around it — and, for a dedicated tenant, the toleration of its taint. Idempotent, as
 * {@code reinvocationPolicy: IfNeeded} requires: nothing is added twice. A pod that already
 * selects another tenant is left alone for the validating webhook to refuse with a clear message.
 * Only CREATE is patched: the API server forbids changing a pod's nodeSelector afterwards.
 * <p>The nodeSelector entry names the node key ({@link TenancyView#nodeKey()}, under
 * {@code node-restriction.kubernetes.io}, which no kubelet can set on its own Node); the taint keeps
 * the tenancy key. A pod of no tenant is steered away from every tenant's nodes instead
 * ({@link NoTenantAffinity}).
 */
public final class PodDefaults {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private PodDefaults() {
    }

    public static Decision mutate(AdmissionInput in, TenancyView view) {
        if (in.operation() != Operation.CREATE || !in.subResource().isEmpty()) return Decision.allow();
        TenantEntry tenant = view.tenantOfNamespace(in.namespace()).orElse(null);
        if (tenant == null) return Decision.patch(NoTenantAffinity.patch(in.object(), view.nodeKeys()));
        String key = view.tenancyKey();
        String nodeKey = view.nodeKey();
        JsonNode spec = in.object().path("spec");
        ArrayNode patch = JSON.arrayNode();
        JsonNode selector = spec.get("nodeSelector");
        if (selector == null || selector.isNull()) {
            patch.addObject().put("op", "add").put("path", "/spec/nodeSelector").set("value", JSON.objectNode().put(nodeKey, tenant.name()));
        } else if (selector.isObject() && !selector.has(nodeKey)) {
            patch.addObject().put("op", "add").put("path", "/spec/nodeSelector/" + escape(nodeKey)).put("value", tenant.name());
        }
        if (tenant.dedicated() && !tolerates(spec.path("tolerations"), key, tenant.name())) {
            ObjectNode toleration = JSON.objectNode().put("key", key).put("operator", "Equal").put("value", tenant.name()).put("effect", "NoSchedule");
            JsonNode tolerations = spec.get("tolerations");
            if (tolerations == null || tolerations.isNull()) {
                patch.addObject().put("op", "add").put("path", "/spec/tolerations").set("value", JSON.arrayNode().add(toleration));
            } else if (tolerations.isArray()) {
                patch.addObject().put("op", "add").put("path", "/spec/tolerations/-").set("value", toleration);
            }
        }
        return Decision.patch(patch);
    }

    private static boolean tolerates(JsonNode tolerations, String key, String tenant) {
        for (JsonNode t : tolerations) {
            String effect = t.path("effect").asText("");
            if (t.path("key").asText("").equals(key) && t.path("operator").asText("Equal").equals("Equal")
                    && t.path("value").asText("").equals(tenant) && (effect.isEmpty() || effect.equals("NoSchedule"))) {
                return true;
            }
        }
        return false;
    }

    /** RFC 6901 escaping of one path segment. */
    static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }
}
