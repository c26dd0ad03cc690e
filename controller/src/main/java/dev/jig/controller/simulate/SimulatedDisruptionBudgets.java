package dev.jig.controller.simulate;

import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The API server's disruption controller for {@code simulate} ({@code pkg/controller/disruption}): each tick every
 * scenario PodDisruptionBudget gets {@code disruptionsAllowed = currentHealthy - desiredHealthy}, at least 0, where
 * currentHealthy counts the selected pods that are Ready ({@link SimulatedPodReadiness}) and desiredHealthy is
 * <ul>
 *   <li>{@code minAvailable: N}: N;</li>
 *   <li>{@code minAvailable: P%}: P% of the expected pods, rounded up;</li>
 *   <li>{@code maxUnavailable: N} or {@code P%} (rounded up): the expected pods less that, at least 0;</li>
 * </ul>
 * the expected pods being the replicas of the ReplicaSets that own selected pods (upstream's {@code getExpectedScale}:
 * the scale of the pods' controllers). A pod no ReplicaSet owns counts as healthy when Ready but is not expected:
 * upstream leaves pods without a controller out of the expected count, so {@code maxUnavailable} or a percentage
 * {@code minAvailable} over bare pods allows nothing. A budget without expected pods allows nothing.
 * Evictions spend the allowance within a tick ({@link InMemoryCluster#evict}); the next sync recounts, so a pod evicted
 * counts again only once its replacement is Ready.
 */
final class SimulatedDisruptionBudgets {

    private final InMemoryCluster cluster;
    private final SimulatedReplicaSets replicaSets;
    private final SimulatedPodReadiness readiness;
    private List<Scenario.Budget> budgets = List.of();

    SimulatedDisruptionBudgets(InMemoryCluster cluster, SimulatedReplicaSets replicaSets, SimulatedPodReadiness readiness) {
        this.cluster = cluster;
        this.replicaSets = replicaSets;
        this.readiness = readiness;
    }

    void set(List<Scenario.Budget> list, Instant now) {
        budgets = List.copyOf(list);
        sync(cluster.snapshot(), now);
    }

    void sync(ClusterSnapshot s, Instant now) {
        if (budgets.isEmpty()) return;
        Map<SimulatedReplicaSets.ReplicaSet, Integer> sets = replicaSets.replicas();
        for (Scenario.Budget b : budgets) {
            LabelSelector selector = LabelSelector.of(b.selector());
            int healthy = 0;
            int selected = 0;
            Set<SimulatedReplicaSets.ReplicaSet> owners = new LinkedHashSet<>();
            for (Pod p : s.pods()) {
                if (p.daemonSet() || !p.namespace().equals(b.namespace()) || !selector.matches(p.labels())) continue;
                selected++;
                if (readiness.ready(p, now)) healthy++;
                replicaSets.owner(p).ifPresent(owners::add);
            }
            int expected = 0;
            for (SimulatedReplicaSets.ReplicaSet r : owners) expected += sets.get(r);
            cluster.put(new PodDisruptionBudget(b.namespace(), b.name(), selector, disruptionsAllowed(b, selected, expected, healthy),
                    PodDisruptionBudget.fullyBlocking(b.maxUnavailable(), b.minAvailable())));
        }
    }

    /**
     * Upstream's arithmetic: {@code minAvailable} as a number counts against the selected pods, a percentage and
     * {@code maxUnavailable} against the expected pods, percentages rounded up.
     */
    static int disruptionsAllowed(Scenario.Budget b, int selected, int expected, int healthy) {
        int expectedCount;
        int desiredHealthy;
        if (b.maxUnavailable() != null) {
            expectedCount = expected;
            desiredHealthy = Math.max(0, expected - scaled(b.maxUnavailable(), expected));
        } else if (b.minAvailable().endsWith("%")) {
            expectedCount = expected;
            desiredHealthy = scaled(b.minAvailable(), expected);
        } else {
            expectedCount = selected;
            desiredHealthy = Integer.parseInt(b.minAvailable());
        }
        return expectedCount <= 0 ? 0 : Math.max(0, healthy - desiredHealthy);
    }

    /** An int-or-percent against {@code total}, a percentage rounded up ({@code GetScaledValueFromIntOrPercent(..., true)}). */
    static int scaled(String intOrPercent, int total) {
        if (!intOrPercent.endsWith("%")) return Integer.parseInt(intOrPercent);
        long percent = Long.parseLong(intOrPercent.substring(0, intOrPercent.length() - 1));
        return (int) ((percent * total + 99) / 100);
    }
}
