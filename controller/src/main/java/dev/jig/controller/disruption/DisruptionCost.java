package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.controller.model.Pod;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How much evicting pods hurts, as Karpenter v1.14.1 weighs it ({@code pkg/utils/disruption}):
 * a pod costs 1, plus its {@code controller.kubernetes.io/pod-deletion-cost} / 2^27 (an int32, so a
 * pod weighs between about -15 and +17 default pods), plus its priority / 2^25, clamped to [-10, 10].
 * <ul>
 *   <li>{@link #disruptionCost} — the candidate's decision cost: the sum over all its pods, scaled by
 *       the fraction of its lifetime left before {@code expireAfter} (a node about to expire costs
 *       little to disrupt now);</li>
 *   <li>{@link #rescheduleCost} — 1 for the node itself plus the positive costs of the pods that must
 *       move; consolidation orders candidates by price / reschedule cost, highest first, as v1.14
 *       does (v1.13 and older sorted by the decision cost, lowest first).</li>
 * </ul>
 */
public final class DisruptionCost {

    /** The inherent cost of draining one node (Karpenter's {@code PerNodeBaseDisruptionCost}). */
    public static final double PER_NODE = 1.0;

    private DisruptionCost() {
    }

    public static double evictionCost(Pod p) {
        double cost = 1.0;
        String deletionCost = p.annotations().get(Annotations.POD_DELETION_COST);
        if (deletionCost != null) {
            try {
                cost += Integer.parseInt(deletionCost.trim()) / Math.pow(2, 27);
            } catch (NumberFormatException ignored) {
                // Karpenter logs and ignores a deletion cost it cannot parse; so does Jig.
            }
        }
        cost += p.priority() / Math.pow(2, 25);
        return Math.max(-10.0, Math.min(10.0, cost));
    }

    /** The candidate's decision cost: the eviction costs of all its pods times its lifetime remaining. */
    public static double disruptionCost(List<Pod> pods, Instant created, Duration expireAfter, Instant now) {
        double sum = 0;
        for (Pod p : pods) sum += evictionCost(p);
        return sum * lifetimeRemaining(created, expireAfter, now);
    }

    /** {@link #PER_NODE} plus the positive eviction costs of the pods that must be rescheduled. */
    public static double rescheduleCost(List<Pod> reschedulable) {
        double cost = PER_NODE;
        for (Pod p : reschedulable) cost += Math.max(0, evictionCost(p));
        return cost;
    }

    /** The fraction of the node's lifetime left before it expires, in [0, 1]; 1 without {@code expireAfter}. */
    public static double lifetimeRemaining(Instant created, Duration expireAfter, Instant now) {
        if (expireAfter == null || expireAfter.isZero()) return 1.0;
        double total = expireAfter.toMillis() / 1000.0;
        double age = Duration.between(created, now).toMillis() / 1000.0;
        return Math.max(0.0, Math.min(1.0, (total - age) / total));
    }
}
