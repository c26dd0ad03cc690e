package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SimulatedDisruptionBudgetsTest {

    private static final Map<String, String> WEB = Map.of("app", "web");

    private static Scenario.Budget min(String v) {
        return new Scenario.Budget("web", "default", WEB, v, null);
    }

    private static Scenario.Budget max(String v) {
        return new Scenario.Budget("web", "default", WEB, null, v);
    }

    @Test
    void minAvailableAsANumberCountsTheHealthyPodsAgainstIt() {
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(min("2"), 3, 3, 3)).isEqualTo(1);
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(min("2"), 3, 3, 2)).isZero();
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(min("2"), 3, 3, 1)).as("never below 0").isZero();
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(min("0"), 0, 0, 0)).as("no pods, nothing to allow").isZero();
    }

    @Test
    void percentagesCountAgainstTheExpectedPodsAndRoundUp() {
        assertThat(SimulatedDisruptionBudgets.scaled("50%", 3)).isEqualTo(2);
        assertThat(SimulatedDisruptionBudgets.scaled("34%", 3)).isEqualTo(2);
        assertThat(SimulatedDisruptionBudgets.scaled("33%", 3)).isEqualTo(1);
        assertThat(SimulatedDisruptionBudgets.scaled("0%", 3)).isZero();
        assertThat(SimulatedDisruptionBudgets.scaled("4", 3)).isEqualTo(4);
        // minAvailable 50% of 3 expected = 2 (rounded up): 3 healthy allow 1
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(min("50%"), 3, 3, 3)).isEqualTo(1);
        // maxUnavailable 25% of 3 = 1 (rounded up): 2 must stay healthy
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(max("25%"), 3, 3, 3)).isEqualTo(1);
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(max("1"), 3, 3, 2)).isZero();
        // the expected pods (replicas) count, not the pods that exist: 4 replicas, 3 pods, maxUnavailable 1 wants 3 healthy
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(max("1"), 3, 4, 3)).isZero();
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(max("100%"), 3, 3, 3)).isEqualTo(3);
        assertThat(SimulatedDisruptionBudgets.disruptionsAllowed(max("100%"), 0, 0, 0)).isZero();
    }

    @Test
    void onlyReadyPodsAreHealthySoABoundPodNotYetReadyAllowsNothing() {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        SimulatedClock clock = new SimulatedClock(t0);
        InMemoryCluster cluster = new InMemoryCluster();
        SimulatedReplicaSets sets = new SimulatedReplicaSets(cluster, clock);
        SimulatedPodReadiness readiness = new SimulatedPodReadiness(Duration.ofSeconds(10));
        SimulatedDisruptionBudgets budgets = new SimulatedDisruptionBudgets(cluster, sets, readiness);
        cluster.register(new Node("n1", "sim:///n1", Map.of(), List.of(), ResourceList.of(2000, 4096), ResourceList.of(2000, 4096), true, t0));
        sets.scale(new SimulatedReplicaSets.ReplicaSet("default", "web", n -> Pod.of("default", n, ResourceList.ZERO, WEB)), 3);
        for (int i = 0; i < 3; i++) cluster.bind("default/web-" + i, "n1", java.time.Instant.EPOCH);
        readiness.sync(cluster.snapshot(), t0);
        budgets.set(List.of(min("2")), t0);
        assertThat(cluster.snapshot().pdbs()).singleElement().satisfies(b -> assertThat(b.disruptionsAllowed()).isZero());

        Instant later = t0.plusSeconds(10);
        readiness.sync(cluster.snapshot(), later);
        budgets.sync(cluster.snapshot(), later);
        assertThat(cluster.snapshot().pdbs()).singleElement().satisfies(b -> assertThat(b.disruptionsAllowed()).isEqualTo(1));
    }

    @Test
    void podsNoReplicaSetOwnsAreNotExpectedSoOnlyANumericMinAvailableAllowsTheirDisruption() {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        InMemoryCluster cluster = new InMemoryCluster();
        SimulatedPodReadiness readiness = new SimulatedPodReadiness(Duration.ZERO);
        SimulatedDisruptionBudgets budgets = new SimulatedDisruptionBudgets(cluster, new SimulatedReplicaSets(cluster, new SimulatedClock(t0)), readiness);
        cluster.register(new Node("n1", "sim:///n1", Map.of(), List.of(), ResourceList.of(2000, 4096), ResourceList.of(2000, 4096), true, t0));
        for (int i = 0; i < 3; i++) cluster.put(Pod.of("default", "bare-" + i, ResourceList.ZERO, WEB).with().nodeName("n1").build());
        readiness.sync(cluster.snapshot(), t0);
        for (Scenario.Budget b : List.of(max("1"), min("50%"))) {
            budgets.set(List.of(b), t0);
            assertThat(cluster.snapshot().pdbs()).as("%s: upstream's expected count leaves unmanaged pods out", b)
                    .singleElement().satisfies(p -> assertThat(p.disruptionsAllowed()).isZero());
        }
        budgets.set(List.of(min("2")), t0);
        assertThat(cluster.snapshot().pdbs()).as("minAvailable: 2 counts the 3 Ready pods against 2")
                .singleElement().satisfies(p -> assertThat(p.disruptionsAllowed()).isEqualTo(1));
    }
}
