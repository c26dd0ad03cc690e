package dev.jig.controller.provisioning;

import java.time.Duration;
import java.time.Instant;

/**
 * Karpenter's batching window: the first trigger opens a batch; it closes once no trigger came for
 * the idle duration (1 s) or the batch has been open for the maximum duration (10 s), so a burst of
 * pods is scheduled together. Only a pod that arrives ({@link #trigger}) extends the window; a pod that
 * must be planned again ({@link #request}: its node turned Ready without it, its target went away) opens a
 * batch if none is open and never holds one open. Re-plans trickle in one at a time as nodes join, and
 * letting each extend the window kept a new pod waiting 3 s behind them in {@code bench/run.sh}. Pure: time is
 * passed in.
 */
public final class Batcher {

    public static final Duration IDLE = Duration.ofSeconds(1);
    public static final Duration MAX = Duration.ofSeconds(10);

    private final Duration idle;
    private final Duration max;
    private Instant opened;
    private Instant last;

    public Batcher() {
        this(IDLE, MAX);
    }

    public Batcher(Duration idle, Duration max) {
        this.idle = idle;
        this.max = max;
    }

    /** A new pod: opens a batch, or extends the open one's idle window. */
    public void trigger(Instant now) {
        if (opened == null) opened = now;
        last = now;
    }

    /** A pod to plan again: opens a batch if none is open; an open batch closes when it would have. */
    public void request(Instant now) {
        if (opened == null) trigger(now);
    }

    public boolean isOpen() {
        return opened != null;
    }

    /** Whether an open batch should run now. */
    public boolean ready(Instant now) {
        if (opened == null) return false;
        return !now.isBefore(last.plus(idle)) || !now.isBefore(opened.plus(max));
    }

    /** When the open batch will be ready at the latest, if nothing else triggers it. */
    public Instant deadline() {
        Instant byIdle = last.plus(idle);
        Instant byMax = opened.plus(max);
        return byIdle.isBefore(byMax) ? byIdle : byMax;
    }

    public void close() {
        opened = null;
        last = null;
    }
}
