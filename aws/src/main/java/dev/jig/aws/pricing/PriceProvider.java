package dev.jig.aws.pricing;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.refresh.Refreshable;
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
import software.amazon.awssdk.services.ec2.model.SpotPrice;

/**
 * Prices in USD per hour. On-demand prices come from the price list bundled with Jig (its date is
 * the catalog's {@code priceDate}, and {@code jig_aws_price_list_age_seconds} says how old it is);
 * spot prices come from DescribeSpotPriceHistory, the latest per type and zone, read again once
 * {@code refresh} has passed, in the background ({@link Refreshable}): readers get the last immutable
 * prices and wait on EC2 only for the very first read. A failed read keeps the last prices (reported
 * through {@link Freshness}); a type and zone without a spot price has no spot offering. Thread-safe.
 */
public final class PriceProvider implements Refreshable {

    private final Ec2 ec2;
    private final Catalog priceList;
    private final Clock clock;
    private final Duration refresh;
    private final boolean offline;
    private final Freshness freshness;
    private volatile Map<String, Double> spot = Map.of();
    private volatile Instant triedAt = Instant.MIN;

    public PriceProvider(Ec2 ec2, Catalog priceList, Clock clock, Duration refresh, boolean offline, MeterRegistry registry, Freshness freshness) {
        this.ec2 = ec2;
        this.freshness = freshness;
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

    public OptionalDouble spot(String type, String zone) {
        if (!offline && triedAt.equals(Instant.MIN)) {
            synchronized (this) {
                if (triedAt.equals(Instant.MIN)) read(clock.instant());
            }
        }
        Double p = spot.get(type + "/" + zone);
        return p == null ? OptionalDouble.empty() : OptionalDouble.of(p);
    }

    public double priceListAgeSeconds() {
        Instant listed = LocalDate.parse(priceList.priceDate()).atStartOfDay(ZoneOffset.UTC).toInstant();
        return Duration.between(listed, clock.instant()).toSeconds();
    }

    @Override
    public void refreshIfDue(Instant now) {
        if (offline || triedAt.plus(refresh).isAfter(now)) return;
        read(now);
    }

    private synchronized void read(Instant now) {
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
            freshness.succeeded(now);
        } catch (CloudOperationException | NumberFormatException e) {
            freshness.failed(now, e.getMessage());
        }
    }
}
