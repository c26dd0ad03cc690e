package dev.jig.aws.interruption;

import java.time.Duration;
import java.time.Instant;

/**
 * When to ask an unavailable queue again: after the first failure {@code initial}, doubling with each
 * further failure up to {@code max}; a success starts over. Pure: the caller passes the time.
 */
final class QueueBackoff {

    private final Duration initial;
    private final Duration max;
    private int failures;
    private Instant retryAt = Instant.MIN;

    QueueBackoff(Duration initial, Duration max) {
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < initial <= max, got " + initial + " and " + max);
        }
        this.initial = initial;
        this.max = max;
    }

    /** Records a failure at {@code now}; returns the delay until the next attempt. */
    Duration failed(Instant now) {
        failures++;
        Duration delay = initial;
        for (int i = 1; i < failures && delay.compareTo(max) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        delay = delay.compareTo(max) > 0 ? max : delay;
        retryAt = now.plus(delay);
        return delay;
    }

    void succeeded() {
        failures = 0;
        retryAt = Instant.MIN;
    }

    /** How long to wait at {@code now} before the next attempt; zero when it may be made. */
    Duration remaining(Instant now) {
        return now.isBefore(retryAt) ? Duration.between(now, retryAt) : Duration.ZERO;
    }

    int failures() {
        return failures;
    }
}
