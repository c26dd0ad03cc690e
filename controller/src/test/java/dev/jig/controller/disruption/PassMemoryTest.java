package dev.jig.controller.disruption;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consolidated memo spares consolidation a pass only while nothing its answer depends on has changed, and the
 * time boxes cut a pass short without losing its place.
 */
class PassMemoryTest {

    private static final String[] GENERAL = {"m5.large", "m5.xlarge", "m5.2xlarge"};

    /** Full m5.large nodes (the cheapest type): nothing fits elsewhere, nothing is cheaper, so nothing to consolidate. */
    private static World full(int nodes, String consolidateAfter) {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", consolidateAfter, "100%"), World.types(GENERAL),
                World.capacity("on-demand")));
        for (int i = 0; i < nodes; i++) w.node("n" + i, "m5.large", "on-demand", "a", World.pod("p" + i, 1500));
        return w;
    }

    private static DisruptionResult pass(World w, Instant now, long generation, Set<String> nominated, PassMemory memory) {
        return DisruptionPass.run(w.snapshot(), now, w.cloud, nominated, generation, memory);
    }

    private static List<Boolean> hits(DisruptionResult r) {
        return r.evaluated().stream().filter(e -> e.method().reason() == Reason.UNDERUTILIZED).map(DisruptionResult.Evaluated::memoHit).toList();
    }

    private static PassMemory memory() {
        return new PassMemory(new AtomicLong()::get, PassMemory.MULTI_NODE_TIMEOUT, PassMemory.SINGLE_NODE_TIMEOUT);
    }

    @Test
    void aPassWhereNothingChangedSkipsBothConsolidationMethods() {
        World w = full(3, "0s");
        PassMemory memory = memory();
        DisruptionResult first = pass(w, World.NOW, 7, Set.of(), memory);
        assertThat(first.command()).isEmpty();
        assertThat(hits(first)).containsExactly(false, false);
        DisruptionResult again = pass(w, World.NOW.plusSeconds(10), 7, Set.of(), memory);
        assertThat(hits(again)).containsExactly(true, true);
        assertThat(again.eligible()).isEqualTo(first.eligible());
    }

    @Test
    void aClusterChangeANominationOrFiveMinutesMakeItLookAgain() {
        World w = full(3, "0s");
        PassMemory memory = memory();
        pass(w, World.NOW, 7, Set.of(), memory);
        assertThat(hits(pass(w, World.NOW, 8, Set.of(), memory))).as("a new generation").containsExactly(false, false);
        assertThat(hits(pass(w, World.NOW, 8, Set.of("n1"), memory))).as("a nomination").containsExactly(false, false);
        assertThat(hits(pass(w, World.NOW.plusSeconds(60), 8, Set.of("n1"), memory))).containsExactly(true, true);
        assertThat(hits(pass(w, World.NOW.plus(ConsolidatedMemo.REVALIDATE), 8, Set.of("n1"), memory))).as("five minutes on")
                .containsExactly(false, false);
    }

    @Test
    void aConsolidateAfterWindowThatEndsMakesItLookAgain() {
        // the nodes launched an hour ago: with consolidateAfter 70m none is consolidatable until ten minutes from now
        World w = full(2, "70m");
        PassMemory memory = memory();
        pass(w, World.NOW, 7, Set.of(), memory);
        assertThat(hits(pass(w, World.NOW.plusSeconds(120), 7, Set.of(), memory))).containsExactly(true, true);
        DisruptionResult later = pass(w, World.NOW.plus(Duration.ofMinutes(11)), 7, Set.of(), memory);
        assertThat(hits(later)).as("the window ended: the candidates changed").containsExactly(false, false);
        assertThat(later.eligible().get(Reason.UNDERUTILIZED)).isEqualTo(2);
    }

    @Test
    void withoutAGenerationThereIsNoMemo() {
        World w = full(2, "0s");
        PassMemory memory = memory();
        pass(w, World.NOW, -1, Set.of(), memory);
        assertThat(hits(pass(w, World.NOW, -1, Set.of(), memory))).containsExactly(false, false);
    }

    @Test
    void aSingleNodePassOutOfTimeResumesWithTheCandidatesItDidNotReach() {
        World w = full(3, "0s");
        // every read of the ticker moves it a second: the single-node box of 1.5 s allows one candidate per pass
        AtomicLong ticks = new AtomicLong();
        PassMemory memory = new PassMemory(() -> ticks.addAndGet(1_000_000_000L), Duration.ofHours(1), Duration.ofMillis(1500));
        DisruptionState first = w.state(World.NOW);
        first.memory = memory;
        first.timeBox = TimeBox.of(memory.ticker, memory.singleNodeTimeout);
        assertThat(new SingleNodeConsolidation().compute(first, first.budgets(Reason.UNDERUTILIZED))).isEmpty();
        assertThat(memory.triedBeforeTimeout).hasSize(1);
        String tried = memory.triedBeforeTimeout.iterator().next();

        DisruptionResult next = pass(w, World.NOW, 7, Set.of(), memory);
        DisruptionResult.Evaluated single = next.evaluated().stream()
                .filter(e -> e.method() == Command.Kind.SINGLE_NODE_CONSOLIDATION).findFirst().orElseThrow();
        assertThat(single.timedOut()).isTrue();
        assertThat(memory.triedBeforeTimeout).hasSize(2).contains(tried);
        assertThat(hits(pass(w, World.NOW, 7, Set.of(), memory))).as("a pass cut short marks nothing consolidated").containsExactly(false, false);
    }

    @Test
    void theCandidatesNotReachedGoFirstInTheirOrder() {
        World w = full(4, "0s");
        List<Candidate> ordered = Consolidation.sorted(Consolidation.eligible(w.state(World.NOW)));
        List<Candidate> resumed = SingleNodeConsolidation.unreachedFirst(ordered, Set.of(ordered.get(0).name(), ordered.get(1).name()));
        assertThat(resumed).containsExactly(ordered.get(2), ordered.get(3), ordered.get(0), ordered.get(1));
    }

    @Test
    void aMultiNodeSearchOutOfTimeKeepsTheBestCommandFoundSoFar() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types(GENERAL),
                World.capacity("on-demand")));
        for (int i = 0; i < 6; i++) w.node("n" + i, "m5.2xlarge", "on-demand", "a", World.pod("p" + i, 100));
        DisruptionState unboxed = w.state(World.NOW);
        Command full = new MultiNodeConsolidation().compute(unboxed, unboxed.budgets(Reason.UNDERUTILIZED)).orElseThrow();
        DisruptionState boxed = w.state(World.NOW);
        AtomicLong ticks = new AtomicLong();
        // the box allows the first step of the binary search only
        boxed.timeBox = TimeBox.of(() -> ticks.getAndAdd(1_000), Duration.ofNanos(1_500));
        Command cut = new MultiNodeConsolidation().compute(boxed, boxed.budgets(Reason.UNDERUTILIZED)).orElseThrow();
        assertThat(cut.candidates().size()).isLessThanOrEqualTo(full.candidates().size()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void anOfferingMarkedOutOfCapacityMakesItLookAgain() {
        // a cloud of its own: the shared fixture's insufficient-capacity cache must stay empty for the other tests
        java.time.Clock fixed = java.time.Clock.fixed(World.NOW, java.time.ZoneOffset.UTC);
        dev.jig.controller.cloud.UnavailableOfferings ice = new dev.jig.controller.cloud.UnavailableOfferings(fixed,
                dev.jig.controller.cloud.UnavailableOfferings.DEFAULT_TTL);
        dev.jig.controller.cloud.sim.SimulatedCloud cloud = new dev.jig.controller.cloud.sim.SimulatedCloud(dev.jig.controller.testing.Fixtures.RESOLVER,
                fixed, Duration.ZERO, ice);
        World w = full(2, "0s");
        PassMemory memory = memory();
        DisruptionPass.run(w.snapshot(), World.NOW, cloud, Set.of(), 7, memory);
        assertThat(hits(DisruptionPass.run(w.snapshot(), World.NOW, cloud, Set.of(), 7, memory))).containsExactly(true, true);
        ice.markUnavailable("m5.large", World.ZONE, "on-demand");
        assertThat(hits(DisruptionPass.run(w.snapshot(), World.NOW, cloud, Set.of(), 7, memory))).containsExactly(false, false);
    }
}
