package dev.jig.plan.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.manifest.KarpenterManifests;
import dev.jig.controller.model.NodePool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One side of a plan: the compiled output of the policies at a revision, read as the controller
 * reads it from the cluster (NodePools, EC2NodeClasses, the {@code jig-tenancy} ConfigMap).
 *
 * @param ref the revision as given ({@code WORKTREE} for the files on disk)
 * @param commit the full commit id; empty for the work tree
 * @param manifests the compiled objects, for the diff
 * @param poolTenants NodePool → tenant, by the tenancy document (pools of no tenant absent)
 * @param namespaceTenants namespace → tenant, by the tenancy document
 */
public record Revision(String ref, Optional<String> commit, List<JsonNode> manifests, List<NodePool> pools,
                       Map<String, NodeClass> nodeClasses, Optional<Tenancy> tenancy, Map<String, String> poolTenants,
                       Map<String, String> namespaceTenants) {

    /** How the work tree is named in reports. */
    public static final String WORKTREE = "WORKTREE";

    public Revision {
        manifests = List.copyOf(manifests);
        pools = List.copyOf(pools);
        nodeClasses = Map.copyOf(nodeClasses);
        poolTenants = Map.copyOf(poolTenants);
        namespaceTenants = Map.copyOf(namespaceTenants);
    }

    /** Reads the compiled objects of one revision. */
    public static Revision of(String ref, Optional<String> commit, List<JsonNode> manifests) {
        List<NodePool> pools = new ArrayList<>();
        Map<String, NodeClass> classes = new LinkedHashMap<>();
        Tenancy tenancy = null;
        for (JsonNode o : manifests) {
            switch (o.path("kind").asText()) {
                case "NodePool" -> pools.add(KarpenterManifests.nodePool(o));
                case "EC2NodeClass" -> {
                    NodeClass c = KarpenterManifests.nodeClass(o);
                    classes.put(o.path("metadata").path("name").asText(), c);
                }
                case "ConfigMap" -> {
                    if (Tenancy.CONFIG_MAP_NAME.equals(o.path("metadata").path("name").asText())) {
                        tenancy = Tenancy.parse(o.path("data").path(Tenancy.DATA_KEY).asText());
                    }
                }
                default -> { }
            }
        }
        Map<String, String> poolTenants = new HashMap<>();
        Map<String, String> namespaceTenants = new HashMap<>();
        if (tenancy != null) {
            for (NodePool p : pools) tenancy.tenantOfNodePool(p.name()).ifPresent(e -> poolTenants.put(p.name(), e.name()));
            for (Tenancy.TenantEntry t : tenancy.tenants().values()) for (String ns : t.namespaces()) namespaceTenants.put(ns, t.name());
        }
        return new Revision(ref, commit, manifests, pools, classes, Optional.ofNullable(tenancy), poolTenants, namespaceTenants);
    }

    /** The tenant a NodePool belongs to, by the tenancy document; null for a pool of no tenant. */
    public String tenantOfPool(String pool) {
        return poolTenants.get(pool);
    }

    /** The tenant of a namespace; null for a namespace of no tenant. */
    public String tenantOfNamespace(String namespace) {
        return namespaceTenants.get(namespace);
    }
}
