package dev.jig.controller.provisioning;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the scheduler's input from a cluster snapshot: every NodePool with the instance types the
 * cloud offers for its node class; as existing nodes, the registered Nodes and the launched
 * NodeClaims whose Node has not registered yet (both take pods and count against limits); and
 * NodeClaims not launched yet, which count against limits with their largest option.
 *
 * <p>Fails closed on tenancy: while no tenancy is in force (no {@code jig-tenancy} ConfigMap has
 * parsed yet, see {@link dev.jig.api.tenancy.LastGoodTenancy}), a NodePool whose node template
 * carries a tenancy label ({@link WellKnownLabels#NODE_TENANT}, or the legacy
 * {@link WellKnownLabels#JIG_TENANT} of pools compiled before it) is left out of the new capacity,
 * because its tenant's quota is unknown; its existing nodes still take pods.
 */
public final class SchedulingInputs {

    private SchedulingInputs() {
    }

    /** Whether the pool's nodes are labelled for a tenant, by the node key or the legacy tenancy key. */
    static boolean isTenantPool(NodePool pool) {
        return pool.labels().containsKey(WellKnownLabels.NODE_TENANT) || pool.labels().containsKey(WellKnownLabels.JIG_TENANT);
    }

    public static SchedulingInput of(ClusterSnapshot s, List<Pod> pending, CloudProvider cloud) {
        List<SchedulingInput.Pool> pools = new ArrayList<>();
        Map<String, List<ResolvedInstanceType>> typesByPool = new HashMap<>();
        for (NodePool pool : s.nodePools()) {
            NodeClass nodeClass = s.nodeClasses().get(pool.nodeClassName());
            if (nodeClass == null) continue;
            List<ResolvedInstanceType> types = cloud.instanceTypes(pool, nodeClass);
            typesByPool.put(pool.name(), types);
            if (s.tenancy().isEmpty() && isTenantPool(pool)) continue;
            pools.add(new SchedulingInput.Pool(pool, types));
        }
        Map<String, List<Pod>> bound = new HashMap<>();
        for (Pod p : s.pods()) if (p.isBound()) bound.computeIfAbsent(p.nodeName(), n -> new ArrayList<>()).add(p);
        Map<String, NodeClaim> claimByProvider = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) if (c.status() != null) claimByProvider.put(c.status().providerId(), c);

        List<ExistingNode> nodes = new ArrayList<>();
        Set<String> registered = new HashSet<>();
        for (Node n : s.nodes()) {
            NodeClaim claim = n.providerId() == null ? null : claimByProvider.get(n.providerId());
            if (claim != null) registered.add(claim.name());
            boolean initialized = claim == null ? n.ready() : claim.initialized();
            List<Taint> taints = initialized ? n.taints() : withoutStartupTaints(n.taints(), claim);
            boolean schedulable = (claim == null || !claim.deleting()) && (initialized || claim != null);
            nodes.add(new ExistingNode(n.name(), n.labels().get(WellKnownLabels.NODEPOOL), n.labels(), taints, n.allocatable(),
                    n.capacity(), bound.getOrDefault(n.name(), List.of()), initialized, schedulable));
        }
        for (NodeClaim c : s.nodeClaims()) {
            if (registered.contains(c.name())) continue;
            if (c.launched()) {
                Map<String, String> labels = new HashMap<>(c.labels());
                labels.putIfAbsent(WellKnownLabels.HOSTNAME, c.name());
                nodes.add(new ExistingNode(c.name(), c.nodePool(), labels, c.taints(), c.status().allocatable(), c.status().capacity(),
                        List.of(), false, !c.deleting()));
            } else if (!c.deleting()) {
                nodes.add(new ExistingNode(c.name(), c.nodePool(), c.labels(), c.taints(), ResourceList.ZERO,
                        worstCase(c, typesByPool.getOrDefault(c.nodePool(), List.of())), List.of(), false, false));
            }
        }
        return new SchedulingInput(pending, nodes, pools, s.daemonSets(), s.tenancy(), true);
    }

    private static List<Taint> withoutStartupTaints(List<Taint> taints, NodeClaim claim) {
        List<Taint> out = new ArrayList<>();
        for (Taint t : taints) {
            if (TaintKeys.EPHEMERAL.contains(t.key())) continue;
            if (claim != null && claim.startupTaints().stream().anyMatch(st -> st.key().equals(t.key()) && st.effect().equals(t.effect()))) continue;
            out.add(t);
        }
        return out;
    }

    /** The largest capacity among the NodeClaim's instance type options, per dimension. */
    private static ResourceList worstCase(NodeClaim c, List<ResolvedInstanceType> types) {
        Set<String> names = new HashSet<>();
        for (Requirement r : c.requirements()) {
            if (r.key().equals(WellKnownLabels.INSTANCE_TYPE) && r.operator() == Requirement.Operator.In) names.addAll(r.values());
        }
        ResourceList worst = ResourceList.ZERO;
        for (ResolvedInstanceType t : types) if (names.contains(t.name())) worst = worst.max(t.capacity());
        return worst;
    }
}
