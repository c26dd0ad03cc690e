package dev.jig.controller.disruption;

import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "Would the pods fit if these nodes were gone?" (Karpenter's {@code SimulateScheduling}): the
 * snapshot without the candidates' Nodes and NodeClaims, their reschedulable pods pending again, and
 * the pods of nodes already deleting pending too, goes through the provisioner's own input builder
 * (once per pass, {@link SimulationBase}) and the {@link Scheduler}. The simulation fails when a candidate's pod fits nowhere, or only on a
 * node that is not initialized yet (a decision must not rest on a node that may never come up).
 * Pods that were pending before count for new NodeClaims but do not make it fail.
 */
final class SchedulingSimulation {

    /** The outcome: whether every candidate pod has a place, why not, and the NodeClaims it would launch. */
    record Outcome(boolean scheduled, String why, List<PlannedNodeClaim> newClaims) {
    }

    private SchedulingSimulation() {
    }

    /**
     * @param consolidation whether this is a consolidation's simulation (Karpenter's {@code IsConsolidationSimulation}):
     *                      the candidates' pods may then not go onto nodes still inside their {@code consolidateAfter} window
     */
    static Outcome run(DisruptionState s, List<Candidate> candidates, boolean consolidation) {
        Set<String> gone = new HashSet<>();
        Set<String> mustPlace = new HashSet<>();
        SimulationBase base = s.simulationBase();
        List<Pod> moving = new ArrayList<>();
        for (Candidate c : candidates) {
            gone.add(c.claim().name());
            if (c.node() == null) continue;
            gone.add(c.node().name());
            for (Pod p : c.pods()) {
                if (!PodBlocks.currentlyReschedulable(p, s.snapshot.pdbs(), s.now)) continue;
                moving.add(base.unbound(p));
                mustPlace.add(p.key());
            }
        }
        SchedulingInput input = base.without(gone, moving, consolidation);
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
