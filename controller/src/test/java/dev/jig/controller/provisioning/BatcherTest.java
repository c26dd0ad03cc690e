package dev.jig.controller.provisioning;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class BatcherTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aBatchClosesAfterOneIdleSecond() {
        Batcher b = new Batcher();
        b.trigger(T0);
        assertThat(b.ready(T0.plusMillis(999))).isFalse();
        assertThat(b.ready(T0.plusSeconds(1))).isTrue();
    }

    @Test
    void triggersExtendTheIdleWindowUpToTenSeconds() {
        Batcher b = new Batcher();
        for (int ms = 0; ms <= 12_000; ms += 500) {
            Instant t = T0.plusMillis(ms);
            if (ms < 10_000) assertThat(b.ready(t)).as("at %d ms", ms).isFalse();
            b.trigger(t);
            if (ms >= 10_000) {
                assertThat(b.ready(t)).isTrue();
                break;
            }
        }
        assertThat(b.deadline()).isEqualTo(T0.plusSeconds(10));
    }

    @Test
    void nothingIsReadyWithoutATrigger() {
        Batcher b = new Batcher();
        assertThat(b.isOpen()).isFalse();
        assertThat(b.ready(T0.plusSeconds(60))).isFalse();
        b.trigger(T0);
        b.close();
        assertThat(b.ready(T0.plusSeconds(60))).isFalse();
    }
}
