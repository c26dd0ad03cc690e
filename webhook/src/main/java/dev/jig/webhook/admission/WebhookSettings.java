package dev.jig.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Set;

/**
 * The webhook's own configuration that rules depend on (the rest comes from the tenancy view):
 *
 * @param breakGlass names of NodePools and EC2NodeClasses admitted without provenance (each
 *     admission is logged as an audit line); meant for emergencies, emptied again afterwards
 * @param exemptNamespaces namespaces whose pods and labels no rule touches, by
 *     {@code kubernetes.io/metadata.name} (which the API server sets from the name, so a tenant
 *     cannot forge it); the webhook configurations exclude the same list
 * @param expireAfter platform default node lifetime for NodePools that set none
 * @param budgets platform default disruption budgets for NodePools that set none
 */
public record WebhookSettings(Set<String> breakGlass, Set<String> exemptNamespaces, String expireAfter, ArrayNode budgets) {

    public static final Set<String> DEFAULT_EXEMPT = Set.of("kube-system", "kube-public", "kube-node-lease", "jig-system");

    public WebhookSettings {
        breakGlass = Set.copyOf(breakGlass);
        exemptNamespaces = Set.copyOf(exemptNamespaces);
        budgets = budgets.deepCopy();
    }

    /** No break-glass names, the Kubernetes system namespaces and {@code jig-system} exempt, Karpenter's own defaults. */
    public static WebhookSettings defaults() {
        ArrayNode budgets = JsonNodeFactory.instance.arrayNode();
        budgets.addObject().put("nodes", "10%");
        return new WebhookSettings(Set.of(), DEFAULT_EXEMPT, "720h", budgets);
    }

    public WebhookSettings withBreakGlass(Set<String> names) {
        return new WebhookSettings(names, exemptNamespaces, expireAfter, budgets);
    }

    public boolean isExempt(String namespace) {
        return exemptNamespaces.contains(namespace);
    }

    /** A copy of the default budgets, to put into a patched object. */
    public JsonNode budgetsCopy() {
        return budgets.deepCopy();
    }
}
