package dev.jig.aws.refresh;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads AWS off the callers' threads: one daemon thread that, every {@code tick}, asks each
 * {@link Refreshable} to refresh if its period has passed on the injected {@link Clock}. Callers read
 * the last snapshots and never wait on an API call once the first read is done. Tests call
 * {@link #runDue()} themselves instead of {@link #start}ing the thread. {@link #close()} stops the
 * thread and waits for a refresh under way.
 */
public final class BackgroundRefresh implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BackgroundRefresh.class);

    private final List<Refreshable> items;
    private final Clock clock;
    private ScheduledExecutorService thread;

    public BackgroundRefresh(List<Refreshable> items, Clock clock) {
        this.items = List.copyOf(items);
        this.clock = clock;
    }

    /** Runs every refresh that is due now, in order, on the calling thread. */
    public void runDue() {
        for (Refreshable r : items) {
            try {
                r.refreshIfDue(clock.instant());
            } catch (RuntimeException e) {
                // a refresh reports its own failures; this one escaped, and must not stop the others or the thread
                LOG.atWarn().addKeyValue("event", "refresh-error").setCause(e).log("background refresh failed: {}", e.toString());
            }
        }
    }

    /** Starts the thread, checking what is due every {@code tick}. */
    public synchronized BackgroundRefresh start(Duration tick) {
        if (thread != null) return this;
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jig-aws-refresh");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleWithFixedDelay(this::runDue, tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    @Override
    public synchronized void close() {
        if (thread == null) return;
        thread.shutdownNow();
        try {
            if (!thread.awaitTermination(10, TimeUnit.SECONDS)) LOG.atWarn().log("background refresh did not stop within 10 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = null;
    }
}
