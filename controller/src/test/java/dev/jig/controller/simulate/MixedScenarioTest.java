package dev.jig.controller.simulate;

import dev.jig.controller.testing.Scenarios;
import dev.jig.api.ec2.Catalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code examples/scenarios/mixed.yaml}: 700 pods of seven shapes on 20 instance types, under either kube-scheduler scoring. */
class MixedScenarioTest {

    static final Path FILE = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "mixed.yaml");

    static SimulationReport play(String scoring) throws IOException {
        return play(scoring, "Honored");
    }

    static SimulationReport play(String scoring, String nominations) throws IOException {
        String text = Files.readString(FILE).replace("scoring: LeastAllocated", "scoring: " + scoring)
                .replace("nominations: Honored", "nominations: " + nominations);
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(FILE, text);
        assertThat(read.diagnostics()).isEmpty();
        assertThat(read.scenario().orElseThrow().kubeScheduler().configName()).isEqualTo(scoring);
        assertThat(read.scenario().orElseThrow().nominations().configName()).isEqualTo(nominations);
        return Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
    }

    private static List<Integer> podsPerNode(SimulationReport r) {
        return r.nodes().stream().map(SimulationReport.NodeLine::pods).toList();
    }

    @Test
    void everyPodIsBoundAndWhatSettlesCostsAtMostTenPercentMoreThanWasPlanned() throws IOException {
        for (String scoring : new String[] {"LeastAllocated", "MostAllocated"}) {
            SimulationReport r = play(scoring);
            assertThat(r.passed()).as(scoring).isTrue();
            assertThat(r.waits()).as(scoring).singleElement().satisfies(w -> assertThat(w.settled()).isTrue());
            assertThat(r.settledPerHour()).as(scoring).isPresent();
            // Consolidation runs during the wait too: what settles is what launched less what it removed.
            assertThat(r.settledPerHour().getAsDouble()).as(scoring).isLessThanOrEqualTo(r.plannedPerHour() + r.replannedPerHour() + r.replacementsPerHour() + 1e-6);
            // 1.10 before disruption ran in the world; with it, MostAllocated settles at 1.106: consolidation deletes nodes
            // during the wait and the kube-scheduler packs the displaced pods elsewhere than the simulation assumed, so some
            // are re-planned onto new nodes (Karpenter churns the same way). Since simulate drains (every command's node is
            // drained, its pods replaced by new ones), the wait runs until consolidation has finished: 0.95 (Least), 1.04 (Most).
            assertThat(r.settledPerHour().getAsDouble() / r.plannedPerHour()).as(scoring + ": settled / planned").isLessThanOrEqualTo(1.12);
        }
    }

    @Test
    void withoutNominationsLeastAndMostAllocatedBindThePodsDifferently() throws IOException {
        SimulationReport least = play("LeastAllocated", "Ignored");
        SimulationReport most = play("MostAllocated", "Ignored");
        assertThat(firstBatch(least)).as("the provisioner's first plan does not depend on the kube-scheduler").isEqualTo(firstBatch(most));
        assertThat(podsPerNode(least)).isNotEqualTo(podsPerNode(most));
        assertThat(least.replannedPerHour()).isNotEqualTo(most.replannedPerHour());
    }

    /**
     * The kube-scheduler clears a nomination whenever it tries the pod before its node is Ready, and Jig writes it again
     * on its next reconcile, so some pods meet their node without one and go where scoring sends them: the two
     * scorings no longer bind exactly alike. Still, nothing is planned again and nothing settles above the plan.
     */
    @Test
    void withNominationsNeitherScoringMakesTheProvisionerPlanAgain() throws IOException {
        SimulationReport least = play("LeastAllocated", "Honored");
        SimulationReport most = play("MostAllocated", "Honored");
        assertThat(podsPerNode(least)).hasSameSizeAs(podsPerNode(most));
        assertThat(least.replannedPerHour()).isZero();
        assertThat(most.replannedPerHour()).isZero();
        assertThat(least.settledPerHour().getAsDouble()).isLessThanOrEqualTo(least.plannedPerHour() + 1e-6);
        assertThat(most.settledPerHour().getAsDouble()).isLessThanOrEqualTo(most.plannedPerHour() + 1e-6);
    }

    /** The first batch and the NodeClaims it created, as the timeline says them. */
    private static List<String> firstBatch(SimulationReport r) {
        long at = r.timeline().stream().filter(l -> l.kind().equals("BATCH")).findFirst().orElseThrow().at();
        return r.timeline().stream().filter(l -> l.at() == at && (l.kind().equals("BATCH") || l.kind().equals("NODECLAIM_CREATED")))
                .map(l -> l.kind() + " " + l.message()).toList();
    }
}
