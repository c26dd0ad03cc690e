package dev.jig.controller.simulate;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every example scenario (and the chaos ones) played under seeded random faults ({@link Faults#mix}: failed launches,
 * kubelets that never join, instances terminated outside, spot interruptions), for the first {@value #MINUTES} simulated
 * minutes of faults: no invariant may break on any second. Expectations are not judged here (faults change node counts);
 * the invariants are. A failing seed is printed with the command that replays it. {@code bench/chaos.sh} runs many more
 * seeds ({@link ChaosRuns}).
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
                    assertThat(run.violations()).as(run.replay()).isEmpty();
                }));
            }
        }
        return tests.stream();
    }
}
