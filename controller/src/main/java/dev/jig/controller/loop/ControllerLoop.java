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
    private volatile long lastTick = System.nanoTime();

    public ControllerLoop(List<Reconciler> reconcilers, Duration period) {
        this.reconcilers = List.copyOf(reconcilers);
        this.period = period;
    }

    public synchronized void start() {
        if (task != null) return;
        lastTick = System.nanoTime();
        task = executor.scheduleWithFixedDelay(this::reconcile, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    public synchronized void stop() {
        if (task != null) task.cancel(false);
        task = null;
    }

    private void reconcile() {
        lastTick = System.nanoTime();
        for (Reconciler r : reconcilers) {
            try {
                r.reconcile();
            } catch (RuntimeException e) {
                LOG.atError().addKeyValue("event", "reconcile-failed").addKeyValue("reconciler", r.name())
                        .setCause(e).log("{} reconcile failed: {}", r.name(), e.toString());
            } catch (Error e) {
                // an Error escaping here would cancel every later tick without a word while the Lease keeps
                // renewing; the loop goes on, and lastTick() lets a health check see a loop that no longer ticks
                LOG.atError().addKeyValue("event", "reconcile-error").addKeyValue("reconciler", r.name())
                        .setCause(e).log("{} reconcile hit {}", r.name(), e.toString());
            }
        }
    }

    /**
     * Whether the loop stalled: it is running (this replica leads) and no tick began within {@code limit}. A health
     * check uses it, so that a stuck loop restarts the pod instead of leading without acting.
     */
    public synchronized boolean stalled(Duration limit) {
        return task != null && System.nanoTime() - lastTick > limit.toNanos();
    }

    @Override
    public void close() {
        stop();
        executor.shutdownNow();
    }
}
