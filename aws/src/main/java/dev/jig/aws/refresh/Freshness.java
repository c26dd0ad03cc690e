package dev.jig.aws.refresh;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How current one refreshed snapshot is (instance types, spot prices, instances, node class
 * resolutions): when it was last read, and since when reading it fails. A failure is logged once per
 * failing streak, counted in {@code jig_aws_refresh_failures_total{what}}, and
 * {@code jig_aws_refresh_age_seconds{what}} says how old the snapshot in use is, so a dashboard shows
 * that Jig schedules on old data. Thread-safe.
 */
public final class Freshness {

    private static final Logger LOG = LoggerFactory.getLogger(Freshness.class);

    private final String what;
    private final Clock clock;
    private final Counter failures;
    private volatile Instant readAt = Instant.MIN;
    private volatile Instant failingSince;
    private volatile String error;

    public Freshness(String what, Clock clock, MeterRegistry registry) {
        this.what = what;
        this.clock = clock;
        this.failures = Counter.builder("jig_aws_refresh_failures_total").description("Background reads of AWS that failed; the last good answer stays in use")
                .tag("what", what).register(registry);
        Gauge.builder("jig_aws_refresh_age_seconds", this, Freshness::ageSeconds)
                .description("Age of the AWS answer in use (-1 before the first read)").tag("what", what).register(registry);
    }

    public void succeeded(Instant at) {
        if (failingSince != null) LOG.atInfo().addKeyValue("event", "refresh-recovered").addKeyValue("what", what).log("{} read again", what);
        readAt = at;
        failingSince = null;
        error = null;
    }

    public void failed(Instant at, String message) {
        failures.increment();
        if (failingSince == null) {
            failingSince = at;
            LOG.atWarn().addKeyValue("event", "refresh-failed").addKeyValue("what", what).addKeyValue("since", readAt)
                    .log("{} not refreshed, keeping the answer read at {}: {}", what, readAt.equals(Instant.MIN) ? "never" : readAt, message);
        }
        error = message;
    }

    /** When the answer in use was read; {@link Instant#MIN} when never. */
    public Instant readAt() {
        return readAt;
    }

    /** Since when every read failed; null while the last one succeeded. */
    public Instant failingSince() {
        return failingSince;
    }

    /** The last failure's message; null while the last read succeeded. */
    public String error() {
        return error;
    }

    double ageSeconds() {
        Instant r = readAt;
        return r.equals(Instant.MIN) ? -1 : Duration.between(r, clock.instant()).toMillis() / 1000.0;
    }
}
