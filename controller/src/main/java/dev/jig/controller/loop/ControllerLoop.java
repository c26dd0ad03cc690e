package dev.jig.controller.loop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs its reconcilers in order on a fixed period while this replica leads, on one thread, so
 * reconciles never overlap. A failure of one reconciler is logged and the next one still runs.
 */
public final class ControllerLoop implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ControllerLoop.class);

    private final List<Reconciler> reconcilers;
    private final Duration period;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "jig-controller");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;

    public ControllerLoop(List<Reconciler> reconcilers, Duration period) {
        this.reconcilers = List.copyOf(reconcilers);
        this.period = period;
    }

    public synchronized void start() {
        if (task != null) return;
        task = executor.scheduleWithFixedDelay(this::reconcile, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    public synchronized void stop() {
        if (task != null) task.cancel(false);
        task = null;
    }

    private void reconcile() {
        for (Reconciler r : reconcilers) {
            try {
                r.reconcile();
            } catch (RuntimeException e) {
                LOG.atError().addKeyValue("event", "reconcile-failed").addKeyValue("reconciler", r.name())
                        .setCause(e).log("{} reconcile failed: {}", r.name(), e.toString());
            }
        }
    }

    @Override
    public void close() {
        stop();
        executor.shutdownNow();
    }
}
