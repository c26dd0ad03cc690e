package dev.jig.controller.provisioning;

import java.time.Duration;
import java.time.Instant;

/**
 * Karpenter's batching window: the first trigger opens a batch; it closes once no trigger came for
 * the idle duration (1 s) or the batch has been open for the maximum duration (10 s), so a burst of
 * pods is scheduled together. Pure: time is passed in.
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

    public void trigger(Instant now) {
        if (opened == null) opened = now;
        last = now;
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
