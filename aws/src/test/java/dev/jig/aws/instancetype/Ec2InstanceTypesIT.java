package dev.jig.aws.instancetype;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.pricing.PriceProvider;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Ec2InstanceTypesIT {

    private final LoopbackFixture f = new LoopbackFixture();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final InstanceTypeProvider provider = new InstanceTypeProvider(f.ec2, f.catalog, "us-east-1", f.clock, Duration.ofMinutes(5), false,
            new Freshness("instance-types", f.clock, registry));
    private final PriceProvider prices = new PriceProvider(f.ec2, f.catalog, f.clock, Duration.ofMinutes(5), false, registry,
            new Freshness("spot-prices", f.clock, registry));
    private final Ec2InstanceTypes types = new Ec2InstanceTypes(provider, prices, "us-east-1");
    private final UnavailableOfferings unavailable = new UnavailableOfferings(f.clock, UnavailableOfferings.DEFAULT_TTL);

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void typesAndZonesComeFromEc2WithBundledOnDemandAndEc2SpotPrices() {
        List<ResolvedInstanceType> resolved = types.resolve(NodeClass.al2023("default"), Set.of("us-east-1a", "us-east-1b"), unavailable);
        assertThat(resolved).extracting(ResolvedInstanceType::name).containsExactlyInAnyOrder("m5.large", "c5.large", "m6g.large", "m5.xlarge");
        ResolvedInstanceType m5 = resolved.stream().filter(t -> t.name().equals("m5.large")).findFirst().orElseThrow();
        assertThat(m5.offering("us-east-1a", Offering.ON_DEMAND).pricePerHour()).isEqualTo(0.096);
        assertThat(m5.offering("us-east-1b", Offering.SPOT).pricePerHour()).isEqualTo(0.0384);
        assertThat(m5.offering("us-east-1a", Offering.SPOT).region()).isEqualTo("us-east-1");
        assertThat(m5.allocatable().memoryBytes() / (1024 * 1024)).isEqualTo(6903);
        ResolvedInstanceType xl = resolved.stream().filter(t -> t.name().equals("m5.xlarge")).findFirst().orElseThrow();
        assertThat(xl.offerings()).extracting(Offering::zone).containsOnly("us-east-1a");
    }

    @Test
    void editingANodeClassReplacesItsSizingInsteadOfAddingOne() {
        for (int maxPods = 10; maxPods < 60; maxPods++) {
            NodeClass edited = new NodeClass("default", dev.jig.api.ec2.AmiFamily.AL2023,
                    new dev.jig.api.ec2.Kubelet(maxPods, 0, Map.of(), Map.of(), Map.of()), 0, false);
            assertThat(types.of(edited, "m5.large", new Offering("us-east-1", "us-east-1a", Offering.ON_DEMAND, 0.096, false)).allocatable().pods())
                    .as("sized for the edit").isEqualTo(maxPods);
        }
        types.resolve(NodeClass.al2023("other"), Set.of("us-east-1a"), unavailable);
        assertThat(types.cached()).as("one sizing per node class").isEqualTo(2);
    }

    @Test
    void unavailableOfferingsAreLeftOutButTheTypeStays() {
        unavailable.markUnavailable("c5.large", "us-east-1a", Offering.SPOT);
        ResolvedInstanceType c5 = types.resolve(NodeClass.al2023("default"), Set.of("us-east-1a"), unavailable).stream()
                .filter(t -> t.name().equals("c5.large")).findFirst().orElseThrow();
        assertThat(c5.offerings()).extracting(Offering::capacityType).containsExactly(Offering.ON_DEMAND);
    }

    @Test
    void theBundledCatalogIsTheFallbackWhenEc2CannotBeRead() {
        f.world.faults().serverError("DescribeInstanceTypes", 100);
        List<ResolvedInstanceType> resolved = types.resolve(NodeClass.al2023("default"), Set.of("us-east-1a"), unavailable);
        assertThat(resolved).hasSize(f.catalog.size());
        assertThat(provider.readAt()).isEqualTo(java.time.Instant.MIN);
    }

    @Test
    void aFailedRefreshKeepsTheLastGoodAnswerSaysSoAndALaterOneCatchesUp() {
        assertThat(provider.catalog().size()).isEqualTo(4);
        f.world.offer("c5.xlarge", 0.4, "us-east-1a");
        f.world.faults().serverError("DescribeInstanceTypes", 100);
        f.clock.advance(Duration.ofMinutes(6));
        provider.refreshIfDue(f.clock.instant());
        assertThat(provider.catalog().size()).isEqualTo(4);
        assertThat(registry.get("jig_aws_refresh_failures_total").tag("what", "instance-types").counter().count()).isEqualTo(1);
        assertThat(registry.get("jig_aws_refresh_age_seconds").tag("what", "instance-types").gauge().value()).isEqualTo(360);
        f.world.faults().serverError("DescribeInstanceTypes", 0);
        f.clock.advance(Duration.ofMinutes(6));
        assertThat(provider.catalog().find("c5.xlarge")).as("readers never refresh").isEmpty();
        provider.refreshIfDue(f.clock.instant());
        assertThat(provider.catalog().find("c5.xlarge")).isPresent();
        assertThat(registry.get("jig_aws_refresh_age_seconds").tag("what", "instance-types").gauge().value()).isZero();
    }

    @Test
    void readersWaitOnEc2OnlyForTheFirstRead() {
        types.resolve(NodeClass.al2023("default"), Set.of("us-east-1a"), unavailable);
        long calls = f.loopback.calls().size();
        f.clock.advance(Duration.ofHours(1));
        for (int i = 0; i < 10; i++) types.resolve(NodeClass.al2023("default"), Set.of("us-east-1a", "us-east-1b"), unavailable);
        assertThat(f.loopback.calls()).hasSize((int) calls);
        prices.refreshIfDue(f.clock.instant());
        provider.refreshIfDue(f.clock.instant());
        assertThat(f.loopback.calls().subList((int) calls, f.loopback.calls().size()))
                .containsExactlyInAnyOrder("DescribeSpotPriceHistory", "DescribeInstanceTypes", "DescribeInstanceTypeOfferings");
    }

    @Test
    void thePriceListsAgeIsAMetric() {
        double age = registry.get("jig_aws_price_list_age_seconds").gauge().value();
        assertThat(age).isEqualTo(prices.priceListAgeSeconds()).isPositive();
    }
}
