package dev.jig.controller.provisioning;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.lifecycle.LaunchPool;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.state.ForwardingCluster;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * In {@code run}, a batch's NodeClaims are created with their API writes in parallel (a hundred one after another held
 * the next batch for seconds in {@code bench/run.sh}); one the API refuses is not launched, and does not stop the others.
 */
class ParallelCreatesTest {

    private final Clock clock = Clock.systemUTC();
    private final InMemoryCluster store = new InMemoryCluster();
    private final SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final CountDownLatch allIn = new CountDownLatch(4);
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();

    /** Each create waits until four are in flight at once (or 5 s), and the first one is refused. */
    private final ForwardingCluster api = new ForwardingCluster(store) {
        @Override
        public void create(NodeClaim claim) {
            int n = calls.incrementAndGet();
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            allIn.countDown();
            try {
                allIn.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            if (n == 1) throw new IllegalStateException("HTTP 500 Internal Server Error on create NodeClaim " + claim.name() + " (test)");
            super.create(claim);
        }
    };

    @Test
    void aBatchsCreatesGoOutTogetherAndARefusedOneStopsNoOther() throws InterruptedException {
        store.put(inflatePool());
        store.put(NodeClass.al2023("default"));
        for (int i = 0; i < 4; i++) {
            store.put(Pod.of("default", "big-" + i, ResourceList.of(1_500, 1024), Map.of()).with().nodeSelector(Map.of("type", "karpenter")).build());
        }
        try (LaunchPool launches = LaunchPool.of(2)) {
            Provisioner p = new Provisioner(api, cloud, new NodeClaimLifecycle(api, cloud, clock, e -> { }, true, launches), clock, e -> { },
                    new NameGenerator(new Random(1)));
            assertThatThrownBy(p::provision).hasMessageContaining("HTTP 500 Internal Server Error on create NodeClaim");
            assertThat(mostInFlight.get()).as("the four creates were in flight at once").isEqualTo(4);
            assertThat(store.snapshot().nodeClaims()).as("the three the API took").hasSize(3);
            // the launch pool's two workers launch the three in turn (stop would drop those still queued)
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (cloud.list().size() < 3 && System.nanoTime() < end) Thread.sleep(10);
            assertThat(cloud.list()).as("each of them launched").hasSize(3);
        }
    }
}
