package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.jig.controller.simulate.DisruptionScenariosTest.disruptions;
import static dev.jig.controller.simulate.DisruptionScenariosTest.play;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenarios of {@code examples/scenarios/chaos/}, each with its own faults: every expectation and invariant holds,
 * and each fault's timeline shows what it stands for (one test per fault of {@code spec.faults}).
 */
class ChaosScenariosTest {

    private static final Path CHAOS = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "chaos");

    @TestFactory
    Stream<DynamicTest> everyChaosScenarioHoldsItsExpectationsAndTheInvariants() throws IOException {
        try (Stream<Path> files = Files.list(CHAOS)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream()
                    .map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> play("chaos/" + f.getFileName())));
        }
    }

    private static List<SimulationReport.Line> lines(SimulationReport r, String kind) {
        return r.timeline().stream().filter(l -> l.kind().equals(kind)).toList();
    }

    private static List<SimulationReport.Line> faults(SimulationReport r, String containing) {
        return lines(r, "FAULT").stream().filter(l -> l.message().contains(containing)).toList();
    }

    @Test
    void aLaunchThatTimedOutThoughItLaunchedIsFoundByItsRetryNotLaunchedTwice() throws IOException {
        SimulationReport r = play("chaos/launch-timeouts.yaml");
        List<SimulationReport.Line> timedOut = faults(r, "but the call timed out");
        assertThat(timedOut).isNotEmpty();
        for (SimulationReport.Line t : timedOut) {
            String claim = t.message().substring("launched for NodeClaim ".length(), t.message().indexOf(','));
            // the retry's LAUNCHED line names the instance the timed-out call launched
            assertThat(lines(r, "LAUNCHED")).filteredOn(l -> l.subject().equals(claim)).singleElement()
                    .satisfies(l -> assertThat(l.message()).contains(t.subject()));
        }
        Set<String> instances = lines(r, "LAUNCHED").stream().map(l -> l.message().substring(l.message().indexOf("(sim:"))).collect(Collectors.toSet());
        assertThat(instances).hasSize(lines(r, "LAUNCHED").size());
    }

    @Test
    void aCapacityStormKeepsItsFamilyOutUntilItPassesThenTheClusterIsAsWithout() throws IOException {
        SimulationReport r = play("chaos/capacity-storm.yaml");
        assertThat(faults(r, "a storm begins: family m5")).singleElement().satisfies(l -> assertThat(l.at()).isEqualTo(1));
        assertThat(faults(r, "the storm ends")).singleElement().satisfies(l -> assertThat(l.at()).isEqualTo(600));
        assertThat(lines(r, "LAUNCHED")).filteredOn(l -> l.message().contains("m5.")).allSatisfy(l -> assertThat(l.at()).isGreaterThanOrEqualTo(600));
        assertThat(lines(r, "LAUNCH_FAILED")).isNotEmpty().allSatisfy(l -> assertThat(l.message()).contains("no capacity", "m5.large"));
    }

    @Test
    void aNodeThatNeverTurnsReadyIsReplacedFifteenMinutesAfterItRegistered() throws IOException {
        SimulationReport r = play("chaos/never-ready.yaml");
        assertThat(faults(r, "will never turn Ready")).hasSize(2);
        assertThat(lines(r, "NODECLAIM_DELETING")).hasSize(2).allSatisfy(l -> {
            assertThat(l.message()).isEqualTo("its node did not turn Ready (or kept a startup taint) for 15 minutes after it registered");
            assertThat(l.at()).isBetween(15 * 60L + 30, 16 * 60L);
        });
    }

    @Test
    void podsThatNeverTurnReadyHoldTheirDriftedNodeUntilTheyDo() throws IOException {
        SimulationReport r = play("chaos/pods-never-ready.yaml");
        assertThat(r.timeline()).filteredOn(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("decided Drifted"))
                .singleElement().satisfies(l -> assertThat(l.at()).isGreaterThanOrEqualTo(600));
        assertThat(lines(r, "POD_EVICTED")).allSatisfy(l -> assertThat(l.at()).isGreaterThan(600));
    }

    @Test
    void stalledWatchesNeitherLaunchTwiceNorTakeAReplacementForGone() throws IOException {
        SimulationReport r = play("chaos/watch-stalls.yaml");
        assertThat(faults(r, "its watches stall for 10s")).hasSizeGreaterThan(20);
        assertThat(disruptions(r, "aborted")).noneMatch(m -> m.contains("is gone"));
        // the same pods, the same nodes: a stall never makes the provisioner launch for pods it has launched for
        SimulationReport calm = playWith("chaos/watch-stalls.yaml", "{}");
        assertThat(lines(r, "NODECLAIM_CREATED")).hasSameSizeAs(lines(calm, "NODECLAIM_CREATED"));
    }

    @Test
    void aLeaderChangeStopsEveryReconcileForTheLeaseThenASecondReplicaTakesOver() throws IOException {
        SimulationReport r = play("chaos/leader-change.yaml");
        List<SimulationReport.Line> lost = faults(r, "the leader lost its lease");
        assertThat(lost).extracting(SimulationReport.Line::at).containsExactly(120L, 240L, 360L, 480L);
        assertThat(faults(r, "a second replica acquired the lease")).extracting(SimulationReport.Line::at).containsExactly(135L, 255L, 375L, 495L);
        Set<String> controllers = Set.of("BATCH", "NODECLAIM_CREATED", "LAUNCHED", "REGISTERED", "INITIALIZED", "DISRUPTION", "NOMINATED");
        // the scale-up at +3:00 waits for no lease, but nothing acts between a loss and the takeover
        for (SimulationReport.Line l : lost) {
            assertThat(r.timeline()).filteredOn(e -> controllers.contains(e.kind()) && e.at() > l.at() && e.at() < l.at() + 15).isEmpty();
        }
    }

    @Test
    void aClockJumpPastTheRegistrationTtlReplacesTheLaunchesInFlightAndTheClusterRecovers() throws IOException {
        SimulationReport r = play("chaos/clock-jump.yaml");
        assertThat(faults(r, "its clock jumped 20m forward")).singleElement().satisfies(l -> assertThat(l.at()).isEqualTo(10));
        assertThat(lines(r, "NODECLAIM_DELETING")).hasSize(2).allSatisfy(l -> {
            assertThat(l.message()).contains("did not register within 15 minutes");
            assertThat(l.at()).isEqualTo(10);
        });
    }

    @Test
    void apiErrorsOnRefuseOnlyTheWritesNamedWithConflictsThrottlingAndServerErrors() throws IOException {
        SimulationReport r = playWith("pdb.yaml", "{seed: 2, until: 30m, apiErrors: 0.5, apiErrorsOn: [create Pod/eviction]}");
        List<SimulationReport.Line> refused = r.timeline().stream().filter(l -> l.message().contains("(simulated fault)")).toList();
        assertThat(refused).isNotEmpty().allSatisfy(l -> {
            assertThat(l.kind()).isEqualTo("EVICTION_FAILED");
            assertThat(l.message()).containsPattern("HTTP (409|429|500) .* on create Pod/eviction default/inflate-");
        });
        assertThat(r.checks()).allMatch(Simulation.Check::passed);
    }

    /** Plays {@code name} with {@code faults} in place of its own. */
    private static SimulationReport playWith(String name, String faults) throws IOException {
        Path file = CHAOS.getParent().resolve(name);
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, Files.readString(file), faults);
        assertThat(read.diagnostics()).isEmpty();
        return Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
    }
}
