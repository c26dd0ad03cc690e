package dev.jig.controller.simulate;

import dev.jig.controller.model.Node;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * Nodes, ready nodes, $/h and pending pods over simulated time, kept only at the seconds where one
 * of them changes: the data of {@code simulate --format html}'s timeline charts, small even for
 * long runs. Nodes and $/h count launched NodeClaims, as the report's total does.
 */
final class UsageSeries {

    private final List<SimulationReport.Sample> samples = new ArrayList<>();

    /** Records the cluster at {@code at} seconds after the start, unless nothing changed since the last sample. */
    void observe(long at, ClusterSnapshot s) {
        int nodes = 0;
        for (var c : s.nodeClaims()) if (c.status() != null) nodes++;
        int ready = (int) s.nodes().stream().filter(Node::ready).count();
        SimulationReport.Sample next = new SimulationReport.Sample(at, nodes, ready, SimulationReport.costPerHour(s), s.pendingPods().size());
        if (!samples.isEmpty()) {
            SimulationReport.Sample last = samples.get(samples.size() - 1);
            if (last.sameValues(next)) return;
            if (last.at() == at) samples.remove(samples.size() - 1);
        }
        samples.add(next);
    }

    List<SimulationReport.Sample> samples() {
        return List.copyOf(samples);
    }
}
