package dev.jig.controller.metrics;

import dev.jig.controller.loop.ReconcileObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;

/**
 * Every reconcile of the runtime's workers as Micrometer meters, named after controller-runtime's (which Karpenter
 * exports) with Jig's prefix (Prometheus names in brackets):
 * <ul>
 *   <li>{@code jig.controller.reconcile.time{controller}} [{@code jig_controller_reconcile_time_seconds}]: how long each
 *       reconcile took, failed ones included;</li>
 *   <li>{@code jig.controller.reconcile.errors{controller,error}} [{@code jig_controller_reconcile_errors_total}]: reconciles
 *       that threw, by the simple name of what they threw.</li>
 * </ul>
 */
public final class ReconcileMeters implements ReconcileObserver {

    private final MeterRegistry registry;

    public ReconcileMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void reconciled(String reconciler, Duration took, Throwable failure) {
        Timer.builder("jig.controller.reconcile.time").description("How long each reconcile took")
                .tag("controller", reconciler).register(registry).record(took);
        if (failure != null) {
            registry.counter("jig.controller.reconcile.errors", "controller", reconciler, "error", failure.getClass().getSimpleName()).increment();
        }
    }
}
