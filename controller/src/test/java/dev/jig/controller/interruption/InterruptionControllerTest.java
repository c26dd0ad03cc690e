package dev.jig.controller.interruption;

import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.sim.SimulatedCloudEvents;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.state.ObjectEvent;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Interruption on the in-memory cluster and the simulated event queue: delete what disrupts, record the rest, acknowledge all. */
class InterruptionControllerTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedCloudEvents source = new SimulatedCloudEvents();
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final List<String> counted = new ArrayList<>();
    private final List<List<String>> replaced = new ArrayList<>();
    private final InterruptionController controller = new InterruptionController(cluster, source, clock, timeline::add, new InterruptionMetrics() {
        @Override
        public void received(CloudEvent.Kind kind, boolean known) {
            counted.add("received " + kind.reason() + " " + known);
        }

        @Override
        public void acknowledged(CloudEvent.Kind kind) {
            counted.add("acknowledged " + kind.reason());
        }

        @Override
        public void sourceFailed(String operation) {
            counted.add("failed " + operation);
        }
    }, replaced::add, new dev.jig.controller.cloud.ForwardingCloud(() -> null) {
        @Override
        public void markUnavailable(String instanceType, String zone, String capacityType) {
            marked.add(instanceType + "/" + zone + "/" + capacityType + " before replacement: " + replaced.isEmpty());
        }
    });
    private final List<String> marked = new ArrayList<>();

    private String claim(String name, boolean finalizer) {
        String providerId = "sim:///us-east-1a/i-" + name;
        NodeClaim c = new NodeClaim(name, "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(Requirement.in(WellKnownLabels.INSTANCE_TYPE, List.of("m5.large"))), ResourceList.ZERO, List.of(), List.of(), clock.instant(), false,
                new NodeClaim.Status(providerId, "m5.large", "us-east-1a", "spot", 0.03, ResourceList.ZERO, ResourceList.ZERO, "node-" + name, List.of()));
        cluster.create(finalizer ? c.withFinalizer(Finalizers.TERMINATION) : c);
        return providerId;
    }

    private NodeClaim live(String name) {
        return cluster.snapshot().nodeClaims().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    @Test
    void aSpotInterruptionDeletesTheNodeClaimRecordsEventsOnNodeAndClaimAndIsAcknowledged() {
        String id = claim("a", true);
        claim("b", true);
        source.publish(CloudEvent.Kind.SPOT_INTERRUPTION, id, clock.instant(), "");
        controller.reconcile();
        assertThat(live("a").deleting()).isTrue();
        assertThat(live("b").deleting()).isFalse();
        assertThat(cluster.events()).extracting(ObjectEvent::kind, ObjectEvent::name, ObjectEvent::reason, ObjectEvent::type).containsExactly(
                org.assertj.core.groups.Tuple.tuple("Node", "node-a", "SpotInterrupted", "Warning"),
                org.assertj.core.groups.Tuple.tuple("NodeClaim", "a", "SpotInterrupted", "Warning"));
        assertThat(source.pending()).isEmpty();
        assertThat(counted).containsExactly("received SpotInterrupted true", "acknowledged SpotInterrupted");
    }

    @Test
    void aRebalanceRecommendationIsOnlyRecorded() {
        String id = claim("a", true);
        source.publish(CloudEvent.Kind.REBALANCE_RECOMMENDATION, id, clock.instant(), "");
        controller.reconcile();
        assertThat(live("a").deleting()).isFalse();
        assertThat(cluster.events()).extracting(ObjectEvent::reason).containsOnly("SpotRebalanceRecommendation");
        assertThat(source.pending()).isEmpty();
    }

    @Test
    void withoutTheFinalizerTheNodeClaimIsMarkedDeletingForTheLifecycle() {
        String id = claim("a", false);
        source.publish(CloudEvent.Kind.TERMINATING, id, clock.instant(), "shutting-down");
        controller.reconcile();
        assertThat(live("a").deleting()).isTrue();
        assertThat(timeline).extracting(TimelineEvent::message).containsExactly("InstanceTerminating (shutting-down) for i-a: deleting the NodeClaim");
    }

    @Test
    void anEventForAnUnknownInstanceIsAcknowledgedAndCounted() {
        claim("a", true);
        source.publish(CloudEvent.Kind.STOPPING, "sim:///us-east-1a/i-gone", clock.instant(), "");
        controller.reconcile();
        assertThat(live("a").deleting()).isFalse();
        assertThat(source.pending()).isEmpty();
        assertThat(counted).containsExactly("received InstanceStopping false", "acknowledged InstanceStopping");
        assertThat(cluster.events()).isEmpty();
    }

    @Test
    void aSourceThatCannotBeReadIsLoggedAndTriedAgainNextTick() {
        String id = claim("a", true);
        source.publish(CloudEvent.Kind.SCHEDULED_CHANGE, id, clock.instant(), "");
        source.failReceives(1);
        controller.reconcile();
        assertThat(live("a").deleting()).isFalse();
        assertThat(counted).containsExactly("failed receive");
        assertThat(timeline).extracting(TimelineEvent::message).containsExactly("cannot receive cloud events: simulated event queue unreachable; will retry");
        controller.reconcile();
        assertThat(live("a").deleting()).isTrue();
        assertThat(source.pending()).isEmpty();
    }

    @Test
    void anInterruptedNodeIsTaintedDisruptedAndItsNodeClaimHandedToTheProvisionerAtOnce() {
        String id = claim("a", true);
        cluster.register(new dev.jig.controller.model.Node("node-a", id, Map.of(), List.of(), ResourceList.ZERO, ResourceList.ZERO, true, clock.instant()));
        source.publish(CloudEvent.Kind.SPOT_INTERRUPTION, id, clock.instant(), "");
        controller.reconcile();
        assertThat(cluster.snapshot().nodes()).singleElement().satisfies(n -> assertThat(n.taints())
                .containsExactly(new dev.jig.api.karpenter.Taint("karpenter.sh/disrupted", null, "NoSchedule")));
        assertThat(replaced).containsExactly(List.of("a"));
        source.publish(CloudEvent.Kind.SPOT_INTERRUPTION, id, clock.instant(), "");
        controller.reconcile();
        assertThat(replaced).as("an already deleting NodeClaim is not handed over again").hasSize(1);
    }

    @Test
    void aSpotInterruptionMarksItsOfferingUnavailableBeforeTheReplacementIsPlanned() {
        String id = claim("a", true);
        source.publish(CloudEvent.Kind.SPOT_INTERRUPTION, id, clock.instant(), "");
        controller.reconcile();
        assertThat(marked).containsExactly("m5.large/us-east-1a/spot before replacement: true");
        assertThat(replaced).containsExactly(List.of("a"));
        String other = claim("b", true);
        source.publish(CloudEvent.Kind.REBALANCE_RECOMMENDATION, other, clock.instant(), "");
        controller.reconcile();
        assertThat(marked).as("a rebalance recommendation takes no capacity back").hasSize(1);
    }

    @Test
    void aRebalanceRecommendationHandsNothingToTheProvisioner() {
        String id = claim("a", true);
        source.publish(CloudEvent.Kind.REBALANCE_RECOMMENDATION, id, clock.instant(), "");
        controller.reconcile();
        assertThat(replaced).isEmpty();
        assertThat(timeline).extracting(TimelineEvent::kind).containsExactly(TimelineEvent.Kind.INTERRUPTION);
    }
}
