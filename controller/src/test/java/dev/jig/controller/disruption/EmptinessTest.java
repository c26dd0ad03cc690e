package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmptinessTest {

    private static World world(String policy, String consolidateAfter, String budget) {
        return new World().pool(World.pool("a", World.disruption(policy, consolidateAfter, budget), World.types("m5.large", "m5.xlarge")));
    }

    private static Optional<Command> empty(World w, java.time.Instant now) {
        DisruptionState s = w.state(now);
        return new Emptiness().compute(s, s.budgets(Reason.EMPTY));
    }

    @Test
    void anEmptyNodeIsDeletedAndDaemonSetAndMirrorPodsDoNotCount() {
        World w = world("WhenEmptyOrUnderutilized", "30s", "100%")
                .node("empty", "m5.large", "on-demand", "a",
                        World.pod("ds", 100).with().daemonSet(true).build(),
                        World.pod("static", 100).with().annotation(Annotations.MIRROR_POD, "x").build())
                .node("busy", "m5.large", "on-demand", "a", World.pod("web", 500));
        Command c = empty(w, World.NOW).orElseThrow();
        assertEquals(List.of("empty"), World.names(c));
        assertEquals(Command.Decision.DELETE, c.decision());
        assertEquals(Reason.EMPTY, c.reason());
        assertEquals(c.candidates().get(0).price(), c.savingsPerHour(), 1e-9);
    }

    @Test
    void consolidateAfterCountsFromTheLastPodEvent() {
        java.time.Instant lastPod = World.NOW.minusSeconds(20);
        World w = world("WhenEmpty", "30s", "100%")
                .node("empty", "m5.large", "on-demand", "a", c -> c.withStatus(c.status().withLastPodEventTime(lastPod)), n -> n);
        assertTrue(empty(w, World.NOW).isEmpty(), "20 s after the last pod left, 30 s have not passed");
        assertTrue(empty(w, World.NOW.plusSeconds(9)).isEmpty());
        assertEquals(List.of("empty"), World.names(empty(w, World.NOW.plusSeconds(10)).orElseThrow()));
    }

    @Test
    void withoutAPodEventConsolidateAfterCountsFromInitialization() {
        // The node initialized an hour ago.
        World w = world("WhenEmpty", "2h", "100%").node("empty", "m5.large", "on-demand", "a");
        assertTrue(empty(w, World.NOW).isEmpty());
        assertTrue(empty(w, World.NOW.plus(Duration.ofHours(1))).isPresent());
    }

    @Test
    void consolidateAfterNeverTurnsEmptinessOff() {
        World w = world("WhenEmpty", "Never", "100%").node("empty", "m5.large", "on-demand", "a");
        assertTrue(empty(w, World.NOW.plus(Duration.ofDays(30))).isEmpty());
    }

    @Test
    void theEmptyBudgetCapsHowManyGoInOneCommand() {
        World w = world("WhenEmpty", "0s", "2");
        for (int i = 0; i < 5; i++) w.node("e" + i, "m5.large", "on-demand", "a");
        assertEquals(2, empty(w, World.NOW).orElseThrow().candidates().size());
        World frozen = world("WhenEmpty", "0s", "0").node("e", "m5.large", "on-demand", "a");
        assertTrue(empty(frozen, World.NOW).isEmpty());
    }
}
