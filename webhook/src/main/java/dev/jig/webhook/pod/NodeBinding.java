package dev.jig.webhook.pod;

import dev.jig.compiler.diag.Rule;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Denial;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.Optional;

/**
 * Pods put directly on a node, by {@code spec.nodeName} or by a {@code pods/binding} (the
 * scheduler's call, which a user with the right can make too). A tenant's pod may only go to a
 * node labelled for its tenant; a node the view does not know yet is refused (the scheduler
 * retries the binding once the Node informer has seen it). A pod of no tenant may go anywhere
 * but to a tenant's node.
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

    static Optional<Denial> check(String where, String node, String tenant, TenancyView view) {
        Optional<String> nodeTenant = view.tenantOfNode(node);
        if (tenant != null) {
            if (nodeTenant.isEmpty()) {
                return Optional.of(new Denial(Rule.POD_FOREIGN_NODE, where + " '" + node + "' is not a known node of tenant '" + tenant + "'"));
            }
            if (!nodeTenant.get().equals(tenant)) {
                return Optional.of(new Denial(Rule.POD_FOREIGN_NODE, where + " '" + node + "' belongs to "
                        + (nodeTenant.get().isEmpty() ? "no tenant" : "tenant '" + nodeTenant.get() + "'") + ", not to tenant '" + tenant + "'"));
            }
            return Optional.empty();
        }
        if (nodeTenant.isPresent() && !nodeTenant.get().isEmpty()) {
            return Optional.of(new Denial(Rule.POD_FOREIGN_NODE, where + " '" + node + "' belongs to tenant '" + nodeTenant.get() + "'"));
        }
        return Optional.empty();
    }
}
