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

class SimulatedPodReadinessTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedPodReadiness readiness = new SimulatedPodReadiness(Duration.ofSeconds(10));

    private void node(String name, boolean ready) {
        cluster.register(new Node(name, "sim:///" + name, Map.of(), List.of(), ResourceList.of(2000, 4096), ResourceList.of(2000, 4096), ready, T0));
    }

    private Pod pod(String name) {
        return cluster.snapshot().pods().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private void sync(int second) {
        readiness.sync(cluster.snapshot(), T0.plusSeconds(second));
    }

    @Test
    void aPodBoundToAReadyNodeTurnsReadyAfterTheLatencyNotBefore() {
        node("n1", true);
        cluster.put(Pod.of("default", "web-0", ResourceList.ZERO, Map.of()));
        cluster.bind("default/web-0", "n1", java.time.Instant.EPOCH);
        sync(0);
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(9))).isFalse();
        sync(10);
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(10))).isTrue();
    }

    @Test
    void aPendingPodOrOneOnANotReadyNodeIsNotReadyAndItsClockStartsWhenTheNodeTurnsReady() {
        node("n1", false);
        cluster.put(Pod.of("default", "pending", ResourceList.ZERO, Map.of()));
        cluster.put(Pod.of("default", "web-0", ResourceList.ZERO, Map.of()));
        cluster.bind("default/web-0", "n1", java.time.Instant.EPOCH);
        sync(0);
        sync(30);
        assertThat(readiness.ready(pod("pending"), T0.plusSeconds(30))).isFalse();
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(30))).isFalse();
        node("n1", true);
        sync(31);
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(40))).isFalse();
        sync(41);
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(41))).isTrue();
    }

    @Test
    void aNodeTurningNotReadyTakesItsPodsReadinessAway() {
        node("n1", true);
        cluster.put(Pod.of("default", "web-0", ResourceList.ZERO, Map.of()));
        cluster.bind("default/web-0", "n1", java.time.Instant.EPOCH);
        sync(0);
        sync(10);
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(10))).isTrue();
        node("n1", false);
        sync(11);
        assertThat(readiness.ready(pod("web-0"), T0.plusSeconds(11))).isFalse();
    }
}
