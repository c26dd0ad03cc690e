package dev.jig.webhook.tenancy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.api.tenancy.Tenancy;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the rules know about the cluster: the tenancy ConfigMap (who owns which namespaces
 * and NodePools, quotas, the tenancy key), the Nodes (node name → the tenant its tenancy label
 * names) and the NodePools currently in the cluster (for quota sums and for the labels each
 * tenant's pools put on their nodes). Immutable: the adapter that watches the cluster builds a
 * new view on every change and swaps it in, so a request sees one consistent snapshot.
 */
public final class TenancyView {

    private final Tenancy tenancy;
    private final Map<String, String> nodeTenants;
    private final Map<String, JsonNode> nodePools;
    private final Map<String, Set<String>> poolLabelOwners;
    private final Map<String, String> poolOwners;
    private final Map<String, Set<String>> nodeClassOwners;

    private TenancyView(Tenancy tenancy, Map<String, String> nodeTenants, Map<String, JsonNode> nodePools) {
        this.tenancy = tenancy;
        this.nodeTenants = Map.copyOf(nodeTenants);
        this.nodePools = Map.copyOf(nodePools);
        this.poolOwners = new HashMap<>(tenancy.nodePools());
        this.poolLabelOwners = new HashMap<>();
        this.nodeClassOwners = new HashMap<>();
        nodePools.forEach((name, pool) -> {
            String owner = poolOwners.computeIfAbsent(name, n -> {
                String label = pool.path("metadata").path("labels").path(tenancy.tenancyKey()).asText("");
                return label.isEmpty() ? null : label;
            });
            if (owner == null) return;
            JsonNode template = pool.path("spec").path("template");
            template.path("metadata").path("labels").properties().forEach(e -> {
                if (e.getValue().isTextual()) labelled(e.getKey(), e.getValue().asText(), owner);
            });
            // Karpenter labels a node with the value it picks for each In requirement; well-known keys
            // (instance type, zone, ...) are shared by every tenant and identify nobody.
            for (JsonNode r : template.path("spec").path("requirements")) {
                String key = r.path("key").asText("");
                if (!r.path("operator").asText("").equals("In") || !isPoolOwnedKey(key)) continue;
                for (JsonNode v : r.path("values")) labelled(key, v.asText(""), owner);
            }
            String nodeClass = template.path("spec").path("nodeClassRef").path("name").asText("");
            if (!nodeClass.isEmpty()) nodeClassOwners.computeIfAbsent(nodeClass, k -> new HashSet<>()).add(owner);
        });
    }

    private void labelled(String key, String value, String owner) {
        poolLabelOwners.computeIfAbsent(key + "=" + value, k -> new HashSet<>()).add(owner);
    }

    /** A key a pool's own requirement puts on its nodes: not one of Kubernetes', Karpenter's or the AWS provider's domains. */
    private static boolean isPoolOwnedKey(String key) {
        int slash = key.indexOf('/');
        String domain = slash < 0 ? "" : key.substring(0, slash);
        for (String reserved : List.of(WellKnownLabels.KUBERNETES_DOMAIN, WellKnownLabels.K8S_DOMAIN, ApiGroups.KARPENTER, ApiGroups.KARPENTER_AWS)) {
            if (domain.equals(reserved) || domain.endsWith("." + reserved)) return false;
        }
        return true;
    }

    /**
     * @param nodeTenants every Node by name → the tenant its labels name ({@link Tenancy#tenantOfNodeLabels}), {@code ""} for none
     * @param nodePools every NodePool in the cluster by name, as raw JSON
     */
    public static TenancyView of(Tenancy tenancy, Map<String, String> nodeTenants, Map<String, JsonNode> nodePools) {
        return new TenancyView(tenancy, nodeTenants, nodePools);
    }

    public Tenancy tenancy() {
        return tenancy;
    }

    public String tenancyKey() {
        return tenancy.tenancyKey();
    }

    /** The node label pods are steered to ({@link Tenancy#nodeKey()}). */
    public String nodeKey() {
        return tenancy.nodeKey();
    }

    /** The node labels that name a node's tenant, the node key first ({@link Tenancy#nodeKeys()}). */
    public List<String> nodeKeys() {
        return tenancy.nodeKeys();
    }

    /** Whether a node label key identifies a tenant's nodes ({@link WellKnownLabels#identifiesTenant}, or the pool label). */
    public boolean isIdentifying(String key) {
        return WellKnownLabels.identifiesTenant(key, tenancy.tenancyKey()) || key.equals(tenancy.poolLabel());
    }

    /**
     * Whether a node label's value is a tenant's name: every key {@link WellKnownLabels#namesTenant}
     * names, the same keys the NodePool rules judge as naming a tenant, so pods and pools agree.
     */
    public boolean isTenancyKey(String key) {
        // the node keys are among them: the node key is a node-restriction key (Tenancy.withNodeTenancyKey insists), the other the tenancy key
        return WellKnownLabels.namesTenant(key, tenancy.tenancyKey());
    }

    /** The tenants whose NodePools in the cluster launch nodes from the EC2NodeClass. */
    public Set<String> ownersOfNodeClass(String nodeClass) {
        return nodeClassOwners.getOrDefault(nodeClass, Set.of());
    }

    public Optional<TenantEntry> tenantOfNamespace(String namespace) {
        return tenancy.tenantOfNamespace(namespace);
    }

    public Optional<TenantEntry> tenant(String name) {
        return Optional.ofNullable(tenancy.tenants().get(name));
    }

    /** The tenant a Node is labelled for: empty when the Node is unknown, {@code ""} when it has no tenancy label. */
    public Optional<String> tenantOfNode(String node) {
        return Optional.ofNullable(nodeTenants.get(node));
    }

    /** Owner of a NodePool: the tenancy ConfigMap's, else the tenancy label of the pool in the cluster. */
    public Optional<String> ownerOfPool(String nodePool) {
        return Optional.ofNullable(poolOwners.get(nodePool));
    }

    /** The NodePools in the cluster, by name. */
    public Map<String, JsonNode> nodePools() {
        return nodePools;
    }

    /** Tenants whose pools label their nodes {@code key=value} through the pool template (labels and In requirements). */
    public Set<String> tenantsLabelling(String key, String value) {
        return poolLabelOwners.getOrDefault(key + "=" + value, Set.of());
    }

    /** The {@code jig.dev/pool} value of a tenant's NodePool: its name without the {@code <tenant>-} prefix. */
    public static String shortPoolName(String tenant, String nodePool) {
        return nodePool.startsWith(tenant + "-") ? nodePool.substring(tenant.length() + 1) : nodePool;
    }

    /**
     * Whether {@code jig.dev/pool=value} names another tenant's pool and none of {@code tenant}'s
     * ({@code null}: a pod of no tenant, for which every tenant's pool is foreign).
     */
    public boolean isForeignPoolLabel(String tenant, String value) {
        boolean own = false;
        boolean foreign = false;
        for (TenantEntry t : tenancy.tenants().values()) {
            for (String p : t.nodePools()) {
                if (shortPoolName(t.name(), p).equals(value)) {
                    if (t.name().equals(tenant)) own = true; else foreign = true;
                }
            }
        }
        return foreign && !own;
    }
}
