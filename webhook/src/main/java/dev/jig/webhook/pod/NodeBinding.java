package dev.jig.webhook.pod;

import dev.jig.api.diag.Rule;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.Optional;

/**
 * Pods put directly on a node, by {@code spec.nodeName} or by a {@code pods/binding} (the
 * scheduler's call, which a user with the right can make too). A tenant's pod may only go to a
 * node labelled for its tenant. A node the view does not know yet is refused for every pod in
 * scope, tenant or not (the scheduler retries the binding once the Node informer has seen it):
 * otherwise a pod of no tenant could name a node before it registers and land on it once it
 * turns out to be a dedicated tenant's. A pod of no tenant may go to any known node but a
 * tenant's.
 */
public final class NodeBinding {

    private NodeBinding() {
    }

    /** {@code pods/binding} CREATE: the Binding's {@code target.name} against the namespace's tenant. */
    public static Decision validate(AdmissionInput in, TenancyView view) {
        String node = in.object().path("target").path("name").asText("");
        String own = view.tenantOfNamespace(in.namespace()).map(t -> t.name()).orElse(null);
        return check("binding target", node, own, view).map(d -> Decision.deny(java.util.List.of(d))).orElse(Decision.allow());
    }

    static Optional<Finding> check(String where, String node, String tenant, TenancyView view) {
        Optional<String> nodeTenant = view.tenantOfNode(node);
        if (nodeTenant.isEmpty()) {
            return Optional.of(new Finding(Rule.POD_FOREIGN_NODE, where + " '" + node + "' is not a known node"
                    + (tenant == null ? "" : " of tenant '" + tenant + "'") + "; the scheduler retries once the node is registered"));
        }
        String owner = nodeTenant.get();
        if (tenant != null && !owner.equals(tenant)) {
            return Optional.of(new Finding(Rule.POD_FOREIGN_NODE, where + " '" + node + "' belongs to "
                    + (owner.isEmpty() ? "no tenant" : "tenant '" + owner + "'") + ", not to tenant '" + tenant + "'"));
        }
        if (tenant == null && !owner.isEmpty()) {
            return Optional.of(new Finding(Rule.POD_FOREIGN_NODE, where + " '" + node + "' belongs to tenant '" + owner + "'"));
        }
        return Optional.empty();
    }
}
