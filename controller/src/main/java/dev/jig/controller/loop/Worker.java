package dev.jig.controller.loop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One cadence's thread ({@code jig-<name>}): runs its reconciler every period, or earlier when woken or when the
 * reconciler says work is due sooner ({@link Reconciler#dueIn}), never two reconciles at once, and nothing another reconciler does can delay it. A reconcile that throws, an {@code Error}
 * included, is logged and reported to the observer, and the next one still runs on time.
 *
 * <p>{@code reconciling} is held for exactly the length of one reconcile: {@link #awaitIdle} takes it to wait for the
 * current reconcile to end. {@code lastStart} and {@code runningSince} are read by the health check from other threads.
 */
final class Worker {

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

    private final Cadence cadence;
    private final ReconcileObserver observer;
    private final ScheduledExecutorService executor;
    private final ReentrantLock reconciling = new ReentrantLock();
    private final AtomicBoolean wakePending = new AtomicBoolean();
    private volatile boolean active;
    private volatile long lastStart;
    /** When the current reconcile began ({@link System#nanoTime}), or 0 between reconciles. */
    private volatile long runningSince;
    private ScheduledFuture<?> task;
    /** The reconcile a reconciler's {@link Reconciler#dueIn} asked for, if one is scheduled. */
    private ScheduledFuture<?> due;

    Worker(Cadence cadence, ReconcileObserver observer) {
        this.cadence = cadence;
        this.observer = observer;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jig-" + cadence.name());
            t.setDaemon(true);
            return t;
        });
    }

    String name() {
        return cadence.name();
    }

    synchronized void start() {
        if (task != null) return;
        active = true;
        lastStart = System.nanoTime();
        task = executor.scheduleWithFixedDelay(this::runOnce, 0, cadence.period().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Runs a reconcile as soon as the current one (if any) ends; wakes already pending are one. */
    void wake() {
        if (!active || !wakePending.compareAndSet(false, true)) return;
        try {
            executor.execute(() -> {
                wakePending.set(false);
                runOnce();
            });
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            wakePending.set(false); // closed: nothing runs any more
        }
    }

    /**
     * Runs a reconcile {@code nanos} from now, unless one is already due by then; apart from {@link #wake}, so that a
     * wake (a pod arrived) is never held back by a reconcile scheduled for later (a batch window closing).
     */
    private synchronized void wakeAfter(long nanos) {
        if (!active) return;
        if (due != null && !due.isDone() && due.getDelay(TimeUnit.NANOSECONDS) <= nanos) return;
        if (due != null) due.cancel(false);
        try {
            due = executor.schedule(this::runOnce, nanos, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            due = null; // closed: nothing runs any more
        }
    }

    /** No further reconcile starts; the current one, if any, runs to its end (see {@link #awaitIdle}). */
    synchronized void stop() {
        active = false;
        if (task != null) task.cancel(false);
        task = null;
        if (due != null) due.cancel(false);
        due = null;
    }

    /** Waits up to {@code nanos} for the current reconcile to end; returns the nanoseconds left, negative if it did not end. */
    long awaitIdle(long nanos) throws InterruptedException {
        long start = System.nanoTime();
        if (!reconciling.tryLock(Math.max(0, nanos), TimeUnit.NANOSECONDS)) return -1;
        reconciling.unlock();
        return nanos - (System.nanoTime() - start);
    }

    void close() {
        stop();
        executor.shutdownNow();
    }

    /** Whether this worker is active and has begun no reconcile for {@code limit} plus its period, or one has run longer than {@code limit}. */
    boolean stalled(Duration limit) {
        if (!active) return false;
        long now = System.nanoTime();
        long since = runningSince;
        if (since != 0 && now - since > limit.toNanos()) return true;
        return now - lastStart > limit.toNanos() + cadence.period().toNanos();
    }

    private void runOnce() {
        if (!active) return;
        reconciling.lock();
        long start = System.nanoTime();
        lastStart = start;
        runningSince = start;
        Throwable failure = null;
        try {
            cadence.reconciler().reconcile();
        } catch (RuntimeException e) {
            failure = e;
            LOG.atError().addKeyValue("event", "reconcile-failed").addKeyValue("reconciler", name())
                    .setCause(e).log("{} reconcile failed: {}", name(), e.toString());
        } catch (Error e) {
            // an Error escaping here would cancel every later run of this worker without a word while the Lease keeps
            // renewing; the worker goes on, and stalled() lets a health check see one that no longer runs
            failure = e;
            LOG.atError().addKeyValue("event", "reconcile-error").addKeyValue("reconciler", name())
                    .setCause(e).log("{} reconcile hit {}", name(), e.toString());
        } finally {
            runningSince = 0;
            reconciling.unlock();
        }
        try {
            observer.reconciled(name(), Duration.ofNanos(System.nanoTime() - start), failure);
        } catch (RuntimeException e) {
            LOG.atWarn().addKeyValue("event", "observer-failed").setCause(e).log("reconcile observer failed: {}", e.toString());
        }
        // work due before the period comes round again (a batch window closing): run then, not up to a period late
        try {
            cadence.reconciler().dueIn().map(Duration::toNanos).filter(d -> d < cadence.period().toNanos()).ifPresent(this::wakeAfter);
        } catch (RuntimeException e) {
            LOG.atWarn().addKeyValue("event", "due-failed").addKeyValue("reconciler", name()).setCause(e).log("{} could not say when it is due: {}", name(), e.toString());
        }
    }
}
