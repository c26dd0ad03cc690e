package dev.jig.controller.simulate;

import dev.jig.controller.testing.Scenarios;
import dev.jig.api.ec2.Catalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code examples/scenarios/mixed.yaml}: 700 pods of seven shapes on 20 instance types, under either kube-scheduler scoring. */
class MixedScenarioTest {

    static final Path FILE = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "mixed.yaml");

    static SimulationReport play(String scoring) throws IOException {
        String text = Files.readString(FILE).replace("scoring: LeastAllocated", "scoring: " + scoring);
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(FILE, text);
        assertThat(read.diagnostics()).isEmpty();
        assertThat(read.scenario().orElseThrow().kubeScheduler().configName()).isEqualTo(scoring);
        return Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
    }

    @Test
    void everyPodIsBoundAndWhatSettlesCostsAtMostTenPercentMoreThanWasPlanned() throws IOException {
        for (String scoring : new String[] {"LeastAllocated", "MostAllocated"}) {
            SimulationReport r = play(scoring);
            assertThat(r.passed()).as(scoring).isTrue();
            assertThat(r.waits()).as(scoring).singleElement().satisfies(w -> assertThat(w.settled()).isTrue());
            assertThat(r.settledPerHour()).as(scoring).isPresent();
            assertThat(r.settledPerHour().getAsDouble()).as(scoring).isEqualTo(r.plannedPerHour() + r.replannedPerHour(),
                    org.assertj.core.data.Offset.offset(1e-6));
            assertThat(r.settledPerHour().getAsDouble() / r.plannedPerHour()).as(scoring + ": settled / planned").isLessThanOrEqualTo(1.10);
        }
    }

    @Test
    void leastAndMostAllocatedBindThePodsDifferently() throws IOException {
        SimulationReport least = play("LeastAllocated");
        SimulationReport most = play("MostAllocated");
        assertThat(least.plannedPerHour()).as("the provisioner's first plan does not depend on the kube-scheduler").isEqualTo(most.plannedPerHour());
        assertThat(least.nodes()).extracting(SimulationReport.NodeLine::pods).isNotEqualTo(most.nodes().stream().map(SimulationReport.NodeLine::pods).toList());
        assertThat(least.replannedPerHour()).isNotEqualTo(most.replannedPerHour());
    }
}
