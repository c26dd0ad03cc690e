package dev.jig.controller.lifecycle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * Where NodeClaims launch: at most {@code workers} launches in flight at once (threads {@code jig-launch-N}), the
 * rest queued in order, so a 100-node scale-up takes ten rounds of a launch's time instead of a hundred, and the
 * reconciler that asked never waits on the cloud. Each NodeClaim's launch is owned by exactly one worker: a
 * NodeClaim already queued or launching is never submitted again, whoever asks (the provisioner's batch, disruption's
 * replacements, the lifecycle relaunching one found unlaunched after a restart). {@link #inline()} runs each launch on
 * the caller's thread, for {@code simulate} and tests, where the order of events must not depend on threads.
 *
 * <p>Thread-safe. {@code owned} (a concurrent set) is the only shared state: a key is added by {@link #submit} and
 * removed when its launch ends or is dropped by {@link #stop}.
 */
public final class LaunchPool implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LaunchPool.class);
    /** Launches in flight at once unless told otherwise ({@code --launch-concurrency}). */
    public static final int DEFAULT_WORKERS = 10;

    private final Set<String> owned = ConcurrentHashMap.newKeySet();
    /** Null for an inline pool. */
    private final ThreadPoolExecutor executor;

    private LaunchPool(ThreadPoolExecutor executor) {
        this.executor = executor;
    }

    /** Launches on the caller's thread, one after another: deterministic. */
    public static LaunchPool inline() {
        return new LaunchPool(null);
    }

    /** Whether launches run on the caller's thread ({@link #inline()}). */
    public boolean isInline() {
        return executor == null;
    }

    /** At most {@code workers} launches at once on threads of its own. */
    public static LaunchPool of(int workers) {
        if (workers < 1) throw new IllegalArgumentException("a launch pool needs at least one worker, got " + workers);
        return new LaunchPool(ApiWriters.daemonPool("jig-launch-", workers));
    }

    /**
     * Runs {@code launch} for the NodeClaim {@code key} unless its launch is already queued or running; returns false
     * (and runs nothing) when it is. Inline, the launch has ended on return, and what it throws propagates; in a pool,
     * it is logged.
     */
    public boolean submit(String key, Runnable launch) {
        if (!owned.add(key)) return false;
        Owned task = new Owned(key, launch);
        if (executor == null) {
            task.run();
            return true;
        }
        try {
            executor.execute(task);
        } catch (RejectedExecutionException closed) {
            owned.remove(key);
            return false;
        }
        return true;
    }

    /** Whether the launch of {@code key} is queued or running. */
    public boolean owns(String key) {
        return owned.contains(key);
    }

    /** Launches queued or running. */
    public int inFlight() {
        return owned.size();
    }

    /**
     * Drops the queued launches (their NodeClaims stay unlaunched: whoever leads next launches them) and waits up to
     * {@code wait} for the running ones to end; returns whether they did. Leader loss and shutdown call it.
     */
    public boolean stop(Duration wait) {
        if (executor == null) return true;
        List<Runnable> dropped = new ArrayList<>();
        executor.getQueue().drainTo(dropped);
        for (Runnable r : dropped) owned.remove(((Owned) r).key);
        long deadline = System.nanoTime() + wait.toNanos();
        while (executor.getActiveCount() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        boolean idle = executor.getActiveCount() == 0;
        if (!idle) LOG.atWarn().addKeyValue("event", "launch-stop-timeout").log("{} launches still running after {}", executor.getActiveCount(), wait);
        return idle;
    }

    @Override
    public void close() {
        if (executor == null) return;
        stop(Duration.ofSeconds(10));
        executor.shutdownNow();
    }

    /** A launch that releases its key when it ends, however it ends; on a pool's thread, what it throws is logged. */
    private final class Owned implements Runnable {
        private final String key;
        private final Runnable launch;

        Owned(String key, Runnable launch) {
            this.key = key;
            this.launch = launch;
        }

        @Override
        public void run() {
            try {
                launch.run();
            } catch (RuntimeException | Error e) {
                if (executor == null) throw e;
                LOG.atError().addKeyValue("event", "launch-failed").addKeyValue("nodeclaim", key).setCause(e)
                        .log("launch of {} failed: {}", key, e.toString());
            } finally {
                owned.remove(key);
            }
        }
    }
}
