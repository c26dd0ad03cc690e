package dev.jig.webhook.node;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.TenancyLabel;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Guards a Node's tenancy labels on UPDATE (of {@code nodes} and of {@code nodes/status}, which can change labels
 * too): only the label admins and the node labellers (Jig's controller and Karpenter, whose registration copies a
 * NodeClaim's labels onto its Node) may add, change or remove one, whatever the value, an empty one included.
 * The labels guarded are the node key, the legacy tenancy key and {@link WellKnownLabels#NODE_TENANT}, whichever
 * the tenancy in force steers to: a kubelet, or anyone allowed to patch Nodes, that relabels a node into another
 * tenant would draw that tenant's pods onto it. The NodeRestriction admission plugin already keeps kubelets off
 * {@code node-restriction.kubernetes.io} labels; this rule also covers the legacy key and other users. CREATE is
 * not judged: a kubelet registers its Node with the labels its pool gave it.
 */
public final class NodeTenancyLabels {

    private NodeTenancyLabels() {
    }

    /** Whether the UPDATE leaves every label as it was; such a request is judged without the tenancy view. */
    public static boolean labelsUnchanged(AdmissionInput in) {
        return in.object().path("metadata").path("labels").equals(in.oldObject().path("metadata").path("labels"));
    }

    public static Decision validate(AdmissionInput in, TenancyView view, WebhookSettings settings) {
        if (in.operation() != Operation.UPDATE) return Decision.allow();
        if (in.user().isAnyOf(view.tenancy().labelAdmins()) || in.user().isAnyOf(settings.nodeLabellers())) return Decision.allow();
        Set<String> keys = new LinkedHashSet<>(view.nodeKeys());
        keys.add(WellKnownLabels.NODE_TENANT);
        List<Finding> out = new ArrayList<>();
        for (String key : keys) {
            Optional<String> before = TenancyLabel.of(in.oldObject(), key);
            Optional<String> after = TenancyLabel.of(in.object(), key);
            if (!before.equals(after)) {
                out.add(new Finding(Rule.NODE_TENANT_LABEL_NOT_ALLOWED, "user '" + in.user().username() + "' "
                        + TenancyLabel.describe(key, before, after) + " on node '" + in.name() + "'"));
            }
        }
        return Decision.deny(out);
    }
}
