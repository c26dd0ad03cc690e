package dev.jig.controller.cloud.sim;

import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.Offering;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.NodeClaim;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.simulate.SimulatedClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static dev.jig.controller.testing.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulatedCloudTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final UnavailableOfferings unavailable = new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL);
    private final SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), unavailable);

    private NodeClaim claim(String... types) {
        return claim("c", List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, types),
                req(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, "on-demand")));
    }

    private NodeClaim claim(String name, List<Requirement> requirements) {
        return new NodeClaim(name, "default", "default", Map.of(), requirements, ResourceList.of(0, 1024), List.of(), List.of(),
                clock.instant(), false, null);
    }

    @Test
    void launchesTheCheapestAllowedOfferingWithCatalogPrices() throws Exception {
        Instance i = cloud.create(claim("m5.large", "r5.large"), AL2023);
        assertThat(i.type().name()).isEqualTo("m5.large");
        assertThat(i.pricePerHour()).isEqualTo(0.096);
        assertThat(i.capacityType()).isEqualTo("on-demand");
        assertThat(i.bootedAt()).isEqualTo(clock.instant().plusSeconds(30));
        assertThat(cloud.list()).containsExactly(i);
        assertThat(cloud.get(i.providerId())).contains(i);
    }

    @Test
    void aCapacityErrorMarksTheOfferingUnavailableAndTheNextOneLaunches() throws Exception {
        cloud.injectCapacityError("m5.large", "*", "on-demand");
        Instance i = cloud.create(claim("m5.large", "r5.large"), AL2023);
        assertThat(i.type().name()).isEqualTo("r5.large");
        assertThat(unavailable.isUnavailable("m5.large", "us-east-1a", "on-demand")).isTrue();
        assertThat(cloud.instanceTypes(inflatePool(), AL2023).stream().filter(t -> t.name().equals("m5.large")).findFirst().orElseThrow()
                .offerings()).noneMatch(o -> o.capacityType().equals("on-demand"));
    }

    @Test
    void unavailableOfferingsComeBackAfterTheirTtl() {
        unavailable.markUnavailable("m5.large", "us-east-1a", "on-demand");
        clock.advance(Duration.ofMinutes(2));
        assertThat(unavailable.isUnavailable("m5.large", "us-east-1a", "on-demand")).isTrue();
        clock.advance(Duration.ofMinutes(1));
        assertThat(unavailable.isUnavailable("m5.large", "us-east-1a", "on-demand")).isFalse();
    }

    @Test
    void noCapacityAnywhereIsAnInsufficientCapacityError() {
        cloud.injectCapacityError("*", "*", "*");
        assertThatThrownBy(() -> cloud.create(claim("m5.large"), AL2023)).isInstanceOf(InsufficientCapacityException.class)
                .hasMessageContaining("m5.large in us-east-1a");
    }

    @Test
    void deletedInstancesAreGone() throws Exception {
        Instance i = cloud.create(claim("m5.large"), AL2023);
        cloud.delete(i.providerId());
        assertThat(cloud.list()).isEmpty();
    }

    @Test
    void aLocalZoneOfferingIsInItsParentRegion() throws Exception {
        InstanceTypeResolver resolver = new InstanceTypeResolver(Catalog.bundled(), List.of("us-east-1a", "us-east-1-bos-1a"), false);
        SimulatedCloud local = new SimulatedCloud(resolver, clock, Duration.ofSeconds(30), unavailable);
        assertThat(resolver.resolve(AL2023).stream().flatMap(t -> t.offerings().stream())).extracting(Offering::region).containsOnly("us-east-1");
        Instance i = local.create(claim("c", List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large"),
                req(WellKnownLabels.ZONE, Requirement.Operator.In, "us-east-1-bos-1a"))), AL2023);
        assertThat(i.zone()).isEqualTo("us-east-1-bos-1a");
        assertThat(i.region()).isEqualTo("us-east-1");
        assertThat(i.providerId()).isEqualTo("sim:///us-east-1-bos-1a/i-0000000000000001");
    }
}
