package dev.jig.webhook.pod;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps pods on their own tenant's nodes. A pod's tenant is the tenant whose namespace it is in,
 * by the tenancy ConfigMap, never by a label the tenant could edit; a pod in a namespace of no
 * tenant (outside the exempt system namespaces) has no tenant, and every tenant is foreign to it.
 * <p>CREATE is refused for any isolation finding (tolerations, node selection, pod affinity scope,
 * {@code spec.nodeName}) and, for a tenant's pod, when its tenant's nodeSelector entry is missing.
 * UPDATE (including the {@code ephemeralcontainers} subresource) is refused only for findings the
 * old object did not have, so pods admitted before the webhook existed can still be updated but
 * nothing can be added to them.
 */
public final class PodIsolation {

    private PodIsolation() {
    }

    public static Decision validate(AdmissionInput in, TenancyView view) {
        Optional<TenantEntry> tenant = view.tenantOfNamespace(in.namespace());
        List<Finding> found = findings(in.object(), tenant.orElse(null), view);
        if (in.operation() == Operation.CREATE) {
            tenant.ifPresent(t -> {
                String selected = in.object().path("spec").path("nodeSelector").path(view.nodeKey()).asText("");
                if (selected.isEmpty()) {
                    found.add(new Finding(Rule.POD_TENANT_SELECTOR_MISSING, "spec.nodeSelector has no '" + view.nodeKey()
                            + ": " + t.name() + "' entry"));
                }
            });
            return Decision.deny(found);
        }
        if (in.operation() == Operation.UPDATE) {
            Set<Finding> added = new LinkedHashSet<>(found);
            added.removeAll(findings(in.oldObject(), tenant.orElse(null), view));
            return Decision.deny(List.copyOf(added));
        }
        return Decision.allow();
    }

    /** Every isolation finding of a pod object for a pod of {@code tenant} (null: no tenant). */
    static List<Finding> findings(JsonNode pod, TenantEntry tenant, TenancyView view) {
        List<Finding> out = new ArrayList<>();
        JsonNode spec = pod.path("spec");
        String own = tenant == null ? null : tenant.name();
        Tolerations.check(spec, view.tenancyKey(), own, out);
        new NodeTargets(view, own, out).check(spec);
        PodAffinityScope.check(spec, tenant, view, out);
        String nodeName = spec.path("nodeName").asText("");
        if (!nodeName.isEmpty()) {
            NodeBinding.check("spec.nodeName", nodeName, own, view).ifPresent(out::add);
        }
        return out;
    }
}
