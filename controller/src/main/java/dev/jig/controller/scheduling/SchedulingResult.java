package dev.jig.controller.scheduling;

import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Map;

/**
 * The decisions of one scheduling run: NodeClaims to create, pods expected to land on existing
 * nodes (by node name), and pods that fit nowhere with every pool's reason.
 */
public record SchedulingResult(List<PlannedNodeClaim> newClaims, Map<String, List<Pod>> existing, List<Unschedulable> unschedulable) {

    public SchedulingResult {
        newClaims = List.copyOf(newClaims);
        existing = Map.copyOf(existing);
        unschedulable = List.copyOf(unschedulable);
    }

    /** Sum of the cheapest option's price over the new NodeClaims, USD per hour. */
    public double newCostPerHour() {
        double sum = 0;
        for (PlannedNodeClaim c : newClaims) sum += c.cheapest().price();
        return sum;
    }
}
