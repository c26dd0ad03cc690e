package dev.jig.controller.disruption;

import dev.jig.controller.model.Pod;
import dev.jig.controller.provisioning.SchedulingInputs;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scheduling input every simulation of one pass starts from, built once per pass rather than once per candidate
 * (at 2,000 nodes the per-candidate rebuild of every node's occupants was most of a pass): the snapshot's nodes with
 * their bound pods, the pending pods, and the reschedulable pods of nodes already deleting pending too. A simulation
 * for a set of candidates takes it, drops the candidates' nodes and adds their reschedulable pods as pending, in the
 * snapshot's order after the pods pending already (as Karpenter appends candidate pods after the pending ones).
 */
final class SimulationBase {

    private final SchedulingInput input;
    /** Each pod's place in the snapshot (and each unbound copy's, its original's): the order pending pods are given in. */
    private final Map<Pod, Integer> position = new IdentityHashMap<>();
    /** Nodes and NodeClaims inside their pool's {@code consolidateAfter} window ({@link Settings#underConsolidateAfter}). */
    private final Set<String> cooling = new HashSet<>();

    private SimulationBase(DisruptionState s) {
        Set<String> deletingNodes = new HashSet<>();
        for (DisruptionState.Managed m : s.managed) {
            if (m.claim().deleting() && m.node() != null) deletingNodes.add(m.node().name());
            var pool = s.pools.get(m.poolName());
            if (pool != null && Settings.underConsolidateAfter(pool.disruption(), m.claim(), s.now)) {
                cooling.add(m.claim().name());
                if (m.node() != null) cooling.add(m.node().name());
            }
        }
        ClusterSnapshot snap = s.snapshot;
        List<Pod> pods = new ArrayList<>(snap.pods().size());
        int i = 0;
        for (Pod p : snap.pods()) {
            position.put(p, i);
            if (!p.isBound() || !deletingNodes.contains(p.nodeName())) {
                pods.add(p);
            } else if (PodBlocks.currentlyReschedulable(p, snap.pdbs(), s.now)) {
                Pod moving = p.with().nodeName(null).build();
                position.put(moving, i);
                pods.add(moving);
            }
            i++;
        }
        ClusterSnapshot withDeleting = new ClusterSnapshot(pods, snap.nodes(), snap.nodeClaims(), snap.nodePools(), snap.nodeClasses(),
                snap.daemonSets(), snap.tenancy(), snap.pdbs());
        SchedulingInput in = SchedulingInputs.of(withDeleting, withDeleting.pendingPods(), s::instanceTypes);
        List<ExistingNode> sorted = new ArrayList<>(in.nodes());
        sorted.sort(ExistingNode.SCHEDULING_ORDER);
        input = new SchedulingInput(in.pods(), sorted, in.pools(), in.daemonSets(), in.tenancy(), in.respectPreferences());
    }

    static SimulationBase of(DisruptionState s) {
        return new SimulationBase(s);
    }

    /**
     * The input without the nodes (and NodeClaims) named in {@code gone}, with {@code moving} (unbound copies of pods
     * the snapshot holds, see {@link #unbound}) pending after the pods pending already and those of nodes already
     * deleting, in the snapshot's order: among pods of one size the scheduler places the earlier first, so the
     * replacements launched for a command in flight stay its pods' and a new candidate's pod does not take one. For a
     * consolidation, the moving pods are kept off nodes inside their {@code consolidateAfter} window.
     */
    SchedulingInput without(Set<String> gone, List<Pod> moving, boolean consolidation) {
        List<ExistingNode> nodes = new ArrayList<>(input.nodes().size());
        for (ExistingNode n : input.nodes()) if (!gone.contains(n.name())) nodes.add(n);
        List<Pod> pending = new ArrayList<>(input.pods().size() + moving.size());
        pending.addAll(input.pods());
        List<Pod> candidates = new ArrayList<>(moving.size());
        for (Pod p : moving) if (ClusterSnapshot.provisionable(p)) candidates.add(p);
        candidates.sort(Comparator.comparingInt(position::get));
        pending.addAll(candidates);
        Set<String> movingKeys = new HashSet<>();
        if (consolidation) for (Pod p : moving) movingKeys.add(p.key());
        return new SchedulingInput(pending, nodes, input.pools(), input.daemonSets(), input.tenancy(), input.respectPreferences(),
                consolidation ? cooling : Set.of(), movingKeys);
    }

    /** {@code p} pending again, placed where {@code p} is in the snapshot. */
    Pod unbound(Pod p) {
        Pod copy = p.with().nodeName(null).build();
        position.put(copy, position.get(p));
        return copy;
    }
}
