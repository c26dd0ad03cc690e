package dev.jig.controller.provisioning;

import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What takes room on each node, as the kube-scheduler counts it: the pods bound there, and the pods nominated there
 * that Jig does not provision for (preemption's, which the snapshot marks ignored), whose room the kube-scheduler
 * keeps. The planner ({@link SchedulingInputs}) and the nominations ({@link Nominations}) both count room this way,
 * so a pod is never planned into room that a preemptor holds and then found a misfit on every batch.
 */
final class NodeOccupants {

    private NodeOccupants() {
    }

    /** Node name → the pods occupying it; pods in {@code moving} (planned again, as if pending) count nowhere. */
    static Map<String, List<Pod>> of(ClusterSnapshot s, Set<String> moving) {
        Map<String, List<Pod>> out = new HashMap<>();
        for (Pod p : s.pods()) {
            if (moving.contains(p.key())) continue;
            String node = p.isBound() ? p.nodeName()
                    : !ClusterSnapshot.provisionable(p) && !p.daemonSet() ? p.nominatedNodeName() : null;
            if (node != null) out.computeIfAbsent(node, n -> new ArrayList<>()).add(p);
        }
        return out;
    }
}
