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
import dev.jig.controller.state.Cluster;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An API error while acting on an interruption loses nothing: the event is not acknowledged, and the next tick acts
 * on it first (a spot warning gives two minutes; waiting for the queue to deliver it again would take longer).
 */
class InterruptionRetryTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryCluster store = new InMemoryCluster();
    private final AtomicInteger refusals = new AtomicInteger(1);
    /** The in-memory cluster, whose API refuses the first deletion. */
    private final Cluster cluster = (Cluster) Proxy.newProxyInstance(Cluster.class.getClassLoader(), new Class<?>[]{Cluster.class},
            (proxy, method, args) -> {
                if (method.getName().equals("requestDeletion") && refusals.getAndDecrement() > 0) {
                    throw new IllegalStateException("the server is currently unable to handle the request (503)");
                }
                try {
                    return method.invoke(store, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            });
    private final SimulatedCloudEvents source = new SimulatedCloudEvents();
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final List<String> counted = new ArrayList<>();
    private final InterruptionController controller = new InterruptionController(cluster, source, clock, timeline::add, new InterruptionMetrics() {
        @Override
        public void received(CloudEvent.Kind kind, boolean known) {
            counted.add("received");
        }

        @Override
        public void acknowledged(CloudEvent.Kind kind) {
            counted.add("acknowledged");
        }

        @Override
        public void sourceFailed(String operation) {
            counted.add("failed " + operation);
        }
    }, claims -> { });

    @Test
    void aRefusedDeletionIsRetriedOnTheNextTickAndAcknowledgedOnlyThen() {
        String providerId = "sim:///us-east-1a/i-a";
        store.create(new NodeClaim("a", "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(Requirement.in(WellKnownLabels.INSTANCE_TYPE, List.of("m5.large"))), ResourceList.ZERO, List.of(), List.of(), clock.instant(), false,
                new NodeClaim.Status(providerId, "m5.large", "us-east-1a", "spot", 0.03, ResourceList.ZERO, ResourceList.ZERO, "node-a", List.of()))
                .withFinalizer(Finalizers.TERMINATION));
        source.publish(CloudEvent.Kind.SPOT_INTERRUPTION, providerId, clock.instant(), "");

        controller.reconcile();
        assertThat(claim().deleting()).isFalse();
        assertThat(counted).containsExactly("received", "failed handle");
        assertThat(timeline).anyMatch(e -> e.message().contains("will retry next tick"));

        controller.reconcile();
        assertThat(claim().deleting()).isTrue();
        assertThat(counted).containsExactly("received", "failed handle", "received", "acknowledged");
        assertThat(source.pending()).isEmpty();

        controller.reconcile();
        assertThat(counted).hasSize(4);
    }

    private NodeClaim claim() {
        return store.snapshot().nodeClaims().stream().filter(c -> c.name().equals("a")).findFirst().orElseThrow();
    }
}
