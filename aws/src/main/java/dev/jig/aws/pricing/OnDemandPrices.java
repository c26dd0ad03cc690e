package dev.jig.aws.pricing;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.refresh.Refreshable;
import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * On-demand prices in USD per hour, for the cluster's region: read from the AWS Price List API ({@link PriceList}) in
 * the background every {@code refresh} (Karpenter reads them every 12 hours), falling back per type to the us-east-1
 * list bundled with Jig (its date is the catalog's {@code priceDate}). Until the API first answers, and for every type
 * it does not price, the bundled price is used: outside us-east-1 that is an estimate, and the log says so at start.
 * Which source priced how many types is the gauge {@code jig_aws_on_demand_prices{source}}; a failed read keeps the
 * last answer (reported through {@link Freshness}, {@code what="on-demand-prices"}). Readers never wait on the API.
 * Thread-safe.
 */
public final class OnDemandPrices implements Refreshable {

    private static final Logger LOG = LoggerFactory.getLogger(OnDemandPrices.class);
    /** The region whose prices the bundled list holds. */
    public static final String BUNDLED_REGION = "us-east-1";
    /** How often Karpenter reads the Price List API again. */
    public static final Duration REFRESH = Duration.ofHours(12);

    private final PriceList api;
    private final String region;
    private final Catalog bundled;
    private final Clock clock;
    private final Duration refresh;
    private final Freshness freshness;
    private volatile Map<String, Double> read = Map.of();
    private volatile Instant triedAt = Instant.MIN;

    /**
     * @param api where prices are read, or null to use the bundled list alone (tests, an account without
     *            {@code pricing:GetProducts})
     */
    public OnDemandPrices(PriceList api, String region, Catalog bundled, Clock clock, Duration refresh, MeterRegistry registry, Freshness freshness) {
        this.api = api;
        this.region = region;
        this.bundled = bundled;
        this.clock = clock;
        this.refresh = refresh;
        this.freshness = freshness;
        Gauge.builder("jig_aws_price_list_age_seconds", this, OnDemandPrices::bundledAgeSeconds)
                .description("Age of the bundled on-demand price list (" + bundled.priceDate() + ")").register(registry);
        Gauge.builder("jig_aws_on_demand_prices", this, p -> p.read.size())
                .description("Instance types whose on-demand price came from this source").tag("source", "pricing-api").register(registry);
        Gauge.builder("jig_aws_on_demand_prices", this, p -> p.bundledOnly())
                .description("Instance types whose on-demand price came from this source").tag("source", "bundled").register(registry);
        if (!BUNDLED_REGION.equals(region)) {
            LOG.atWarn().addKeyValue("event", "prices-estimated").addKeyValue("region", region)
                    .log("on-demand prices in {} are estimates (Jig's bundled {} list of {}) until the Pricing API answers{}", region, BUNDLED_REGION,
                            bundled.priceDate(), api == null ? ", and it is not read" : "");
        }
    }

    /** The bundled list alone: {@code region}'s prices are us-east-1's. */
    public static OnDemandPrices bundled(Catalog bundled, Clock clock, MeterRegistry registry) {
        return new OnDemandPrices(null, BUNDLED_REGION, bundled, clock, REFRESH, registry, new Freshness("on-demand-prices", clock, registry));
    }

    /** The on-demand price of {@code type}: the API's, else the bundled list's, else none. */
    public OptionalDouble of(String type) {
        Double p = read.get(type);
        if (p != null) return OptionalDouble.of(p);
        return bundled.find(type).map(t -> t.onDemandPrice()).orElse(OptionalDouble.empty());
    }

    /** Where the price of {@code type} came from: {@code pricing-api}, {@code bundled}, or {@code none}. */
    public String source(String type) {
        if (read.containsKey(type)) return "pricing-api";
        return bundled.find(type).map(t -> t.onDemandPrice().isPresent()).orElse(false) ? "bundled" : "none";
    }

    public double bundledAgeSeconds() {
        Instant listed = LocalDate.parse(bundled.priceDate()).atStartOfDay(ZoneOffset.UTC).toInstant();
        return Duration.between(listed, clock.instant()).toSeconds();
    }

    private long bundledOnly() {
        Map<String, Double> r = read;
        return bundled.all().stream().filter(t -> t.onDemandPrice().isPresent() && !r.containsKey(t.name())).count();
    }

    @Override
    public void refreshIfDue(Instant now) {
        if (api == null || triedAt.plus(refresh).isAfter(now)) return;
        triedAt = now;
        try {
            Map<String, Double> prices = api.onDemand(region);
            if (prices.isEmpty()) {
                freshness.failed(now, "the Pricing API priced no instance type in " + region);
                return;
            }
            boolean first = read.isEmpty();
            read = prices;
            freshness.succeeded(now);
            if (first) {
                LOG.atInfo().addKeyValue("event", "prices-read").addKeyValue("region", region).addKeyValue("types", prices.size())
                        .log("on-demand prices of {} instance types in {} read from the Pricing API", prices.size(), region);
            }
        } catch (CloudOperationException e) {
            freshness.failed(now, e.getMessage());
        }
    }
}
