package dev.jig.aws.pricing;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackPricing;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.aws.refresh.Freshness;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.simulate.SimulatedClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.pricing.PricingClient;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** On-demand prices read over the real SDK from the loopback Price List API, and the bundled list they fall back to. */
class OnDemandPricesIT {

    private final LoopbackPricing api = new LoopbackPricing();
    private final PricingClient client = LoopbackClients.at(api).pricing();
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-11-29T12:00:00Z"));
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Catalog bundled = Catalog.bundled();

    @AfterEach
    void close() {
        client.close();
        api.close();
    }

    private OnDemandPrices prices(String region) {
        return new OnDemandPrices(new SdkPriceList(client), region, bundled, clock, OnDemandPrices.REFRESH, registry,
                new Freshness("on-demand-prices", clock, registry));
    }

    private double gauge(String source) {
        return registry.get("jig_aws_on_demand_prices").tag("source", source).gauge().value();
    }

    @Test
    void everyPageOfTheRegionsProductsIsReadAndOnlyLinuxSharedHourlyPricesCount() {
        for (int i = 0; i < 150; i++) api.price("eu-west-1", "x" + i + ".large", "0.5");
        api.price("eu-west-1", "m5.large", "0.1070000000").price("us-east-1", "m5.large", "0.0960000000");
        Map<String, Double> read = new SdkPriceList(client).onDemand("eu-west-1");
        assertThat(read).hasSize(151).containsEntry("m5.large", 0.107).containsEntry("x149.large", 0.5)
                .as("the dedicated m5.large ($0.113) and the $0 c5.large are no instance prices").doesNotContainKey("c5.large");
        assertThat(api.count("GetProducts")).as("100 a page").isEqualTo(2);
    }

    @Test
    void pricesOutsideUsEast1ComeFromTheApiOnceItAnswersAndTheBundledListMeanwhileAndForTheRest() {
        api.price("eu-west-1", "m5.large", "0.1070000000");
        OnDemandPrices prices = prices("eu-west-1");
        assertThat(prices.of("m5.large")).hasValue(0.096);
        assertThat(prices.source("m5.large")).isEqualTo("bundled");
        assertThat(gauge("pricing-api")).isZero();
        prices.refreshIfDue(clock.instant());
        assertThat(prices.of("m5.large")).hasValue(0.107);
        assertThat(prices.source("m5.large")).isEqualTo("pricing-api");
        assertThat(prices.of("c5.large")).as("not priced by the API: the bundled price").hasValue(0.085);
        assertThat(prices.source("c5.large")).isEqualTo("bundled");
        assertThat(prices.source("no.such")).isEqualTo("none");
        assertThat(gauge("pricing-api")).isEqualTo(1);
        assertThat(gauge("bundled")).isEqualTo(bundled.all().stream().filter(t -> t.onDemandPrice().isPresent()).count() - 1);
        // read again only after 12 hours
        api.price("eu-west-1", "m5.large", "0.0900000000");
        prices.refreshIfDue(clock.instant().plus(Duration.ofHours(11)));
        assertThat(api.count("GetProducts")).isEqualTo(1);
        prices.refreshIfDue(clock.instant().plus(Duration.ofHours(12)));
        assertThat(api.count("GetProducts")).isEqualTo(2);
        assertThat(prices.of("m5.large")).as("the lower of two prices for one type").hasValue(0.09);
    }

    @Test
    void aFailedReadKeepsTheLastPricesAndSaysSo() {
        api.price("eu-west-1", "m5.large", "0.1070000000");
        OnDemandPrices prices = prices("eu-west-1");
        prices.refreshIfDue(clock.instant());
        api.failNext("GetProducts", 5, new AwsError(400, "AccessDeniedException", "User is not authorized to perform: pricing:GetProducts"));
        prices.refreshIfDue(clock.instant().plus(OnDemandPrices.REFRESH));
        assertThat(prices.of("m5.large")).hasValue(0.107);
        assertThat(registry.get("jig_aws_refresh_failures_total").tag("what", "on-demand-prices").counter().count()).isEqualTo(1);
    }

    @Test
    void anApiThatCannotBeReadIsACloudErrorThatSaysWhyAndARegionItDoesNotPriceKeepsTheBundledList() {
        api.failNext("GetProducts", 5, new AwsError(400, "AccessDeniedException", "User is not authorized to perform: pricing:GetProducts"));
        assertThatThrownBy(() -> new SdkPriceList(client).onDemand("eu-west-1")).isInstanceOf(CloudOperationException.class)
                .hasMessageContaining("Pricing GetProducts (eu-west-1) failed: AccessDeniedException");
        OnDemandPrices prices = prices("ap-southeast-7");
        prices.refreshIfDue(clock.instant());
        assertThat(prices.of("m5.large")).hasValue(0.096);
        assertThat(registry.get("jig_aws_refresh_failures_total").tag("what", "on-demand-prices").counter().count()).isEqualTo(1);
    }
}
