package dev.jig.controller.lifecycle;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.testing.ForwardingCloud;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;

/** The launch pool: one worker per NodeClaim whoever asks, a bound on launches in flight, and a stop that drops the queue. */
class LaunchPoolTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedCloud sim = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final CountDownLatch release = new CountDownLatch(1);
    private final Map<String, AtomicInteger> creates = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    /** The simulated cloud, whose create counts its calls per NodeClaim and blocks until released. */
    private final ForwardingCloud cloud = new ForwardingCloud(sim) {
        @Override
        public Instance create(NodeClaim claim, dev.jig.api.ec2.NodeClass nodeClass) {
            creates.computeIfAbsent(claim.name(), k -> new AtomicInteger()).incrementAndGet();
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
            return super.create(claim, nodeClass);
        }
    };

    private NodeClaim claim(String name) {
        NodeClaim c = new NodeClaim(name, "default", "default", Map.of(), List.of(Requirement.in(WellKnownLabels.INSTANCE_TYPE, List.of("m5.large"))),
                ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null);
        cluster.create(c);
        return c;
    }

    @Test
    void aNodeClaimHammeredFromSeveralThreadsLaunchesOnce() throws Exception {
        cluster.put(AL2023);
        try (LaunchPool pool = LaunchPool.of(4)) {
            NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, e -> { }, true, pool);
            NodeClaim c = claim("c");
            List<Thread> threads = new ArrayList<>();
            CountDownLatch go = new CountDownLatch(1);
            List<NodeClaimLifecycle.Launching> answers = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < 8; t++) {
                boolean viaReconcile = t % 2 == 0;
                threads.add(new Thread(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < 50; i++) {
                        // the provisioner and disruption submit; the lifecycle relaunches what it finds unlaunched
                        if (viaReconcile) lifecycle.reconcile(cluster.snapshot());
                        else answers.add(lifecycle.submit(c, AL2023));
                    }
                }));
            }
            threads.forEach(Thread::start);
            go.countDown();
            for (Thread t : threads) t.join(10_000);
            assertThat(pool.owns("c")).isTrue();
            release.countDown();
            while (pool.inFlight() > 0) Thread.sleep(5);
            assertThat(creates.get("c").get()).as("cloud create calls for one NodeClaim").isEqualTo(1);
            assertThat(answers).contains(NodeClaimLifecycle.Launching.OWNED).doesNotContain(NodeClaimLifecycle.Launching.DELETED);
            assertThat(cluster.snapshot().nodeClaims()).singleElement().satisfies(n -> assertThat(n.launched()).isTrue());
            // launched and seen: neither a submit nor a reconcile launches it again
            lifecycle.reconcile(cluster.snapshot());
            assertThat(creates.get("c").get()).isEqualTo(1);
        }
    }

    @Test
    void atMostTheWorkersLaunchAtOnceAndTheCallerNeverWaits() throws Exception {
        cluster.put(AL2023);
        try (LaunchPool pool = LaunchPool.of(3)) {
            NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, e -> { }, true, pool);
            for (int i = 0; i < 10; i++) {
                assertThat(lifecycle.submit(claim("c" + i), AL2023)).isEqualTo(NodeClaimLifecycle.Launching.QUEUED);
            }
            assertThat(pool.inFlight()).isEqualTo(10);
            while (running.get() < 3) Thread.sleep(5);
            Thread.sleep(50);
            assertThat(running.get()).isEqualTo(3);
            release.countDown();
            while (pool.inFlight() > 0) Thread.sleep(5);
            assertThat(mostAtOnce.get()).isEqualTo(3);
            assertThat(creates).hasSize(10);
            assertThat(cluster.snapshot().nodeClaims()).allSatisfy(n -> assertThat(n.launched()).isTrue());
        }
    }

    @Test
    void stopDropsTheQueuedLaunchesAndWaitsForTheRunningOnes() throws Exception {
        cluster.put(AL2023);
        try (LaunchPool pool = LaunchPool.of(2)) {
            NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, e -> { }, true, pool);
            for (int i = 0; i < 6; i++) lifecycle.submit(claim("c" + i), AL2023);
            while (running.get() < 2) Thread.sleep(5);
            new Thread(() -> {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
                release.countDown();
            }).start();
            assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
            assertThat(pool.inFlight()).as("nothing queued or running").isZero();
            assertThat(creates).as("only the two running launched").hasSize(2);
            assertThat(cluster.snapshot().nodeClaims().stream().filter(NodeClaim::launched).count()).isEqualTo(2);
            // the dropped NodeClaims stay unlaunched, for whoever leads next
            assertThat(lifecycle.submit(cluster.snapshot().nodeClaims().stream().filter(n -> !n.launched()).findFirst().orElseThrow(), AL2023))
                    .isNotEqualTo(NodeClaimLifecycle.Launching.OWNED);
        }
    }

    @Test
    void anInlinePoolLaunchesBeforeSubmitReturns() {
        cluster.put(AL2023);
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, sim, clock, e -> { }, true, LaunchPool.inline());
        assertThat(lifecycle.submit(claim("c"), AL2023)).isEqualTo(NodeClaimLifecycle.Launching.LAUNCHED);
        assertThat(cluster.snapshot().nodeClaims()).singleElement().satisfies(n -> assertThat(n.launched()).isTrue());
    }
}
