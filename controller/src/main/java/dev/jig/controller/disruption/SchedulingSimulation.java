package dev.jig.controller.disruption;

import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.provisioning.SchedulingInputs;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "Would the pods fit if these nodes were gone?" (Karpenter's {@code SimulateScheduling}): the
 * snapshot without the candidates' Nodes and NodeClaims, their reschedulable pods pending again, and
 * the pods of nodes already deleting pending too, goes through the provisioner's own input builder
 * and the {@link Scheduler}. The simulation fails when a candidate's pod fits nowhere, or only on a
 * node that is not initialized yet (a decision must not rest on a node that may never come up).
 * Pods that were pending before count for new NodeClaims but do not make it fail.
 */
final class SchedulingSimulation {

    /** The outcome: whether every candidate pod has a place, why not, and the NodeClaims it would launch. */
    record Outcome(boolean scheduled, String why, List<PlannedNodeClaim> newClaims) {
    }

    private SchedulingSimulation() {
    }

    static Outcome run(DisruptionState s, List<Candidate> candidates) {
        Set<String> goneNodes = new HashSet<>();
        Set<String> goneClaims = new HashSet<>();
        for (Candidate c : candidates) {
            goneClaims.add(c.claim().name());
            if (c.node() != null) goneNodes.add(c.node().name());
        }
        Set<String> deletingNodes = new HashSet<>();
        for (DisruptionState.Managed m : s.managed) if (m.claim().deleting() && m.node() != null) deletingNodes.add(m.node().name());
        ClusterSnapshot snap = s.snapshot;
        Set<String> mustPlace = new HashSet<>();
        List<Pod> pods = new ArrayList<>(snap.pods().size());
        for (Pod p : snap.pods()) {
            boolean onCandidate = p.isBound() && goneNodes.contains(p.nodeName());
            boolean onDeleting = p.isBound() && deletingNodes.contains(p.nodeName());
            if (!onCandidate && !onDeleting) {
                pods.add(p);
            } else if (PodBlocks.isReschedulable(p) && !PodBlocks.doNotDisrupt(p)) {
                pods.add(p.with().nodeName(null).build());
                if (onCandidate) mustPlace.add(p.key());
            }
        }
        List<Node> nodes = new ArrayList<>();
        for (Node n : snap.nodes()) if (!goneNodes.contains(n.name())) nodes.add(n);
        List<NodeClaim> claims = new ArrayList<>();
        for (NodeClaim c : snap.nodeClaims()) if (!goneClaims.contains(c.name())) claims.add(c);
        ClusterSnapshot without = new ClusterSnapshot(pods, nodes, claims, snap.nodePools(), snap.nodeClasses(), snap.daemonSets(),
                snap.tenancy(), snap.pdbs());
        SchedulingInput input = SchedulingInputs.of(without, without.pendingPods(), s::instanceTypes);
        SchedulingResult result = Scheduler.solve(input);
        for (Unschedulable u : result.unschedulable()) {
            if (mustPlace.contains(u.pod().key())) return new Outcome(false, u.describe(), List.of());
        }
        Set<String> uninitialized = new HashSet<>();
        for (ExistingNode n : input.nodes()) if (!n.initialized()) uninitialized.add(n.name());
        for (Map.Entry<String, List<Pod>> e : result.existing().entrySet()) {
            if (!uninitialized.contains(e.getKey())) continue;
            for (Pod p : e.getValue()) {
                if (mustPlace.contains(p.key())) return new Outcome(false, "would schedule against uninitialized node " + e.getKey(), List.of());
            }
        }
        return new Outcome(true, null, result.newClaims());
    }
}
