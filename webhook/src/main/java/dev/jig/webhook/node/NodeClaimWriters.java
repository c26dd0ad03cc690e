package dev.jig.webhook.node;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.Locale;
import java.util.Optional;

/**
 * Guards Karpenter's {@code karpenter.sh/v1} NodeClaims. Karpenter's registration copies a NodeClaim's labels onto its
 * Node, the node key {@code node-restriction.kubernetes.io/jig-tenant} included, with its taints; so whoever writes a
 * NodeClaim chooses a node's tenant, which only the node labellers (Jig's controller, Karpenter) and the label admins
 * may do. Anyone else may neither create a NodeClaim nor change its labels or its {@code spec} (taints, startup
 * taints, requirements, {@code nodeClassRef}) on UPDATE; an UPDATE that leaves both as they were (status,
 * finalizers, annotations) is admitted, whoever sends it, and without the tenancy view, so a claim is never stuck.
 * Any other operation is judged as a write: the webhook is configured for CREATE and UPDATE only, so anything else
 * reaching it is unexpected, and refused unless a labeller or admin sends it.
 */
public final class NodeClaimWriters {

    private NodeClaimWriters() {
    }

    /** An UPDATE that changes neither labels nor spec: judged without the tenancy view, and admitted. */
    public static boolean claimUnchanged(AdmissionInput in) {
        return in.operation() == Operation.UPDATE && in.oldObject().isObject()
                && same(in, "/metadata/labels") && same(in, "/spec");
    }

    /** The decision, or empty when it needs the tenancy view (to know the label admins) and there is none. */
    public static Optional<Decision> validate(AdmissionInput in, Optional<TenancyView> view, WebhookSettings settings) {
        if (claimUnchanged(in) || in.user().isAnyOf(settings.nodeLabellers())) return Optional.of(Decision.allow());
        if (view.isEmpty()) return Optional.empty();
        if (in.user().isAnyOf(view.get().tenancy().labelAdmins())) return Optional.of(Decision.allow());
        String what = switch (in.operation()) {
            case CREATE -> "creates";
            case UPDATE -> "changes the labels or spec of";
            default -> in.operation().name().toLowerCase(Locale.ROOT) + "s";
        };
        return Optional.of(Decision.deny(Rule.NODECLAIM_NOT_ALLOWED, "user '" + in.user().username() + "' " + what + " NodeClaim '"
                + in.name() + "'; only the node labellers (--node-labellers) and the tenancy ConfigMap's labelAdmins write NodeClaims"));
    }

    private static boolean same(AdmissionInput in, String pointer) {
        JsonNode after = in.object().at(pointer);
        JsonNode before = in.oldObject().at(pointer);
        return after.equals(before);
    }
}
