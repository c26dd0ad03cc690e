package dev.jig.webhook.tenancy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.api.tenancy.Tenancy;
import java.util.HashMap;
import java.util.HashSet;
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

    private TenancyView(Tenancy tenancy, Map<String, String> nodeTenants, Map<String, JsonNode> nodePools) {
        this.tenancy = tenancy;
        this.nodeTenants = Map.copyOf(nodeTenants);
        this.nodePools = Map.copyOf(nodePools);
        this.poolOwners = new HashMap<>(tenancy.nodePools());
        this.poolLabelOwners = new HashMap<>();
        nodePools.forEach((name, pool) -> {
            String owner = poolOwners.computeIfAbsent(name, n -> {
                String label = pool.path("metadata").path("labels").path(tenancy.tenancyKey()).asText("");
                return label.isEmpty() ? null : label;
            });
            if (owner == null) return;
            pool.path("spec").path("template").path("metadata").path("labels").properties().forEach(e -> {
                if (e.getValue().isTextual()) {
                    poolLabelOwners.computeIfAbsent(e.getKey() + "=" + e.getValue().asText(), k -> new HashSet<>()).add(owner);
                }
            });
        });
    }

    /**
     * @param nodeTenants every Node by name → the value of its tenancy label, {@code ""} when it has none
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

    /** Tenants whose pools label their nodes {@code key=value} through the pool template. */
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
