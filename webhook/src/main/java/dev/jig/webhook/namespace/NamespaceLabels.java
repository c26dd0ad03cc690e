package dev.jig.webhook.namespace;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.TenancyLabel;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Guards a namespace's tenant label. Only {@code labelAdmins} (the GitOps service account, by user
 * name or group) may add, change or remove it, and whoever sets it must set the tenant that lists
 * the namespace in the tenancy ConfigMap. Pods never take their tenant from this label (the
 * webhook resolves it from the ConfigMap by namespace name), so the label cannot move a namespace
 * into another tenant; it is guarded because namespace selectors of other tools (network
 * policies, pod affinity terms) trust it. Changes that leave the label alone pass. The label's
 * presence counts, not only its value: adding it with an empty value, or emptying it, is a change
 * like any other (an empty value selects differently from an absent label in every selector).
 * <p>Creating a namespace the tenancy ConfigMap assigns to a tenant also needs a label admin,
 * labelled or not: pods take their tenant from the ConfigMap by namespace name, so whoever
 * creates {@code payments} first (squatting it before GitOps does) would otherwise own a
 * namespace whose pods the webhook steers onto the tenant's dedicated nodes.
 */
public final class NamespaceLabels {

    private NamespaceLabels() {
    }

    public static Decision validate(AdmissionInput in, TenancyView view) {
        if (in.operation() != Operation.CREATE && in.operation() != Operation.UPDATE) return Decision.allow();
        String key = view.tenancyKey();
        String name = in.object().path("metadata").path("name").asText(in.name());
        Optional<String> before = TenancyLabel.of(in.oldObject(), key);
        Optional<String> after = TenancyLabel.of(in.object(), key);
        String owner = view.tenantOfNamespace(name).map(TenantEntry::name).orElse("");
        boolean admin = in.user().isAnyOf(view.tenancy().labelAdmins());
        if (in.operation() == Operation.CREATE && !owner.isEmpty() && !admin) {
            return Decision.deny(Rule.NAMESPACE_LABEL_NOT_ADMIN, "user '" + in.user().username() + "' creates namespace '" + name
                    + "', which the tenancy ConfigMap assigns to tenant '" + owner + "'; only label admins create tenant namespaces");
        }
        if (before.equals(after)) return Decision.allow();
        List<Finding> out = new ArrayList<>();
        if (!admin) {
            out.add(new Finding(Rule.NAMESPACE_LABEL_NOT_ADMIN, "user '" + in.user().username() + "' "
                    + TenancyLabel.describe(key, before, after) + " on namespace '" + name + "'"));
        }
        if (after.isPresent() && (owner.isEmpty() || !after.get().equals(owner))) {
            out.add(new Finding(Rule.NAMESPACE_LABEL_MISMATCH, "namespace '" + name + "' labelled " + key + "=\"" + after.get() + "\""
                    + (owner.isEmpty() ? " but no tenant lists it" : " but tenant '" + owner + "' lists it")));
        }
        return Decision.deny(out);
    }
}
