package dev.jig.controller.termination;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.model.DoNotDisrupt;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One drain round for a node that is going away, as a pure function of its pods, the
 * PodDisruptionBudgets and the time (Karpenter's {@code Terminator.Drain}):
 * <ul>
 *   <li>DaemonSet pods, mirror (static) pods and pods that tolerate {@code karpenter.sh/disrupted:NoSchedule}
 *       stay: they would come straight back, and the instance takes them down;</li>
 *   <li>the other pods leave in two waves, non-critical pods first and critical ones (priority at or above
 *       {@value #CRITICAL_PRIORITY}: {@code system-cluster-critical} and {@code system-node-critical}) only
 *       once no non-critical pod is left, so that cluster services outlive the workloads that use them;</li>
 *   <li>within the wave, a pod goes to eviction only while every budget covering it has allowance left in this
 *       round; the others {@link #waiting wait} (the Eviction API would answer 429). A pod annotated
 *       {@code karpenter.sh/do-not-disrupt: "true"} is never evicted (Karpenter's {@code IsEvictable}): it holds
 *       the node until it leaves by itself or the grace period runs out;</li>
 *   <li>with a termination grace period, a pod is deleted without the Eviction API, budgets or not, once the
 *       node's grace period has no more left than the pod's own {@code terminationGracePeriodSeconds} (Karpenter's
 *       {@code DeleteExpiringPods}), so the pod's grace ends with the node's; once the node's has run out, every
 *       remaining drainable pod is deleted and the node can go.</li>
 * </ul>
 *
 * @param evict   pods to evict now
 * @param delete  pods to delete now (the node's grace period ends within theirs)
 * @param waiting pods left for a later round: the critical wave, or budgets without allowance
 * @param drained whether the node can go: no drainable pod is left, or the grace period ran out
 */
public record DrainPlan(List<Pod> evict, List<Pod> delete, List<Pod> waiting, boolean drained) {

    /** The lowest priority of {@code system-cluster-critical} (2,000,000,000); {@code system-node-critical} is above it. */
    public static final int CRITICAL_PRIORITY = 2_000_000_000;

    static final Taint DISRUPTED = new Taint(TaintKeys.DISRUPTED, null, Toleration.NO_SCHEDULE);

    public DrainPlan {
        evict = List.copyOf(evict);
        delete = List.copyOf(delete);
        waiting = List.copyOf(waiting);
    }

    /**
     * The round for {@code pods} (those bound to the node) at {@code now}.
     *
     * @param forceAt when the termination grace period runs out, or null when the pool sets none (drain waits for ever)
     */
    public static DrainPlan of(List<Pod> pods, List<PodDisruptionBudget> pdbs, Instant now, Instant forceAt) {
        return of(pods, pdbs, Map.of(), now, forceAt);
    }

    /**
     * The round, with what is left of each budget's allowance ({@link PodDisruptionBudget#key} → disruptions still
     * allowed; a budget missing from it has its {@code disruptionsAllowed}): a drain of several nodes in one reconcile
     * passes the allowance the evictions for the earlier nodes left, so that a later node does not ask the Eviction API
     * for a disruption the status no longer shows as spent.
     */
    public static DrainPlan of(List<Pod> pods, List<PodDisruptionBudget> pdbs, Map<String, Integer> left, Instant now, Instant forceAt) {
        List<Pod> drainable = pods.stream().filter(DrainPlan::drainable).toList();
        if (drainable.isEmpty()) return new DrainPlan(List.of(), List.of(), List.of(), true);
        if (forceAt != null && !now.isBefore(forceAt)) return new DrainPlan(List.of(), drainable, List.of(), true);
        List<Pod> expiring = forceAt == null ? List.of()
                : drainable.stream().filter(p -> !now.isBefore(forceAt.minusSeconds(p.terminationGracePeriodSeconds()))).toList();
        drainable = drainable.stream().filter(p -> !expiring.contains(p)).toList();
        List<Pod> wave = drainable.stream().filter(p -> !critical(p)).toList();
        if (wave.isEmpty()) wave = drainable;
        Map<String, Integer> allowance = new HashMap<>();
        for (PodDisruptionBudget b : pdbs) allowance.put(b.key(), left.getOrDefault(b.key(), b.disruptionsAllowed()));
        List<Pod> evict = new ArrayList<>();
        List<Pod> waiting = new ArrayList<>(drainable);
        for (Pod p : wave) {
            if (DoNotDisrupt.active(p, now)) continue;
            List<PodDisruptionBudget> covering = pdbs.stream().filter(b -> b.covers(p)).toList();
            if (covering.stream().anyMatch(b -> allowance.get(b.key()) <= 0)) continue;
            for (PodDisruptionBudget b : covering) allowance.merge(b.key(), -1, Integer::sum);
            evict.add(p);
            waiting.remove(p);
        }
        return new DrainPlan(evict, expiring, waiting, false);
    }

    /** Whether the drain must move {@code p} off the node before the node goes. */
    public static boolean drainable(Pod p) {
        return !p.daemonSet() && !p.annotations().containsKey(Annotations.MIRROR_POD)
                && Toleration.firstUntolerated(List.of(DISRUPTED), p.tolerations(), true) != null;
    }

    static boolean critical(Pod p) {
        return p.priority() >= CRITICAL_PRIORITY;
    }
}
