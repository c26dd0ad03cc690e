package dev.jig.aws.interruption;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QueueBackoffTest {

    private static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");

    @Test
    void delaysDoubleUpToTheMaximumAndASuccessStartsOver() {
        QueueBackoff backoff = new QueueBackoff(Duration.ofSeconds(1), Duration.ofSeconds(5));
        assertThat(backoff.failed(T0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.failed(T0)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.failed(T0)).isEqualTo(Duration.ofSeconds(4));
        assertThat(backoff.failed(T0)).isEqualTo(Duration.ofSeconds(5));
        for (int i = 0; i < 100; i++) {
            assertThat(backoff.failed(T0)).isEqualTo(Duration.ofSeconds(5));
        }
        backoff.succeeded();
        assertThat(backoff.failures()).isZero();
        assertThat(backoff.remaining(T0)).isZero();
        assertThat(backoff.failed(T0)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void remainingCountsDownFromTheLastFailure() {
        QueueBackoff backoff = new QueueBackoff(Duration.ofSeconds(2), Duration.ofMinutes(5));
        assertThat(backoff.remaining(T0)).isZero();
        backoff.failed(T0);
        assertThat(backoff.remaining(T0.plusMillis(500))).isEqualTo(Duration.ofMillis(1500));
        assertThat(backoff.remaining(T0.plusSeconds(2))).isZero();
    }

    @Test
    void nonsenseBoundsAreRefused() {
        assertThatThrownBy(() -> new QueueBackoff(Duration.ZERO, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new QueueBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    }
}
