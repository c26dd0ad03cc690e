package dev.jig.aws.pricing;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.refresh.Refreshable;
import dev.jig.aws.sdk.Ec2;
import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import software.amazon.awssdk.services.ec2.model.SpotPrice;

/**
 * Prices in USD per hour. On-demand prices come from {@link OnDemandPrices} (the Price List API, else the list
 * bundled with Jig); spot prices come from DescribeSpotPriceHistory, the latest per type and zone, read again once
 * {@code refresh} has passed, in the background ({@link Refreshable}): readers get the last immutable
 * prices and wait on EC2 only for the very first read. A failed read keeps the last prices (reported
 * through {@link Freshness}); a type and zone without a spot price has no spot offering. Thread-safe.
 */
public final class PriceProvider implements Refreshable {

    private final Ec2 ec2;
    private final OnDemandPrices onDemand;
    private final Clock clock;
    private final Duration refresh;
    private final boolean offline;
    private final Freshness freshness;
    private volatile Map<String, Double> spot = Map.of();
    private volatile Instant triedAt = Instant.MIN;

    /** On-demand prices from the bundled list alone. */
    public PriceProvider(Ec2 ec2, Catalog priceList, Clock clock, Duration refresh, boolean offline, MeterRegistry registry, Freshness freshness) {
        this(ec2, OnDemandPrices.bundled(priceList, clock, registry), clock, refresh, offline, freshness);
    }

    public PriceProvider(Ec2 ec2, OnDemandPrices onDemand, Clock clock, Duration refresh, boolean offline, Freshness freshness) {
        this.ec2 = ec2;
        this.freshness = freshness;
        this.onDemand = onDemand;
        this.clock = clock;
        this.refresh = refresh;
        this.offline = offline;
    }

    public OptionalDouble onDemand(String type) {
        return onDemand.of(type);
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
        return onDemand.bundledAgeSeconds();
    }

    /** Reads spot prices when due, and on-demand prices when theirs are. */
    @Override
    public void refreshIfDue(Instant now) {
        if (offline) return;
        onDemand.refreshIfDue(now);
        if (triedAt.plus(refresh).isAfter(now)) return;
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
