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

    @Test
    void aSlowReconcilerDelaysNoOther() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch fiveRuns = new CountDownLatch(5);
        try (ControllerLoop loop = new ControllerLoop(List.of(
                new Cadence(Reconciler.of("slow", () -> await(release)), Duration.ofMillis(10)),
                new Cadence(Reconciler.of("fast", fiveRuns::countDown), Duration.ofMillis(10))), ReconcileObserver.NONE)) {
            loop.start();
            assertThat(fiveRuns.await(10, TimeUnit.SECONDS)).as("fast ran five times while slow was stuck in its first").isTrue();
            release.countDown();
        }
    }

    @Test
    void aReconcilerNeverOverlapsItselfEvenWhenWokenWhileRunning() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger runs = new AtomicInteger();
        try (ControllerLoop loop = new ControllerLoop(List.of(new Cadence(Reconciler.of("busy", () -> {
            if (inside.incrementAndGet() > 1) overlaps.incrementAndGet();
            sleep(2);
            runs.incrementAndGet();
            inside.decrementAndGet();
        }), Duration.ofMillis(1))), ReconcileObserver.NONE)) {
            loop.start();
            for (int i = 0; i < 200; i++) loop.wake("busy");
            while (runs.get() < 20) Thread.sleep(5);
        }
        assertThat(overlaps.get()).isZero();
    }

    @Test
    void wakeRunsAReconcilerAheadOfItsPeriod() throws Exception {
        CountDownLatch twice = new CountDownLatch(2);
        try (ControllerLoop loop = new ControllerLoop(List.of(new Cadence(Reconciler.of("hourly", twice::countDown), Duration.ofHours(1))),
                ReconcileObserver.NONE)) {
            loop.start();
            while (twice.getCount() == 2) Thread.sleep(5);
            loop.wake("hourly");
            assertThat(twice.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aReconcilerThatSaysWorkIsDueSoonerRunsThenNotAtItsNextPeriod() throws Exception {
        List<Long> starts = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicInteger dueOnce = new AtomicInteger(1);
        Reconciler batch = Reconciler.of("batch", () -> starts.add(System.nanoTime()),
                () -> dueOnce.getAndDecrement() > 0 ? java.util.Optional.of(Duration.ofMillis(200)) : java.util.Optional.empty());
        try (ControllerLoop loop = new ControllerLoop(List.of(new Cadence(batch, Duration.ofHours(1))), ReconcileObserver.NONE)) {
            loop.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (starts.size() < 2 && System.nanoTime() < deadline) Thread.sleep(5);
            assertThat(starts).as("the first run, then the one it said was due in 200 ms; not an hour later").hasSize(2);
            assertThat(starts.get(1) - starts.get(0)).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(190));
            Thread.sleep(400);
            assertThat(starts).as("nothing due after that: the period again").hasSize(2);
        }
    }

    @Test
    void anUnboundPodWakesProvisioning() throws Exception {
        dev.jig.controller.simulate.InMemoryCluster cluster = new dev.jig.controller.simulate.InMemoryCluster();
        AtomicInteger runs = new AtomicInteger();
        try (ControllerLoop loop = new ControllerLoop(List.of(new Cadence(Reconciler.of("provisioning", runs::incrementAndGet), Duration.ofHours(1))),
                ReconcileObserver.NONE)) {
            dev.jig.controller.run.RunReconcilers.wakeProvisioningOnPods(cluster, loop);
            loop.start();
            while (runs.get() < 1) Thread.sleep(5);
            cluster.put(dev.jig.controller.testing.Fixtures.pod("web", 100, 128).with().nodeName("n1").build());
            Thread.sleep(200);
            assertThat(runs.get()).as("a bound pod needs no capacity").isEqualTo(1);
            cluster.put(dev.jig.controller.testing.Fixtures.pod("pending", 100, 128));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (runs.get() < 2 && System.nanoTime() < deadline) Thread.sleep(5);
            assertThat(runs.get()).as("a pending pod wakes provisioning at once").isEqualTo(2);
        }
    }

    @Test
    void stopWaitsForTheRunningReconcilesAndStartsNoFurtherOne() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        AtomicInteger runs = new AtomicInteger();
        ControllerLoop loop = new ControllerLoop(List.of(
                new Cadence(Reconciler.of("long", () -> {
                    entered.countDown();
                    sleep(300);
                    finished.incrementAndGet();
                }), Duration.ofHours(1)),
                new Cadence(Reconciler.of("ticking", runs::incrementAndGet), Duration.ofMillis(5))), ReconcileObserver.NONE, Duration.ofSeconds(10));
        loop.start();
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(loop.stop()).as("every reconcile ended within the wait").isTrue();
        assertThat(finished.get()).as("stop returned only after the long reconcile ended").isEqualTo(1);
        int after = runs.get();
        Thread.sleep(50);
        assertThat(runs.get()).as("no reconcile after stop").isEqualTo(after);
        loop.wake("ticking");
        Thread.sleep(20);
        assertThat(runs.get()).as("a stopped loop ignores wakes").isEqualTo(after);
        loop.close();
        loop.wake("ticking");
        assertThat(runs.get()).as("and a closed one too, without throwing").isEqualTo(after);
    }

    @Test
    void theObserverHearsOfEveryReconcileAndItsFailure() throws Exception {
        java.util.Map<String, AtomicInteger> failures = new java.util.concurrent.ConcurrentHashMap<>();
        CountDownLatch three = new CountDownLatch(3);
        try (ControllerLoop loop = new ControllerLoop(List.of(new Cadence(Reconciler.of("broken", () -> {
            throw new IllegalStateException("no");
        }), Duration.ofMillis(5))), (name, took, failure) -> {
            assertThat(took.isNegative()).isFalse();
            if (failure != null) failures.computeIfAbsent(name + ": " + failure.getMessage(), k -> new AtomicInteger()).incrementAndGet();
            three.countDown();
        })) {
            loop.start();
            assertThat(three.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(failures).containsOnlyKeys("broken: no");
        assertThat(failures.get("broken: no").get()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void twoReconcilersWithOneNameAreRefused() {
        Cadence a = new Cadence(Reconciler.of("same", () -> { }), Duration.ofSeconds(1));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ControllerLoop(List.of(a, a), ReconcileObserver.NONE))
                .hasMessageContaining("same");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
