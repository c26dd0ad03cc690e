package dev.jig.controller.cloud.sim;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.CloudProviderContract;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.simulate.SimulatedClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SimulatedCloudTest extends CloudProviderContract {

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

    @Override
    protected CloudProvider provider() {
        return cloud;
    }

    @Override
    protected NodePool nodePool() {
        return inflatePool();
    }

    @Override
    protected NodeClass nodeClass() {
        return AL2023;
    }

    @Override
    protected NodeClaim launchableClaim(String name) {
        return claim(name, List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large", "c5.large"),
                req(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, "on-demand")));
    }

    @Override
    protected void exhaustCapacity() {
        cloud.injectCapacityError("*", "*", "*");
    }

    @Override
    protected void makeNodeClassNotReady() {
        cloud.markNotReady(AL2023.name(), "no subnet matches its selector");
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
    void deletionIsImmediateSoASecondDeleteIsNotFound() {
        Instance i = cloud.create(claim("m5.large"), AL2023);
        cloud.delete(i.providerId());
        assertThat(cloud.get(i.providerId())).isEmpty();
        assertThatThrownBy(() -> cloud.delete(i.providerId())).isInstanceOf(NodeClaimNotFoundException.class)
                .hasMessageContaining(i.providerId());
    }

    @Test
    void theFailedOfferingsAreTheOnesThatRanOutAndTheyFeedTheUnavailableCache() {
        cloud.injectCapacityError("m5.large", "us-east-1a", "on-demand");
        cloud.injectCapacityError("m5.large", "us-east-1b", "on-demand");
        cloud.injectCapacityError("m5.large", "us-east-1c", "on-demand");
        InsufficientCapacityException e = catchThrowableOfType(InsufficientCapacityException.class, () -> cloud.create(claim("m5.large"), AL2023));
        assertThat(e.failed()).extracting(f -> f.instanceType() + "/" + f.offering().zone() + "/" + f.offering().capacityType())
                .containsExactlyInAnyOrder("m5.large/us-east-1a/on-demand", "m5.large/us-east-1b/on-demand", "m5.large/us-east-1c/on-demand");
        assertThat(e.failed()).allSatisfy(f -> assertThat(unavailable.isUnavailable(f.instanceType(), f.offering().zone(),
                f.offering().capacityType())).isTrue());
        InsufficientCapacityException again = catchThrowableOfType(InsufficientCapacityException.class, () -> cloud.create(claim("m5.large"), AL2023));
        assertThat(again.failed()).isEmpty();
        assertThat(again).hasMessageContaining("every allowed offering is unavailable");
    }

    @Test
    void aNodeClassMarkedReadyAgainLaunches() {
        cloud.markNotReady("default", "AMI not resolved");
        assertThatThrownBy(() -> cloud.create(claim("m5.large"), AL2023)).isInstanceOf(NodeClassNotReadyException.class)
                .hasMessageContaining("AMI not resolved");
        cloud.markReady("default");
        assertThat(cloud.create(claim("m5.large"), AL2023).type().name()).isEqualTo("m5.large");
    }

    @Test
    void aNodeClassChangedSinceLaunchIsNodeClassDrift() {
        NodeClaim c = claim("m5.large");
        NodeClaim running = launched(c, cloud.create(c, AL2023));
        NodeClass bigger = new NodeClass(AL2023.name(), AL2023.amiFamily(), AL2023.kubelet(), 100L << 30, false);
        assertThat(cloud.isDrifted(running, inflatePool(), bigger)).contains(SimulatedDrift.NODE_CLASS_DRIFT);
        assertThat(cloud.isDrifted(running, inflatePool(), NodeClass.al2023("other"))).contains(SimulatedDrift.NODE_CLASS_DRIFT);
    }

    @Test
    void anOfferingTheNodeClassNoLongerHasIsNodeClassDriftEvenForAnInstanceTheCloudForgot() {
        NodeClaim c = claim("m5.large");
        NodeClaim running = launched(c, cloud.create(c, AL2023));
        SimulatedCloud restarted = new SimulatedCloud(new InstanceTypeResolver(Catalog.bundled(), List.of("us-east-1b"), false), clock,
                Duration.ofSeconds(30), unavailable);
        assertThat(restarted.isDrifted(running, inflatePool(), AL2023)).contains(SimulatedDrift.NODE_CLASS_DRIFT);
        SimulatedCloud sameZones = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), unavailable);
        assertThat(sameZones.isDrifted(running, inflatePool(), AL2023)).isEmpty();
    }

    @Test
    void aPoolThatNoLongerAllowsTheTypeFamilyOrCapacityTypeIsRequirementsDrift() {
        NodeClaim c = claim("m5.large");
        NodeClaim running = launched(c, cloud.create(c, AL2023));
        NodePool families = pool("default", req(WellKnownLabels.INSTANCE_FAMILY, Requirement.Operator.In, "c5"));
        NodePool spotOnly = pool("default", req(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, "spot"));
        NodePool types = pool("default", req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.NotIn, "m5.large"));
        assertThat(cloud.isDrifted(running, families, AL2023)).contains(SimulatedDrift.REQUIREMENTS_DRIFTED);
        assertThat(cloud.isDrifted(running, spotOnly, AL2023)).contains(SimulatedDrift.REQUIREMENTS_DRIFTED);
        assertThat(cloud.isDrifted(running, types, AL2023)).contains(SimulatedDrift.REQUIREMENTS_DRIFTED);
        assertThat(cloud.isDrifted(running, pool("default", req("team", Requirement.Operator.In, "a")), AL2023)).isEmpty();
    }

    @Test
    void anOfferingOutOfCapacityIsNotDrift() {
        NodeClaim c = claim("m5.large");
        NodeClaim running = launched(c, cloud.create(c, AL2023));
        cloud.injectCapacityError("*", "*", "*");
        unavailable.markUnavailable("m5.large", running.status().zone(), "on-demand");
        assertThat(cloud.isDrifted(running, inflatePool(), AL2023)).isEmpty();
    }

    @Test
    void aLocalZoneOfferingIsInItsParentRegion() {
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
