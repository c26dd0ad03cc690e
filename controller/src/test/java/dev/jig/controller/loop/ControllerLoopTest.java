package dev.jig.controller.loop;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The loop survives what its reconcilers throw, Errors included, and tells a health check when it stopped ticking. */
class ControllerLoopTest {

    @Test
    void anErrorInOneReconcilerNeitherStopsTheOthersNorLaterTicks() throws Exception {
        AtomicInteger after = new AtomicInteger();
        CountDownLatch threeTicks = new CountDownLatch(3);
        try (ControllerLoop loop = new ControllerLoop(List.of(
                Reconciler.of("broken", () -> { throw new NoClassDefFoundError("software/amazon/awssdk/Missing"); }),
                Reconciler.of("counting", () -> { after.incrementAndGet(); threeTicks.countDown(); })), Duration.ofMillis(10))) {
            loop.start();
            assertThat(threeTicks.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(after.get()).isGreaterThanOrEqualTo(3);
            assertThat(loop.stalled(Duration.ofSeconds(5))).isFalse();
        }
    }

    @Test
    void aTickThatHangsShowsAsStalledAndAStoppedLoopDoesNot() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ControllerLoop loop = new ControllerLoop(List.of(Reconciler.of("hanging", () -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })), Duration.ofMillis(10));
        assertThat(loop.stalled(Duration.ZERO)).as("not leading, not stalled").isFalse();
        loop.start();
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(50);
        assertThat(loop.stalled(Duration.ofMillis(20))).isTrue();
        assertThat(loop.stalled(Duration.ofMinutes(5))).isFalse();
        release.countDown();
        loop.stop();
        assertThat(loop.stalled(Duration.ZERO)).isFalse();
        loop.close();
    }
}
