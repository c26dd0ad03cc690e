package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The disruption scenarios of {@code examples/scenarios/}, played as {@code jig-controller simulate} plays them: every
 * {@code expect} holds, and the timeline shows the decision (or the block) the scenario is about.
 */
class DisruptionScenariosTest {

    static SimulationReport play(String name) throws IOException {
        Path file = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", name);
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, Files.readString(file));
        assertThat(read.diagnostics()).isEmpty();
        SimulationReport r = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
        assertThat(r.checks()).isNotEmpty().allSatisfy(c -> assertThat(c.passed()).as(c.at() + ": expected " + c.expected() + ", got " + c.actual()
                + "\n" + r.text()).isTrue());
        return r;
    }

    static List<String> disruptions(SimulationReport r, String prefix) {
        return r.timeline().stream().filter(l -> l.kind().equals("DISRUPTION") && l.message().startsWith(prefix))
                .map(SimulationReport.Line::message).toList();
    }

    @Test
    void aChangedNodePoolTemplateDriftsItsNodeWhichIsReplacedFirst() throws IOException {
        SimulationReport r = play("drift.yaml");
        assertThat(r.timeline()).anyMatch(l -> l.kind().equals("APPLIED") && l.subject().equals("NodePool/default"));
        assertThat(disruptions(r, "decided")).singleElement().asString().startsWith("decided Drifted/drift: replace");
        assertThat(disruptions(r, "executed")).singleElement().asString().contains("after [");
    }

    private static List<SimulationReport.Line> lines(SimulationReport r, String kind) {
        return r.timeline().stream().filter(l -> l.kind().equals(kind)).toList();
    }

    /** Every EVICTION_BLOCKED line is a hold before asking (no 429 retried), at most one per pod every five minutes. */
    private static void onlyHoldsAtMostEveryFiveMinutesPerPod(SimulationReport r) {
        List<SimulationReport.Line> blocked = lines(r, "EVICTION_BLOCKED");
        assertThat(blocked).allSatisfy(l -> assertThat(l.message()).endsWith("allows no disruption; waiting"));
        java.util.Map<String, Long> last = new java.util.HashMap<>();
        for (SimulationReport.Line l : blocked) {
            Long before = last.put(l.subject(), l.at());
            if (before != null) assertThat(l.at() - before).as(l.subject()).isGreaterThanOrEqualTo(300);
        }
    }

    @Test
    void anExpiredNodeWhoseDrainAPodDisruptionBudgetBlocksIsForcedWhenItsTerminationGracePeriodRunsOut() throws IOException {
        SimulationReport r = play("expiration.yaml");
        SimulationReport.Line expired = r.timeline().stream().filter(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("Expired/expiration: delete"))
                .findFirst().orElseThrow();
        assertThat(lines(r, "EVICTION_BLOCKED")).as("the budget holds every pod").hasSize(5)
                .allSatisfy(l -> assertThat(l.message()).startsWith("PodDisruptionBudget default/inflate allows no disruption"));
        onlyHoldsAtMostEveryFiveMinutesPerPod(r);
        assertThat(lines(r, "POD_EVICTED")).as("nothing is evicted: the pods are deleted").isEmpty();
        List<SimulationReport.Line> forced = lines(r, "POD_DELETED");
        assertThat(forced).hasSize(5).allSatisfy(l -> {
            assertThat(l.message()).isEqualTo("the termination grace period of " + r.timeline().stream()
                    .filter(x -> x.kind().equals("INSTANCE_TERMINATING")).findFirst().orElseThrow().subject() + " ends within the pod's own (30s)");
            assertThat(l.at()).as("terminationGracePeriod (5m) after the expiration, less the pods' own 30 s").isEqualTo(expired.at() + 270);
        });
        SimulationReport.Line terminating = lines(r, "INSTANCE_TERMINATING").get(0);
        assertThat(terminating.at()).as("the instance goes only once the pods are gone, a second later").isEqualTo(expired.at() + 271);
        assertThat(lines(r, "DISRUPTION")).as("the node launched for the pods while they were held is kept for their replacements")
                .noneMatch(l -> l.message().startsWith("decided Empty"));
        assertThat(lines(r, "NODECLAIM_CREATED")).hasSize(2);
    }

    @Test
    void aZeroBudgetInItsScheduleWindowHoldsConsolidationUntilTheWindowEnds() throws IOException {
        SimulationReport r = play("budget-schedule.yaml");
        List<SimulationReport.Line> decided = r.timeline().stream().filter(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("decided")).toList();
        assertThat(decided).singleElement().satisfies(l -> {
            assertThat(l.message()).startsWith("decided Empty/emptiness: delete");
            assertThat(l.at()).as("not before the one-hour window has passed").isGreaterThanOrEqualTo(3600);
        });
    }

    @Test
    void aPodDisruptionBudgetSpacesTheDrainsEvictionsByTheReplacementsReadinessAndTheNodeGoesAfterTheLast() throws IOException {
        SimulationReport r = play("pdb.yaml");
        assertThat(disruptions(r, "decided")).singleElement().asString().startsWith("decided Drifted/drift: replace");
        List<Long> evicted = lines(r, "POD_EVICTED").stream().map(SimulationReport.Line::at).toList();
        assertThat(evicted).hasSize(3);
        for (int i = 1; i < evicted.size(); i++) {
            assertThat(evicted.get(i) - evicted.get(i - 1)).as("one eviction, then the replacement is bound and Ready 10 s later")
                    .isGreaterThanOrEqualTo(11);
        }
        assertThat(lines(r, "EVICTION_BLOCKED")).isNotEmpty().allSatisfy(l -> assertThat(l.at()).isBetween(evicted.get(0), evicted.get(2)));
        onlyHoldsAtMostEveryFiveMinutesPerPod(r);
        long gone = lines(r, "NODECLAIM_DELETED").get(0).at();
        assertThat(gone).as("the old node goes after its last pod").isGreaterThan(evicted.get(2));
        assertThat(r.nodes()).singleElement().satisfies(n -> assertThat(n.pods()).isEqualTo(3));
    }

    @Test
    void withoutTheBudgetTheDrainEvictsEveryPodAtOnceAndTheReadyFloorExpectationFails() throws IOException {
        Path file = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "pdb.yaml");
        String text = Files.readString(file);
        String budgets = text.substring(text.indexOf("  podDisruptionBudgets:"), text.indexOf("  steps:"));
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, text.replace(budgets, ""));
        SimulationReport r = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
        assertThat(lines(r, "POD_EVICTED")).hasSize(3).extracting(SimulationReport.Line::at).containsOnly(lines(r, "POD_EVICTED").get(0).at());
        assertThat(r.checks()).last().satisfies(c -> {
            assertThat(c.passed()).isFalse();
            assertThat(c.expected()).endsWith("at least 2 Ready inflate pod(s) throughout");
            assertThat(c.actual()).endsWith("0 Ready inflate pod(s) at the fewest");
        });
    }

    @Test
    void doNotDisruptPodsKeepTheirNodeButAnEmptiedNodeStillGoes() throws IOException {
        SimulationReport r = play("do-not-disrupt.yaml");
        assertThat(disruptions(r, "decided")).singleElement().asString().startsWith("decided Empty/emptiness");
    }

    @Test
    void aSpotInterruptionDeletesTheNodeClaimAndItsPodsLandOnANewSpotNode() throws IOException {
        SimulationReport r = play("spot-interruption.yaml");
        assertThat(r.timeline()).anyMatch(l -> l.kind().equals("INTERRUPTION") && l.message().startsWith("SpotInterrupted (simulated) for i-")
                && l.message().endsWith("deleting the NodeClaim"));
        assertThat(r.timeline().stream().filter(l -> l.kind().equals("NODECLAIM_CREATED")).count()).isEqualTo(2);
        assertThat(r.nodes()).allSatisfy(n -> assertThat(n.capacityType()).isEqualTo("spot"));
        List<String> kinds = r.timeline().stream().map(SimulationReport.Line::kind).toList();
        int interrupted = kinds.indexOf("INTERRUPTION");
        assertThat(kinds.get(interrupted - 1)).as("the node is tainted first").isEqualTo("NODE_TAINTED");
        int replacement = kinds.subList(interrupted, kinds.size()).indexOf("NODECLAIM_CREATED") + interrupted;
        int gone = kinds.subList(interrupted, kinds.size()).indexOf("NODECLAIM_DELETED") + interrupted;
        assertThat(replacement).as("the replacement is launched before the interrupted NodeClaim is gone").isGreaterThan(interrupted).isLessThan(gone);
        assertThat(r.timeline().get(replacement).at()).isEqualTo(r.timeline().get(interrupted).at());
    }

    @Test
    void twelveToOneSettlesOnOneC5LargeThroughEmptinessThenAReplacement() throws IOException {
        SimulationReport r = play("scale-down.yaml");
        assertThat(disruptions(r, "decided")).hasSize(2).satisfies(d -> {
            assertThat(d.get(0)).startsWith("decided Empty/emptiness: delete");
            assertThat(d.get(1)).startsWith("decided Underutilized/single-node-consolidation: replace").contains("-> [c5.large]");
        });
        assertThat(r.totalPerHour()).isEqualTo(0.085, org.assertj.core.data.Offset.offset(1e-9));
    }
}
