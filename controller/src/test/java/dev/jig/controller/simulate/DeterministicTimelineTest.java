package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code simulate} plays {@code run}'s cadence table on the simulated clock with launches inline, so the same
 * scenario gives the same timeline, line for line, however often it is played.
 */
class DeterministicTimelineTest {

    private static SimulationReport play(String name) throws IOException {
        Path file = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", name);
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, Files.readString(file));
        assertThat(read.diagnostics()).isEmpty();
        return Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"spot-interruption.yaml", "drift.yaml", "pdb.yaml", "scale-down.yaml"})
    void theSameScenarioPlayedTwiceGivesTheSameTimeline(String scenario) throws IOException {
        SimulationReport first = play(scenario);
        SimulationReport second = play(scenario);
        assertThat(first.timeline()).as("a scenario that does something").hasSizeGreaterThan(10);
        assertThat(second.timeline()).isEqualTo(first.timeline());
        assertThat(second.series()).isEqualTo(first.series());
    }
}
