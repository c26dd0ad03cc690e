package dev.jig.controller.metrics;

import dev.jig.controller.loop.Cadence;
import dev.jig.controller.loop.ControllerLoop;
import dev.jig.controller.loop.Reconciler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Each worker's reconciles are timed per reconciler, and what one throws is counted without stopping it. */
class ReconcileMetersTest {

    @Test
    void reconcilesAreTimedPerControllerAndFailuresCountedByType() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AtomicInteger ok = new AtomicInteger();
        try (ControllerLoop loop = new ControllerLoop(List.of(
                new Cadence(Reconciler.of("provisioning", ok::incrementAndGet), Duration.ofMillis(5)),
                new Cadence(Reconciler.of("disruption", () -> {
                    throw new IllegalStateException("broken");
                }), Duration.ofMillis(5))), new ReconcileMeters(registry))) {
            loop.start();
            while (registry.find("jig.controller.reconcile.errors").counter() == null
                    || registry.get("jig.controller.reconcile.errors").counter().count() < 3 || ok.get() < 3) {
                Thread.sleep(5);
            }
        }
        assertThat(registry.get("jig.controller.reconcile.time").tag("controller", "provisioning").timer().count()).isGreaterThanOrEqualTo(3);
        assertThat(registry.get("jig.controller.reconcile.time").tag("controller", "disruption").timer().count()).isGreaterThanOrEqualTo(3);
        assertThat(registry.get("jig.controller.reconcile.errors").tag("controller", "disruption").tag("error", "IllegalStateException").counter().count())
                .isGreaterThanOrEqualTo(3);
        assertThat(registry.find("jig.controller.reconcile.errors").tag("controller", "provisioning").counter()).isNull();
    }
}
