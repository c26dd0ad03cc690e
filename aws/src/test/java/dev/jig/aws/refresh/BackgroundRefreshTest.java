package dev.jig.aws.refresh;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundRefreshTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-25T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void everyItemIsAskedInOrderWithTheClocksTimeAndOneThatThrowsDoesNotStopTheOthers() {
        List<String> asked = new ArrayList<>();
        BackgroundRefresh refresh = new BackgroundRefresh(List.of(now -> asked.add("a@" + now), now -> {
            throw new IllegalStateException("escaped");
        }, now -> asked.add("c@" + now)), clock);
        refresh.runDue();
        assertThat(asked).containsExactly("a@2026-11-25T12:00:00Z", "c@2026-11-25T12:00:00Z");
    }

    @Test
    void theThreadRunsUntilClosedAndNotAfter() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch twice = new CountDownLatch(2);
        BackgroundRefresh refresh = new BackgroundRefresh(List.of(now -> {
            runs.incrementAndGet();
            twice.countDown();
        }), clock).start(Duration.ofMillis(5));
        assertThat(twice.await(10, TimeUnit.SECONDS)).isTrue();
        refresh.close();
        int stopped = runs.get();
        Thread.sleep(50);
        assertThat(runs.get()).isEqualTo(stopped);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("jig-aws-refresh") && t.isAlive());
    }
}
