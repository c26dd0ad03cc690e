package dev.jig.controller.simulate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static dev.jig.controller.simulate.DisruptionScenariosTest.disruptions;
import static dev.jig.controller.simulate.DisruptionScenariosTest.play;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenarios of {@code examples/scenarios/parity/}, one per difference an upstream replay found (issue 26): each plays
 * with every expectation held, and its timeline shows the behaviour the expectations stand for.
 */
class ParityScenariosTest {

    private static List<SimulationReport.Line> decided(SimulationReport r, String prefix) {
        return r.timeline().stream().filter(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("decided " + prefix)).toList();
    }

    /** The line's time, in seconds of the run. */
    private static long seconds(SimulationReport.Line l) {
        return l.at();
    }

    @Test
    void aTemplateDoNotDisruptKeepsAnEmptyNode() throws IOException {
        SimulationReport r = play("parity/template-do-not-disrupt.yaml");
        assertThat(disruptions(r, "decided")).isEmpty();
    }

    @Test
    void aTemplateAnnotationChangeDriftsTheNode() throws IOException {
        SimulationReport r = play("parity/template-annotation-drift.yaml");
        assertThat(disruptions(r, "decided")).singleElement().asString().startsWith("decided Drifted/drift: replace");
    }

    @Test
    void aPodsDoNotDisruptDurationHoldsItsNodeForTenMinutesFromItsStart() throws IOException {
        SimulationReport r = play("parity/do-not-disrupt-duration.yaml");
        SimulationReport.Line replace = decided(r, "Underutilized/single-node-consolidation: replace").get(0);
        SimulationReport.Line bound = r.timeline().stream().filter(l -> l.kind().equals("POD_BOUND") && l.message().contains("inflate-0")).findFirst().orElseThrow();
        assertThat(seconds(replace) - seconds(bound)).as("decided after the pod's ten minutes, within one poll period").isBetween(600L, 611L);
    }

    @Test
    void aNodeInsideItsConsolidateAfterWindowIsNoDestination() throws IOException {
        SimulationReport r = play("parity/consolidate-after-destination.yaml");
        SimulationReport.Line delete = decided(r, "Underutilized/single-node-consolidation: delete").get(0);
        SimulationReport.Line big = r.timeline().stream().filter(l -> l.kind().equals("POD_BOUND") && l.message().contains("big-0")).findFirst().orElseThrow();
        assertThat(seconds(delete)).as("not before the m5.large's own window (5m from big-0's binding)").isGreaterThanOrEqualTo(seconds(big) + 300);
    }

    @Test
    void aDriftedNodeWhosePodsCannotLeaveGetsNoReplacement() throws IOException {
        SimulationReport r = play("parity/pdb-blocked-drift.yaml");
        assertThat(disruptions(r, "decided")).singleElement().asString().startsWith("decided Drifted/drift: delete");
        List<SimulationReport.Line> created = r.timeline().stream().filter(l -> l.kind().equals("NODECLAIM_CREATED")).toList();
        SimulationReport.Line podsDeleted = r.timeline().stream().filter(l -> l.kind().equals("POD_DELETED")).findFirst().orElseThrow();
        assertThat(created).hasSize(2);
        assertThat(seconds(created.get(1))).as("the second node only once the grace period deleted the pods").isGreaterThanOrEqualTo(seconds(podsDeleted));
    }

    @Test
    void driftTakesTheEarliestDriftedFirst() throws IOException {
        SimulationReport r = play("parity/drift-order.yaml");
        List<String> drifted = disruptions(r, "decided Drifted");
        assertThat(drifted).hasSize(2);
        assertThat(drifted.get(0)).as("the m5.large (i-…2), drifted first though launched second").contains("i-0000000000000002").contains("replace");
    }

    @Test
    void driftKeepsThreeCommandsInFlightUnderABudgetOfThree() throws IOException {
        SimulationReport r = play("parity/drift-parallel.yaml");
        List<SimulationReport.Line> drifts = decided(r, "Drifted/drift");
        assertThat(drifts).hasSize(5);
        assertThat(seconds(drifts.get(2)) - seconds(drifts.get(0))).as("three decided within seconds").isLessThanOrEqualTo(3);
        assertThat(seconds(drifts.get(3)) - seconds(drifts.get(0))).as("the fourth once one of them is done").isGreaterThan(30);
    }

    @Test
    void balancedRefusesAReplaceThatSavesTooLittleForItsDisruption() throws IOException {
        SimulationReport r = play("parity/balanced.yaml");
        assertThat(disruptions(r, "decided")).singleElement().asString().startsWith("decided Empty/emptiness: delete");
    }
}
