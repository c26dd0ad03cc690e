package dev.jig.controller.simulate;

import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The API server's disruption controller for {@code simulate}: each tick every scenario PodDisruptionBudget gets
 * {@code disruptionsAllowed} = its healthy pods (selected, bound to a Ready node) less {@code minAvailable}, at least 0.
 * Evictions spend the allowance within a tick ({@link InMemoryCluster#evict}); the next sync recounts.
 */
final class SimulatedDisruptionBudgets {

    private final InMemoryCluster cluster;
    private List<Scenario.Budget> budgets = List.of();

    SimulatedDisruptionBudgets(InMemoryCluster cluster) {
        this.cluster = cluster;
    }

    void set(List<Scenario.Budget> list) {
        budgets = List.copyOf(list);
        sync();
    }

    void sync() {
        if (budgets.isEmpty()) return;
        ClusterSnapshot s = cluster.snapshot();
        Set<String> ready = new HashSet<>();
        for (Node n : s.nodes()) if (n.ready()) ready.add(n.name());
        for (Scenario.Budget b : budgets) {
            LabelSelector selector = LabelSelector.of(b.selector());
            int healthy = 0;
            for (Pod p : s.pods()) {
                if (p.namespace().equals(b.namespace()) && p.isBound() && ready.contains(p.nodeName()) && selector.matches(p.labels())) healthy++;
            }
            cluster.put(new PodDisruptionBudget(b.namespace(), b.name(), selector, Math.max(0, healthy - b.minAvailable())));
        }
    }
}
