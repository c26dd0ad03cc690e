package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.List;
import java.util.Optional;

/**
 * A NodePool launches its nodes with the EC2NodeClass its {@code nodeClassRef} names: that class's
 * subnets, security groups, node role and tags. So a tenant's pool may only name a class the tenancy
 * ConfigMap gives its tenant (its own, or one the platform shares), and a pool no tenant lists may
 * name no tenant's class ({@link Tenancy#mayUseNodeClass}, compiled data, never the class's name).
 * The reference must be {@code karpenter.k8s.aws}/{@code EC2NodeClass}: the only node class Jig
 * compiles and judges. A ConfigMap that does not say whose the classes are (compiled before it did)
 * leaves the answer unknown, and the pool is refused.
 */
final class PoolNodeClass {

    static final String KIND = "EC2NodeClass";
    private static final String POINTER = "/spec/template/spec/nodeClassRef";

    private PoolNodeClass() {
    }

    /** Adds the findings for NodePool {@code name} of tenant {@code owner} ({@code null}: no tenant lists it). */
    static void check(String name, JsonNode pool, String owner, TenancyView view, List<Finding> out) {
        JsonNode ref = pool.path("spec").path("template").path("spec").path("nodeClassRef");
        String group = ref.path("group").isTextual() ? ref.path("group").asText() : "";
        String kind = ref.path("kind").isTextual() ? ref.path("kind").asText() : "";
        String nodeClass = ref.path("name").isTextual() ? ref.path("name").asText() : "";
        if (!ApiGroups.KARPENTER_AWS.equals(group) || !KIND.equals(kind)) {
            out.add(new Finding(Rule.POOL_FOREIGN_NODE_CLASS, POINTER + ": NodePool '" + name + "' references group '" + group + "' kind '"
                    + kind + "'; Jig pools use " + ApiGroups.KARPENTER_AWS + " " + KIND));
            return;
        }
        Optional<Boolean> allowed = view.tenancy().mayUseNodeClass(owner, nodeClass);
        String whose = owner == null ? "a NodePool no tenant lists" : "tenant '" + owner + "'";
        if (allowed.isEmpty()) {
            out.add(new Finding(Rule.POOL_FOREIGN_NODE_CLASS, POINTER + "/name: the tenancy ConfigMap does not say which EC2NodeClasses "
                    + whose + " may use (it was compiled by an older jig), so NodePool '" + name + "' cannot be judged; recompile the policies"
                    + " and apply the new ConfigMap"));
        } else if (!allowed.get()) {
            out.add(new Finding(Rule.POOL_FOREIGN_NODE_CLASS, POINTER + "/name: NodePool '" + name + "' of " + whose + " uses EC2NodeClass '"
                    + nodeClass + "', which the tenancy ConfigMap does not give " + (owner == null ? "it (another tenant's)" : "that tenant")));
        }
    }
}
