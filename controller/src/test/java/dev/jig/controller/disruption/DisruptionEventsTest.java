package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.state.ObjectEvent;
import dev.jig.controller.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The executor's Events on Nodes and NodeClaims and what it reports to {@link DisruptionMetrics}. */
class DisruptionEventsTest {

    private final SimulatedClock clock = new SimulatedClock(World.NOW);
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final List<String> reported = new ArrayList<>();
    private final List<DisruptionResult> passes = new ArrayList<>();

    private final DisruptionMetrics metrics = new DisruptionMetrics() {
        @Override
        public void passed(DisruptionResult result) {
            passes.add(result);
        }

        @Override
        public void executed(Command command) {
            reported.add("executed " + command.reason().wire() + " " + World.names(command));
        }

        @Override
        public void aborted(Command command) {
            reported.add("aborted " + World.names(command));
        }
    };

    private DisruptionController controller(World w) {
        w.pools.forEach(cluster::put);
        cluster.put(Fixtures.AL2023);
        w.nodes.forEach(cluster::register);
        w.claims.forEach(cluster::create);
        w.pods.forEach(cluster::put);
        // a pass on every reconcile (no poll period): these tests count what each pass reports
        return new DisruptionController(cluster, w.cloud, clock, e -> { }, Set::of, planned -> List.of(), metrics, java.util.function.UnaryOperator.identity(),
                Duration.ZERO, new PassMemory());
    }

    private List<ObjectEvent> events(String reason) {
        return cluster.events().stream().filter(e -> e.reason().equals(reason)).toList();
    }

    @Test
    void anExecutedCommandIsAnEventOnTheNodeAndTheNodeClaimAndCounted() {
        DisruptionController c = controller(new World().pool(World.pool("a", World.disruption("WhenEmpty", "0s", "100%"), World.types("c5.large")))
                .node("empty", "c5.large", "on-demand", "a"));
        c.reconcile();
        clock.advance(DisruptionController.VALIDATION);
        c.reconcile();
        assertThat(events("DisruptionTerminating")).extracting(ObjectEvent::kind, ObjectEvent::name)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Node", "empty"), org.assertj.core.groups.Tuple.tuple("NodeClaim", "empty"));
        assertThat(events("DisruptionTerminating").get(0).message()).startsWith("Disrupting Node: Empty/emptiness (delete, savings $0.0850/h)");
        assertThat(reported).containsExactly("executed Empty [empty]");
        assertThat(passes.get(0).eligible()).containsEntry(Reason.EMPTY, 1);
        assertThat(passes.get(0).allowed().get(Reason.EMPTY)).containsEntry("a", 1);
    }

    @Test
    void aBlockedNodeIsReportedOnceUntilItsReasonChanges() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("c5.large", "m5.large")))
                .node("pinned", "m5.large", "on-demand", "a",
                        World.pod("keep", 100).with().annotation(Annotations.DO_NOT_DISRUPT, "true").build());
        DisruptionController c = controller(w);
        c.reconcile();
        clock.advance(Duration.ofSeconds(1));
        c.reconcile();
        assertThat(events("DisruptionBlocked")).extracting(ObjectEvent::kind).containsExactly("Node", "NodeClaim");
        assertThat(events("DisruptionBlocked").get(0).message())
                .isEqualTo("Cannot disrupt Node: pod default/keep has the karpenter.sh/do-not-disrupt annotation");
        assertThat(passes).allSatisfy(p -> assertThat(p.blocked()).extracting(Blocked::why).containsExactly(Blocked.Why.POD_DO_NOT_DISRUPT));

        cluster.deletePod("default/keep");
        cluster.put(World.pod("other", 100).with().nodeName("pinned").annotation(Annotations.DO_NOT_DISRUPT, "true").build());
        clock.advance(Duration.ofSeconds(1));
        c.reconcile();
        assertThat(events("DisruptionBlocked")).as("the subject changed").hasSize(4);
    }

    @Test
    void anAbortedCommandIsAWarningAndCounted() {
        DisruptionController c = controller(new World().pool(World.pool("a", World.disruption("WhenEmpty", "0s", "100%"), World.types("c5.large")))
                .node("empty", "c5.large", "on-demand", "a"));
        c.reconcile();
        cluster.put(World.pod("late", 100).with().nodeName("empty").build());
        clock.advance(DisruptionController.VALIDATION);
        c.reconcile();
        assertThat(events("DisruptionAborted")).extracting(ObjectEvent::type).containsOnly(ObjectEvent.WARNING).hasSize(2);
        assertThat(reported).containsExactly("aborted [empty]");
    }
}
