package dev.jig.webhook.admission;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.jig.api.tenancy.PrincipalName;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The webhook's own configuration that rules depend on (the rest comes from the tenancy view):
 *
 * @param breakGlass NodePools and EC2NodeClasses admitted without provenance (each admission is logged as an audit
 *     line), as kind-qualified entries {@code NodePool/<name>} or {@code EC2NodeClass/<name>}; meant for emergencies,
 *     emptied again afterwards. A bare {@code <name>} (the form before entries were kind-qualified) is still read for
 *     one release, as {@code NodePool/<name>} only: it never admits an EC2NodeClass of that name. An entry of any other
 *     form is refused (the webhook does not start, exit 2), so a typo never widens or silently drops a grant.
 * @param exemptNamespaces namespaces whose pods and labels no rule touches, by
 *     {@code kubernetes.io/metadata.name} (which the API server sets from the name, so a tenant
 *     cannot forge it); the webhook configurations exclude the same list
 * @param expireAfter fallback node lifetime for NodePools that set none, or null. The platform
 *     defaults come from the tenancy ConfigMap ({@link dev.jig.api.tenancy.PlatformDefaults}); this
 *     fallback is used only while the tenancy view publishes none (no view yet, or a ConfigMap
 *     written before they were published). Null: Karpenter's CRD default applies.
 * @param budgets fallback disruption budgets for NodePools that set none, or null; as {@code expireAfter}
 * @param nodeLabellers the node controllers that put a node's tenant label on it at registration (Jig's controller,
 *     Karpenter), as {@link dev.jig.api.tenancy.PrincipalName} entries: besides the label admins, only they may
 *     change a Node's tenancy label
 */
public record WebhookSettings(Set<String> breakGlass, Set<String> exemptNamespaces, String expireAfter, ArrayNode budgets,
                              List<String> nodeLabellers) {

    private static final String NODE_POOL = "NodePool";
    private static final Set<String> BREAK_GLASS_KINDS = Set.of(NODE_POOL, "EC2NodeClass");
    public static final Set<String> DEFAULT_EXEMPT = Set.of("kube-system", "kube-public", "kube-node-lease", "jig-system", "cert-manager", "argocd");
    /**
     * Jig's controller and Karpenter, by their service accounts in the deployments Jig ships and in the two namespaces
     * Karpenter's chart is usually installed into.
     */
    public static final List<String> DEFAULT_NODE_LABELLERS = List.of("system:serviceaccount:jig-system:jig-controller",
            "system:serviceaccount:kube-system:karpenter", "system:serviceaccount:karpenter:karpenter");

    public WebhookSettings {
        breakGlass = breakGlass.stream().map(WebhookSettings::breakGlassEntry).collect(Collectors.toUnmodifiableSet());
        exemptNamespaces = Set.copyOf(exemptNamespaces);
        budgets = budgets == null ? null : budgets.deepCopy();
        nodeLabellers = List.copyOf(nodeLabellers);
        for (String p : nodeLabellers) {
            if (PrincipalName.parse(p).isEmpty()) {
                throw new IllegalArgumentException("node labeller '" + p + "' is neither system:serviceaccount:<namespace>:<name>,"
                        + " user:<name> nor group:<name>");
            }
        }
    }

    /** Settings with the default node labellers. */
    public WebhookSettings(Set<String> breakGlass, Set<String> exemptNamespaces, String expireAfter, ArrayNode budgets) {
        this(breakGlass, exemptNamespaces, expireAfter, budgets, DEFAULT_NODE_LABELLERS);
    }

    /** No break-glass names, the Kubernetes system namespaces and {@code jig-system} exempt, no fallback pool defaults. */
    public static WebhookSettings defaults() {
        return new WebhookSettings(Set.of(), DEFAULT_EXEMPT, null, null);
    }

    public WebhookSettings withBreakGlass(Set<String> names) {
        return new WebhookSettings(names, exemptNamespaces, expireAfter, budgets, nodeLabellers);
    }

    public WebhookSettings withExemptNamespaces(Set<String> namespaces) {
        return new WebhookSettings(breakGlass, namespaces, expireAfter, budgets, nodeLabellers);
    }

    public WebhookSettings withNodeLabellers(List<String> principals) {
        return new WebhookSettings(breakGlass, exemptNamespaces, expireAfter, budgets, principals);
    }

    /** Whether the break-glass list names this object, by kind and name. */
    public boolean isBreakGlass(String kind, String name) {
        return breakGlass.contains(kind + "/" + name);
    }

    /** An entry as {@code <kind>/<name>}: a bare name is a NodePool's; any kind but the two pool kinds is refused. */
    private static String breakGlassEntry(String entry) {
        int slash = entry.indexOf('/');
        String kind = slash < 0 ? NODE_POOL : entry.substring(0, slash);
        String name = entry.substring(slash + 1);
        if (!BREAK_GLASS_KINDS.contains(kind) || name.isEmpty() || name.contains("/")) {
            throw new IllegalArgumentException("break-glass entry '" + entry + "' is neither NodePool/<name> nor EC2NodeClass/<name>"
                    + " (a bare <name> is read as NodePool/<name>)");
        }
        return kind + "/" + name;
    }

    public boolean isExempt(String namespace) {
        return exemptNamespaces.contains(namespace);
    }

    /** A copy of the fallback budgets, to put into a patched object; null when there are none. */
    public ArrayNode budgetsCopy() {
        return budgets == null ? null : budgets.deepCopy();
    }
}
