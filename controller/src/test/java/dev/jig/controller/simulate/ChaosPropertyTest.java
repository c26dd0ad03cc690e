package dev.jig.controller.simulate;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every example scenario (and the chaos ones) played under two seeded fault schedules for the first {@value #MINUTES}
 * simulated minutes, then a calm tail: {@link Faults#mix} (failed launches, kubelets that never join, instances
 * terminated outside, spot interruptions, API errors, restarts) and {@link Faults#apiErrorsAndRestarts}. No invariant
 * may break on any second, the world settles once faults stop, and under API errors and restarts it settles within
 * {@link ChaosRuns#SETTLED_COST_GOAL} of the fault-free run's cost. Expectations are not judged here (faults change node
 * counts); the invariants are. A failing seed is printed with the command that replays it. {@code bench/chaos.sh} runs
 * many more seeds ({@link ChaosRuns}).
 */
class ChaosPropertyTest {

    /** Seeds per scenario in {@code mvn verify}. */
    static final int SEEDS = Integer.getInteger("jig.chaos.seeds", 2);
    static final int MINUTES = 20;

    @TestFactory
    Stream<DynamicTest> noInvariantBreaksUnderSeededFaults() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : ChaosRuns.scenarios()) {
            for (long seed = 1; seed <= SEEDS; seed++) {
                long s = seed;
                tests.add(DynamicTest.dynamicTest(file.getFileName() + " seed " + seed, () -> {
                    ChaosRuns.Run run = ChaosRuns.play(file, Faults.mix(s, Duration.ofMinutes(MINUTES)));
                    if (!run.violations().isEmpty()) assertThat(run.violations()).as(run.replay() + "\nfewest faults that still fail: " + ChaosRuns.shrink(run).replay()).isEmpty();
                }));
                tests.add(DynamicTest.dynamicTest(file.getFileName() + " seed " + seed + ", API errors and restarts", () -> {
                    ChaosRuns.Run run = ChaosRuns.play(file, Faults.apiErrorsAndRestarts(s, Duration.ofMinutes(MINUTES)));
                    assertThat(run.violations()).as(run.replay()).isEmpty();
                    assertThat(run.costRatio()).as("a settled cost once faults stopped: " + run.replay()).isPresent();
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void aShrinkKeepsOnlyTheFaultsTheFailureNeeds() throws IOException {
        Path inflate = ChaosRuns.scenarios().stream().filter(f -> f.getFileName().toString().equals("inflate.yaml")).findFirst().orElseThrow();
        ChaosRuns.Run run = ChaosRuns.play(inflate, Faults.mix(1, Duration.ofMinutes(5)));
        // a "failure" that needs two faults: the shrink drops the other eleven, one at a time, and keeps these two
        ChaosRuns.Run smallest = ChaosRuns.shrink(run, r -> r.faults().cloud().launchTimeouts() > 0 && r.faults().controller().restartEvery().isPresent());
        assertThat(smallest.faults().withoutEach()).containsOnlyKeys("launchTimeouts", "restartEvery");
        assertThat(smallest.replay()).endsWith("--faults '{seed: 1, until: 5m, launchTimeouts: 0.02, restartEvery: 10m}'");
    }
}
