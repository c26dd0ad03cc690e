package dev.jig.controller.metrics;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.model.Pod;
import dev.jig.controller.provisioning.Batcher;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

/** The provisioner's scheduling runs and each pod's wait for its NodeClaim, read back from a registry. */
class ProvisioningMetersTest {

    @Test
    void eachPodsWaitFromFirstSeenPendingToItsNodeClaimIsRecordedOnceOnTheControllersClock() {
        SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
        InMemoryCluster cluster = new InMemoryCluster();
        SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Provisioner provisioner = new Provisioner(cluster, cloud, new NodeClaimLifecycle(cluster, cloud, clock, e -> { }, true), clock, e -> { },
                new NameGenerator(new Random(1)), true, l -> { }, new Batcher(Duration.ofSeconds(2), Duration.ofSeconds(10)), new ProvisioningMeters(registry));
        cluster.put(inflatePool());
        cluster.put(NodeClass.al2023("default"));
        for (int i = 0; i < 3; i++) cluster.put(Pod.of("default", "early-" + i, ResourceList.of(0, 1024), Map.of()).with().nodeSelector(Map.of("type", "karpenter")).build());
        provisioner.reconcile(); // t=0: seen pending, the batch opens
        clock.advance(Duration.ofSeconds(1));
        cluster.put(Pod.of("default", "late", ResourceList.of(0, 1024), Map.of()).with().nodeSelector(Map.of("type", "karpenter")).build());
        provisioner.reconcile(); // t=1: the late pod is seen and keeps the batch open for the 2 s idle window
        clock.advance(Duration.ofSeconds(2));
        assertThat(provisioner.reconcile()).as("t=3: the batch runs").isPresent();
        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofSeconds(1));
            provisioner.reconcile();
        }

        Timer wait = registry.get("jig.pods.nodeclaim.wait").timer();
        assertThat(wait.count()).as("once per pod").isEqualTo(4);
        assertThat(wait.max(TimeUnit.SECONDS)).isEqualTo(3.0);
        assertThat(wait.totalTime(TimeUnit.SECONDS)).isEqualTo(3 * 3.0 + 2.0);
        assertThat(registry.get("jig.provisioner.scheduling.duration").timer().count()).isEqualTo(1);
    }
}
