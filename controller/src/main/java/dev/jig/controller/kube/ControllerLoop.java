package dev.jig.controller.kube;

import dev.jig.controller.provisioning.Provisioner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the provisioner's reconcile on a fixed period while this replica leads, on one thread, so
 * reconciles never overlap. Failures of one reconcile are logged and the next one runs.
 */
public final class ControllerLoop implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ControllerLoop.class);

    private final Provisioner provisioner;
    private final Duration period;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "jig-controller");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;

    public ControllerLoop(Provisioner provisioner, Duration period) {
        this.provisioner = provisioner;
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
        try {
            provisioner.reconcile();
        } catch (RuntimeException e) {
            LOG.error("reconcile failed: {}", e.toString(), e);
        }
    }

    @Override
    public void close() {
        stop();
        executor.shutdownNow();
    }
}
