package dev.jig.aws.pricing;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.sdk.Ec2;
import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.ec2.model.SpotPrice;

/**
 * Prices in USD per hour. On-demand prices come from the price list bundled with Jig (its date is
 * the catalog's {@code priceDate}, and {@code jig_aws_price_list_age_seconds} says how old it is);
 * spot prices come from DescribeSpotPriceHistory, the latest per type and zone, read again once
 * {@code refresh} has passed. A failed read keeps the last prices; a type and zone without a spot
 * price has no spot offering. Thread-safe.
 */
public final class PriceProvider {

    private static final Logger LOG = LoggerFactory.getLogger(PriceProvider.class);

    private final Ec2 ec2;
    private final Catalog priceList;
    private final Clock clock;
    private final Duration refresh;
    private final boolean offline;
    private Map<String, Double> spot = Map.of();
    private Instant triedAt = Instant.MIN;

    public PriceProvider(Ec2 ec2, Catalog priceList, Clock clock, Duration refresh, boolean offline, MeterRegistry registry) {
        this.ec2 = ec2;
        this.priceList = priceList;
        this.clock = clock;
        this.refresh = refresh;
        this.offline = offline;
        Gauge.builder("jig_aws_price_list_age_seconds", this, PriceProvider::priceListAgeSeconds)
                .description("Age of the bundled on-demand price list (" + priceList.priceDate() + ")").register(registry);
    }

    public OptionalDouble onDemand(String type) {
        return priceList.find(type).map(t -> t.onDemandPrice()).orElse(OptionalDouble.empty());
    }

    public synchronized OptionalDouble spot(String type, String zone) {
        refreshIfDue();
        Double p = spot.get(type + "/" + zone);
        return p == null ? OptionalDouble.empty() : OptionalDouble.of(p);
    }

    public double priceListAgeSeconds() {
        Instant listed = LocalDate.parse(priceList.priceDate()).atStartOfDay(ZoneOffset.UTC).toInstant();
        return Duration.between(listed, clock.instant()).toSeconds();
    }

    private void refreshIfDue() {
        Instant now = clock.instant();
        if (offline || triedAt.plus(refresh).isAfter(now)) return;
        triedAt = now;
        try {
            Map<String, Double> prices = new HashMap<>();
            Map<String, Instant> at = new HashMap<>();
            for (SpotPrice p : ec2.describeSpotPriceHistory(now.minus(Duration.ofHours(3)))) {
                String key = p.instanceTypeAsString() + "/" + p.availabilityZone();
                Instant t = p.timestamp() == null ? Instant.MIN : p.timestamp();
                if (!at.containsKey(key) || t.isAfter(at.get(key))) {
                    at.put(key, t);
                    prices.put(key, Double.parseDouble(p.spotPrice()));
                }
            }
            spot = Map.copyOf(prices);
        } catch (CloudOperationException | NumberFormatException e) {
            LOG.atWarn().addKeyValue("event", "spot-prices-refresh-failed").log("spot prices not refreshed, keeping the last ones: {}", e.getMessage());
        }
    }
}
