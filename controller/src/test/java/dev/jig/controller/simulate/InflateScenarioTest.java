package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The seed scenario of the issue, played as {@code jig-controller simulate} plays it. */
class InflateScenarioTest {

    static final Path FILE = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "inflate.yaml");

    static SimulationReport play() throws IOException {
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(FILE, Files.readString(FILE));
        assertThat(read.diagnostics()).isEmpty();
        return Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
    }

    @Test
    void scalingUpLaunchesM5LargesAndScalingDownConsolidatesToOneM5LargeThenOneC5Large() throws IOException {
        SimulationReport r = play();
        assertThat(r.checks()).hasSize(4).allSatisfy(c -> assertThat(c.passed()).as(c.at() + ": " + c.actual()).isTrue());
        assertThat(r.checks().get(0).expected()).isEqualTo("1 node(s), {m5.large=1}, 0 pending");
        assertThat(r.checks().get(1).expected()).isEqualTo("2 node(s), {m5.large=2}, 0 pending");
        assertThat(r.checks().get(2).expected()).isEqualTo("1 node(s), {m5.large=1}, 0 pending");
        assertThat(r.checks().get(3).expected()).isEqualTo("1 node(s), {c5.large=1}, 0 pending");
        assertThat(r.passed()).isTrue();
    }

    @Test
    void theReportListsTheNodesWithTheirPricesAndTheTotal() throws IOException {
        SimulationReport r = play();
        assertThat(r.nodes()).extracting(SimulationReport.NodeLine::instanceType).containsExactly("c5.large");
        assertThat(r.nodes()).allSatisfy(n -> assertThat(n.pricePerHour()).isEqualTo(0.085));
        assertThat(r.totalPerHour()).isEqualTo(0.085, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.text()).contains("NODECLAIM_CREATED", "LAUNCHED", "INITIALIZED", "DISRUPTION", "At the end (+4:48): 1 node, $0.0850 per hour");
        assertThat(r.json()).contains("\"totalPerHour\" : 0.085", "\"passed\" : true", "\"kind\" : \"NODECLAIM_CREATED\"");
    }

    @Test
    void theDisruptionsAreAnEmptinessThenAReplacementWhoseNewNodeInitializesBeforeTheOldOneGoes() throws IOException {
        SimulationReport r = play();
        java.util.List<SimulationReport.Line> decided = r.timeline().stream()
                .filter(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("decided")).toList();
        assertThat(decided).extracting(SimulationReport.Line::message).containsExactly(
                "decided Empty/emptiness: delete [" + decided.get(0).subject() + "] (savings: $0.0960/h)",
                "decided Underutilized/single-node-consolidation: replace [" + decided.get(1).subject() + "] -> [c5.large] (savings: $0.0110/h)");
        assertThat(r.timeline()).noneMatch(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("aborted"));
        String replacement = r.timeline().stream().filter(l -> l.kind().equals("NODECLAIM_CREATED") && l.message().startsWith("replacement: "))
                .map(SimulationReport.Line::subject).findFirst().orElseThrow();
        long initialized = r.timeline().stream().filter(l -> l.kind().equals("INITIALIZED") && l.subject().equals(replacement))
                .mapToLong(SimulationReport.Line::at).findFirst().orElseThrow();
        java.util.List<Long> deleted = r.timeline().stream().filter(l -> l.kind().equals("NODECLAIM_DELETED"))
                .map(SimulationReport.Line::at).toList();
        assertThat(deleted).hasSize(2);
        assertThat(deleted.get(1)).as("the m5.large goes after its replacement initialized, plus the validation")
                .isGreaterThanOrEqualTo(initialized + 15);
    }

    @Test
    void theFirstBatchRunsOneIdleSecondAfterThePodsAppear() throws IOException {
        SimulationReport r = play();
        SimulationReport.Line batch = r.timeline().stream().filter(l -> l.kind().equals("BATCH")).findFirst().orElseThrow();
        assertThat(batch.at()).isEqualTo(2);
        assertThat(batch.subject()).isEqualTo("5 pods");
    }

    @Test
    void sameScenarioSameTimeline() throws IOException {
        assertThat(play().json()).isEqualTo(play().json());
    }

    @Test
    void everyWaitSettlesAndWhatSettledCostsWhatWasPlanned() throws IOException {
        SimulationReport r = play();
        assertThat(r.waits()).hasSize(2).allSatisfy(w -> {
            assertThat(w.settled()).isTrue();
            assertThat(w.pending()).isEmpty();
        });
        assertThat(r.waits().get(0).costPerHour()).isEqualTo(0.096, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.plannedPerHour()).isEqualTo(0.192, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.replacementsPerHour()).as("the c5.large replacement").isEqualTo(0.085, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.settledPerHour()).hasValue(0.192);
        assertThat(r.text()).contains("Launched over the run: $0.1920/h for new demand", "$0.0850/h of replacements by disruption",
                "Settled cost, at the last wait (+1:41): $0.1920/h, 1.00× what was launched for new demand");
        assertThat(r.json()).contains("\"plannedPerHour\" : 0.192", "\"settledPerHour\" : 0.192", "\"outcome\" : \"settled\"");
    }
}
