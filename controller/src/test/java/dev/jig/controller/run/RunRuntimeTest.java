package dev.jig.controller.run;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.cloud.sim.SimulatedCloudEvents;
import dev.jig.controller.lifecycle.LaunchPool;
import dev.jig.controller.loop.ControllerLoop;
import dev.jig.controller.loop.ReconcileObserver;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.testing.ForwardingCloud;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run}'s reconcilers on their workers and cadences ({@link RunReconcilers#schedule}, {@link ControllerLoop}) over the
 * in-memory cluster, on the wall clock, with a cloud whose launches hang: interruption is acted on within its cadence
 * however many launches are stuck, and a leader's stop ends every worker and drops the queued launches.
 */
class RunRuntimeTest {

    private final Clock clock = Clock.systemUTC();
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedCloud sim = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger creates = new AtomicInteger();
    private final SimulatedCloudEvents events = new SimulatedCloudEvents();
    private final List<TimelineEvent> timeline = new CopyOnWriteArrayList<>();

    /** Every launch hangs until the test releases it, as EC2 calls do when they retry for minutes. */
    private final ForwardingCloud cloud = new ForwardingCloud(sim) {
        @Override
        public Instance create(NodeClaim claim, NodeClass nodeClass) {
            creates.incrementAndGet();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.create(claim, nodeClass);
        }
    };

    private String spotNode(String name) {
        String providerId = "sim:///us-east-1a/i-" + name;
        NodeClaim.Status status = new NodeClaim.Status(providerId, "m5.large", "us-east-1a", "spot", 0.03, ResourceList.ZERO, ResourceList.ZERO, "node-" + name, List.of());
        status = NodeClaim.condition(status, NodeClaim.LAUNCHED, true, NodeClaim.LAUNCHED, "", clock.instant());
        cluster.create(new NodeClaim(name, "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(Requirement.in(WellKnownLabels.INSTANCE_TYPE, List.of("m5.large"))), ResourceList.ZERO, List.of(), List.of(), clock.instant(), false,
                status).withFinalizer(Finalizers.TERMINATION));
        return providerId;
    }

    /** Deleting, or gone already (without a Node to drain, the Terminator finishes it within the same second). */
    private boolean going(String name) {
        return cluster.snapshot().nodeClaims().stream().noneMatch(c -> c.name().equals(name) && !c.deleting());
    }

    private static boolean within(Duration limit, java.util.function.BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (done.getAsBoolean()) return true;
            Thread.sleep(10);
        }
        return done.getAsBoolean();
    }

    @Test
    void anInterruptionIsActedOnWithinItsCadenceWhileLaunchesHangAndStopEndsEveryWorker() throws Exception {
        cluster.put(inflatePool());
        cluster.put(NodeClass.al2023("default"));
        String interrupted = spotNode("spot-a");
        // pods that each need a node of their own: more NodeClaims than launch workers
        for (int i = 0; i < 6; i++) {
            cluster.put(Pod.of("default", "big-" + i, ResourceList.of(1_500, 1024), Map.of()).with().nodeSelector(Map.of("type", "karpenter")).build());
        }
        LaunchPool launches = LaunchPool.of(2);
        ControllerLoop loop = new ControllerLoop(RunReconcilers.schedule(cluster, cloud, events, clock, timeline::add, new NameGenerator(new Random(1)),
                RunReconcilers.Metrics.NONE, new RunReconcilers.Options(true, Duration.ofMillis(100), Duration.ofSeconds(1), launches)),
                ReconcileObserver.NONE, Duration.ofSeconds(5));
        try {
            loop.start();
            assertThat(within(Duration.ofSeconds(10), () -> creates.get() == 2)).as("both launch workers hang in create").isTrue();
            assertThat(within(Duration.ofSeconds(10), () -> launches.inFlight() > 2)).as("the other NodeClaims wait their turn").isTrue();
            assertThat(creates.get()).as("no more than the two workers in create").isEqualTo(2);

            events.publish(CloudEvent.Kind.SPOT_INTERRUPTION, interrupted, clock.instant(), "");
            long start = System.nanoTime();
            assertThat(within(Duration.ofSeconds(3), () -> going("spot-a"))).as("acted on within its 1 s cadence (and a margin)").isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
            assertThat(timeline).anySatisfy(e -> {
                assertThat(e.kind()).isEqualTo(TimelineEvent.Kind.INTERRUPTION);
                assertThat(e.subject()).isEqualTo("spot-a");
            });
            assertThat(loop.stalled(Duration.ofSeconds(5))).isFalse();

            // leader loss: the workers stop at once (none is stuck), the queued launches are dropped
            assertThat(loop.stop()).isTrue();
            assertThat(launches.stop(Duration.ZERO)).as("the queue is dropped; the two running launches are still in create").isFalse();
            release.countDown();
            assertThat(launches.stop(Duration.ofSeconds(10))).isTrue();
            assertThat(launches.inFlight()).isZero();
            int calls = creates.get();
            int lines = timeline.size();
            Thread.sleep(1500);
            assertThat(creates.get()).as("no launch after the stop").isEqualTo(calls).isEqualTo(2);
            assertThat(timeline).as("no reconcile after the stop").hasSize(lines);
            assertThat(loop.stalled(Duration.ZERO)).as("a stopped loop is not stalled").isFalse();
        } finally {
            release.countDown();
            loop.close();
            launches.close();
        }
    }
}
