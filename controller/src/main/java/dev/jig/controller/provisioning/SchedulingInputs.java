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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the scheduler's input from a cluster snapshot: every NodePool with the instance types the
 * cloud offers for its node class; as existing nodes, the registered Nodes and the launched
 * NodeClaims whose Node has not registered yet (both take pods and count against limits); and
 * NodeClaims not launched yet, which count against limits with their largest option.
 *
 * <p>{@link #prepare} also takes the provisioner's earlier plans as hints: a pending pod planned
 * onto a NodeClaim or Node that is still in flight stays there, counted as if bound, while that
 * target has room for it (in the order of the pending pods); every other pending pod is scheduled
 * afresh. A NodeClaim not launched yet keeps its planned pods, since its size is not known.
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

    /**
     * The scheduler's input, and the pods kept where they were planned (pod → target), which the
     * input lists as bound to their target rather than as pending.
     */
    public record Prepared(SchedulingInput input, Map<Pod, String> kept) {
    }

    /**
     * Where the instance types of a pool come from: the cloud itself, or a cache a caller keeps for the duration of
     * one decision (disruption asks once per pass, not once per candidate it simulates).
     */
    @FunctionalInterface
    public interface InstanceTypes {
        List<ResolvedInstanceType> of(NodePool pool, NodeClass nodeClass);
    }

    public static SchedulingInput of(ClusterSnapshot s, List<Pod> pending, CloudProvider cloud) {
        return prepare(s, pending, cloud::instanceTypes, Map.of()).input();
    }

    /** {@link #of} with the instance types from {@code types}. */
    public static SchedulingInput of(ClusterSnapshot s, List<Pod> pending, InstanceTypes types) {
        return prepare(s, pending, types, Map.of()).input();
    }

    /** {@link #of}, with {@code hints} (pod key → the node or NodeClaim it was planned onto, still in flight). */
    public static Prepared prepare(ClusterSnapshot s, List<Pod> pending, CloudProvider cloud, Map<String, String> hints) {
        return prepare(s, pending, cloud::instanceTypes, hints);
    }

    /** {@link #prepare(ClusterSnapshot, List, CloudProvider, Map)} with the instance types from {@code instanceTypes}. */
    public static Prepared prepare(ClusterSnapshot s, List<Pod> pending, InstanceTypes instanceTypes, Map<String, String> hints) {
        List<SchedulingInput.Pool> pools = new ArrayList<>();
        Map<String, List<ResolvedInstanceType>> typesByPool = new HashMap<>();
        for (NodePool pool : s.nodePools()) {
            NodeClass nodeClass = s.nodeClasses().get(pool.nodeClassName());
            if (nodeClass == null) continue;
            List<ResolvedInstanceType> types = instanceTypes.of(pool, nodeClass);
            typesByPool.put(pool.name(), types);
            if (s.tenancy().isEmpty() && isTenantPool(pool)) continue;
            pools.add(new SchedulingInput.Pool(pool, types));
        }
        // a pod planned again (it is on a deleting node) counts where it goes, not also where it still is; pods
        // nominated by preemption count where they are nominated, as the kube-scheduler keeps their room
        Set<String> moving = new HashSet<>();
        for (Pod p : pending) moving.add(p.key());
        Map<String, List<Pod>> bound = NodeOccupants.of(s, moving);
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
        if (hints.isEmpty()) return new Prepared(new SchedulingInput(pending, nodes, pools, s.daemonSets(), s.tenancy(), true), Map.of());
        return keep(pending, nodes, hints, new SchedulingInput(pending, nodes, pools, s.daemonSets(), s.tenancy(), true));
    }

    private static Prepared keep(List<Pod> pending, List<ExistingNode> nodes, Map<String, String> hints, SchedulingInput in) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, ResourceList> room = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            ExistingNode n = nodes.get(i);
            index.put(n.name(), i);
            if (n.schedulable() && !n.initialized()) room.put(n.name(), n.free(in.daemonSets()));
        }
        Map<Pod, String> kept = new LinkedHashMap<>();
        Map<String, List<Pod>> added = new HashMap<>();
        List<Pod> rest = new ArrayList<>();
        for (Pod p : pending) {
            String target = hints.get(p.key());
            Integer i = target == null ? null : index.get(target);
            boolean keep = false;
            if (i != null) {
                ExistingNode n = nodes.get(i);
                ResourceList free = room.get(target);
                if (free != null && p.requests().fitsIn(free)) {
                    room.put(target, free.minus(p.requests()));
                    keep = true;
                } else if (!n.schedulable() && !n.initialized() && n.allocatable().equals(ResourceList.ZERO)) {
                    keep = true;
                }
            }
            if (keep) {
                kept.put(p, target);
                added.computeIfAbsent(target, t -> new ArrayList<>()).add(p);
            } else {
                rest.add(p);
            }
        }
        List<ExistingNode> withKept = new ArrayList<>(nodes);
        added.forEach((target, pods) -> withKept.set(index.get(target), nodes.get(index.get(target)).withPods(pods)));
        return new Prepared(new SchedulingInput(rest, withKept, in.pools(), in.daemonSets(), in.tenancy(), in.respectPreferences()), kept);
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
