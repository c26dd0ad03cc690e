package dev.jig.webhook.rules;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.namespace.NamespaceLabels;
import dev.jig.webhook.node.NodeClaimWriters;
import dev.jig.webhook.node.NodeTenancyLabels;
import dev.jig.webhook.pod.EphemeralContainers;
import dev.jig.webhook.pod.NodeBinding;
import dev.jig.webhook.pod.PodDefaults;
import dev.jig.webhook.pod.PodIsolation;
import dev.jig.webhook.pool.PoolAdmission;
import dev.jig.webhook.pool.PoolDefaults;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.Optional;
import java.util.function.Function;

/**
 * The webhook's pure core: routes a request to its rules by resource and returns the decision.
 * No I/O, no clock, no shared state: the same request and view always give the same answer, so
 * every rule is tested without a server.
 * <p>Before the tenancy view has synced ({@code view} empty) every request that needs it is
 * refused ({@link Rule#TENANCY_NOT_SYNCED}): without the view the webhook cannot tell a tenant's
 * namespace from another, and admitting a pod or pool it cannot judge would open the isolation
 * it exists to keep. This is what the cluster would do anyway — the webhook reports not ready,
 * so the API server cannot reach it, and {@code failurePolicy: Fail} refuses — said with a
 * reason. Requests in the exempt system namespaces never depend on the view, so the webhook's
 * own namespace, kube-system and the ConfigMap's namespace stay writable. Pool mutation needs no
 * view and always runs, and so does a Node UPDATE that changes no label (a kubelet's status report
 * or a cordon cannot move a node into a tenant, so it need not wait for the view), and so do a
 * NodeClaim write by a node labeller and a NodeClaim UPDATE that changes neither labels nor spec.
 */
public final class WebhookRules {

    private final WebhookSettings settings;

    public WebhookRules(WebhookSettings settings) {
        this.settings = settings;
    }

    public WebhookSettings settings() {
        return settings;
    }

    /** The validating webhook's decision. */
    public Decision validate(AdmissionInput in, Optional<TenancyView> view) {
        return switch (target(in)) {
            case EXEMPT -> Decision.allow();
            case POD -> withView(view, v -> PodIsolation.validate(in, v));
            case BINDING -> withView(view, v -> NodeBinding.validate(in, v));
            case EPHEMERAL -> withView(view, v -> EphemeralContainers.validate(in, v));
            case NAMESPACE -> withView(view, v -> NamespaceLabels.validate(in, v));
            case NODE -> view.map(v -> NodeTenancyLabels.validate(in, v, settings))
                    .orElseGet(() -> NodeTenancyLabels.labelsUnchanged(in) ? Decision.allow() : notSynced());
            case POOL -> withView(view, v -> PoolAdmission.validate(in, v, settings));
            case NODE_CLAIM -> NodeClaimWriters.validate(in, view, settings).orElseGet(WebhookRules::notSynced);
        };
    }

    /** The mutating webhook's decision: a patch, or a refusal when a tenant's pod cannot be steered yet. */
    public Decision mutate(AdmissionInput in, Optional<TenancyView> view) {
        Target target = target(in);
        return switch (target) {
            case POD -> view.map(v -> PodDefaults.mutate(in, v)).orElseGet(WebhookRules::notSynced);
            case POOL -> PoolDefaults.mutate(in, settings, view);
            default -> Decision.allow();
        };
    }

    /** The rule's decision, or {@link Rule#TENANCY_NOT_SYNCED} while there is no view. */
    private static Decision withView(Optional<TenancyView> view, Function<TenancyView, Decision> rule) {
        return view.map(rule).orElseGet(WebhookRules::notSynced);
    }

    private static Decision notSynced() {
        return Decision.deny(Rule.TENANCY_NOT_SYNCED, "no tenancy view yet");
    }

    /** What a request is about; {@code EXEMPT}: a pod or namespace in the exempt system namespaces. */
    private enum Target {
        POD, BINDING, EPHEMERAL, NAMESPACE, NODE, NODE_CLAIM, POOL, EXEMPT
    }

    private Target target(AdmissionInput in) {
        String path = in.group() + "/" + in.resourcePath();
        switch (path) {
            case "/pods", "/pods/binding", "/bindings", "/pods/ephemeralcontainers" -> {
                if (settings.isExempt(in.namespace())) return Target.EXEMPT;
                return switch (path) {
                    case "/pods" -> Target.POD;
                    case "/pods/ephemeralcontainers" -> Target.EPHEMERAL;
                    default -> Target.BINDING; // pods/binding and the legacy bindings resource carry the same Binding
                };
            }
            case "/namespaces" -> {
                String name = in.object().path("metadata").path("name").asText(in.name());
                return settings.isExempt(name) ? Target.EXEMPT : Target.NAMESPACE;
            }
            case "/nodes", "/nodes/status" -> {
                return Target.NODE;
            }
            case ApiGroups.KARPENTER + "/nodepools", ApiGroups.KARPENTER_AWS + "/ec2nodeclasses" -> {
                return Target.POOL;
            }
            case ApiGroups.KARPENTER + "/nodeclaims" -> {
                return Target.NODE_CLAIM;
            }
            default -> throw new UnknownResourceException("no rules for resource '" + path
                    + "'; the webhook handles pods (and pods/binding, pods/ephemeralcontainers), bindings, namespaces, nodes (and nodes/status),"
                    + " karpenter.sh nodepools and nodeclaims, and karpenter.k8s.aws ec2nodeclasses");
        }
    }
}
