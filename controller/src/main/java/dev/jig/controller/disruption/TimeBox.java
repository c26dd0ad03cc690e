package dev.jig.controller.disruption;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * When a time-boxed consolidation method must stop (Karpenter gives multi-node consolidation 1 minute and
 * single-node 3 minutes). It reads an elapsed-time source in nanoseconds ({@code System::nanoTime} in {@code run})
 * rather than the clock, because in {@code simulate} the clock stands still while a pass computes.
 */
final class TimeBox {

    /** Never expires: a method run outside a time box (tests, validation). */
    static final TimeBox NONE = new TimeBox(() -> 0L, 0L, Long.MAX_VALUE);

    private final LongSupplier ticker;
    private final long start;
    private final long limit;

    private TimeBox(LongSupplier ticker, long start, long limit) {
        this.ticker = ticker;
        this.start = start;
        this.limit = limit;
    }

    /** A box of {@code limit} that starts now on {@code ticker}. */
    static TimeBox of(LongSupplier ticker, Duration limit) {
        return new TimeBox(ticker, ticker.getAsLong(), limit.toNanos());
    }

    boolean expired() {
        return ticker.getAsLong() - start >= limit;
    }
}
