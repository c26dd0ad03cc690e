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

    @Test
    void aPodToPlanAgainOpensABatchButNeverHoldsOneOpen() {
        Batcher b = new Batcher();
        b.request(T0);
        assertThat(b.isOpen()).isTrue();
        assertThat(b.ready(T0.plusSeconds(1))).isTrue();
        b.close();
        // a new pod at 0 s, then a re-plan every 200 ms as nodes join: the batch still closes at 1 s
        b.trigger(T0);
        for (int ms = 200; ms < 1000; ms += 200) b.request(T0.plusMillis(ms));
        assertThat(b.deadline()).isEqualTo(T0.plusSeconds(1));
        assertThat(b.ready(T0.plusSeconds(1))).isTrue();
        // and a new pod after a re-plan opened the batch extends it as any arrival does
        b.close();
        b.request(T0);
        b.trigger(T0.plusMillis(900));
        assertThat(b.ready(T0.plusSeconds(1))).isFalse();
        assertThat(b.deadline()).isEqualTo(T0.plusMillis(1900));
    }
}
