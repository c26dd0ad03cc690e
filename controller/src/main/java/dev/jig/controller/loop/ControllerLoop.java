package dev.jig.controller.loop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The controller's runtime while this replica leads: every {@link Cadence} on a worker of its own (thread
 * {@code jig-<name>}), each reconciler run every period after its previous run ended, or earlier when
 * {@linkplain #wake woken}. A reconciler never overlaps itself, and a slow one (a scale-up planning a thousand pods,
 * a drain) delays no other: an interruption warning is acted on within its own cadence whatever provisioning does.
 * A failure or an {@code Error} in one reconciler is logged, reported to the {@link ReconcileObserver} and never stops
 * the others. {@link #stop} (leader loss) and {@link #close} (shutdown) start no further reconcile and wait, at most
 * {@link #STOP_WAIT} in all, for the ones running to end.
 *
 * <p>The reconcilers share state (the provisioner, the cluster): each shared object guards itself, as its javadoc
 * says; the runtime adds no lock of its own around a reconcile.
 */
public final class ControllerLoop implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ControllerLoop.class);
    /** How long stop and close wait for the reconciles running to end. */
    public static final Duration STOP_WAIT = Duration.ofSeconds(30);

    private final Map<String, Worker> workers = new LinkedHashMap<>();
    private final Duration stopWait;
    /** Whether the workers run (this replica leads); read by the health check without waiting for a stop in progress. */
    private volatile boolean started;

    /** Every reconciler on the same period, each on its own worker. */
    public ControllerLoop(List<Reconciler> reconcilers, Duration period) {
        this(reconcilers.stream().map(r -> new Cadence(r, period)).toList(), ReconcileObserver.NONE);
    }

    public ControllerLoop(List<Cadence> cadences, ReconcileObserver observer) {
        this(cadences, observer, STOP_WAIT);
    }

    /** @param stopWait how long {@link #stop} waits in all for the reconciles running to end */
    public ControllerLoop(List<Cadence> cadences, ReconcileObserver observer, Duration stopWait) {
        for (Cadence c : cadences) {
            if (workers.putIfAbsent(c.name(), new Worker(c, observer)) != null) {
                throw new IllegalArgumentException("two reconcilers named " + c.name());
            }
        }
        this.stopWait = stopWait;
    }

    public synchronized void start() {
        started = true;
        workers.values().forEach(Worker::start);
    }

    /** Runs {@code reconciler} as soon as its current reconcile, if any, ends (a trigger ahead of its period); unknown names are ignored. */
    public void wake(String reconciler) {
        Worker w = workers.get(reconciler);
        if (w != null) w.wake();
    }

    /**
     * Starts no further reconcile and waits up to the stop wait for the running ones to end; returns whether they all
     * did. Leader loss calls it: a replica that no longer leads must stop acting.
     */
    public synchronized boolean stop() {
        started = false;
        workers.values().forEach(Worker::stop);
        long left = stopWait.toNanos();
        List<String> busy = new ArrayList<>();
        for (Worker w : workers.values()) {
            try {
                long l = w.awaitIdle(left);
                if (l < 0) busy.add(w.name());
                else left = l;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                busy.add(w.name());
            }
        }
        if (!busy.isEmpty()) {
            LOG.atWarn().addKeyValue("event", "stop-timeout").addKeyValue("reconcilers", busy)
                    .log("reconcilers still running after {}: {}", stopWait, busy);
        }
        return busy.isEmpty();
    }

    /**
     * Whether a reconciler stalled: the loop runs (this replica leads) and one worker has begun no reconcile within
     * {@code limit} plus its period, or has been in one reconcile for longer than {@code limit}. A health check uses
     * it, so that a stuck worker restarts the pod instead of leading without acting.
     */
    public boolean stalled(Duration limit) {
        return !stalledReconcilers(limit).isEmpty();
    }

    /** The names of the stalled reconcilers (see {@link #stalled}), for the health check's message. */
    public List<String> stalledReconcilers(Duration limit) {
        if (!started) return List.of();
        return workers.values().stream().filter(w -> w.stalled(limit)).map(Worker::name).toList();
    }

    @Override
    public void close() {
        stop();
        workers.values().forEach(Worker::close);
    }
}
