package dev.jig.controller.disruption;

import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;

import java.util.List;

/**
 * A node disruption may act on (Karpenter's {@code disruption.Candidate}): its NodeClaim, Node and
 * NodePool, its pods and those of them that must move, what it costs now and what disrupting it costs.
 *
 * @param node           null only for an expiring NodeClaim whose Node never registered
 * @param pool           null when its NodePool is gone (only drift acts on such a node)
 * @param instanceType   its type as the pool's node class offers it today, or null when no longer offered
 * @param price          $/h of its offering now, or the price it launched at when the offering is gone
 * @param podBlock       why its pods keep it from graceful disruption, or null
 */
public record Candidate(NodeClaim claim, Node node, NodePool pool, List<Pod> pods, List<Pod> reschedulable,
                        ResolvedInstanceType instanceType, String zone, String capacityType, double price,
                        double disruptionCost, double rescheduleCost, Blocked podBlock) {

    public Candidate {
        pods = List.copyOf(pods);
        reschedulable = List.copyOf(reschedulable);
    }

    public String name() {
        return node != null ? node.name() : claim.name();
    }

    public String poolName() {
        return claim.nodePool();
    }

    /**
     * No pod that must move costs anything to disrupt (Karpenter v1.14's {@code IsEmpty}: the reschedule cost is the
     * node's own, {@link DisruptionCost#PER_NODE}): no reschedulable pod, or only pods whose deletion cost or priority
     * brings their eviction cost to 0 or below. Emptiness takes such nodes under the Empty budget.
     */
    public boolean isEmpty() {
        return rescheduleCost <= DisruptionCost.PER_NODE;
    }

    /** $/h saved per unit of disruption; consolidation tries the highest first. */
    public double savingsRatio() {
        return price / rescheduleCost;
    }

    @Override
    public String toString() {
        return name() + (claim.status() == null ? "" : " (" + claim.status().instanceType() + " " + capacityType + ")");
    }
}
