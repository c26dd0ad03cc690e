package dev.jig.controller.metrics;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.SimulatedClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The cloud provider decorator answers as the cloud it wraps, and times every call and counts every failure per method. */
class MeteredCloudProviderTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final SimulatedCloud sim = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MeteredCloudProvider cloud = new MeteredCloudProvider(sim, registry);

    @Test
    void everyCallIsTimedPerMethodAndEveryFailureCountedWithItsType() {
        NodeClaim c = new NodeClaim("c", "default", "default", Map.of(), List.of(Requirement.in(WellKnownLabels.INSTANCE_TYPE, List.of("m5.large"))),
                ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null);
        String id = cloud.create(c, AL2023).providerId();
        assertThat(cloud.list()).singleElement().satisfies(i -> assertThat(i.providerId()).isEqualTo(id));
        assertThat(cloud.get(id)).isPresent();
        assertThatThrownBy(() -> cloud.delete("sim:///us-east-1a/i-none")).isInstanceOf(NodeClaimNotFoundException.class);
        assertThat(cloud.name()).isEqualTo(sim.name());

        for (String method : List.of("Create", "List", "Get", "Delete")) {
            assertThat(registry.get("jig.cloudprovider.duration").tag("method", method).tag("provider", "sim").timer().count()).as(method).isEqualTo(1);
        }
        assertThat(registry.get("jig.cloudprovider.errors").tag("method", "Delete").tag("error", "NodeClaimNotFoundException").counter().count()).isEqualTo(1);
        assertThat(registry.find("jig.cloudprovider.errors").tag("method", "Create").counter()).as("no failure, no error series").isNull();
    }
}
