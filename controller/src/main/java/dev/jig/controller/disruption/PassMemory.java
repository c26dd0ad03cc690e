package dev.jig.controller.disruption;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * What one disruption pass leaves to the next: the {@link ConsolidatedMemo}, the time boxes of the consolidation
 * methods (Karpenter's 1 minute multi-node, 3 minutes single-node) and where a single-node pass that ran out of time
 * stopped, so the next pass starts with the candidates it did not reach. One per disruption controller; not
 * thread-safe (the controller's lock guards it).
 */
public final class PassMemory {

    public static final Duration MULTI_NODE_TIMEOUT = Duration.ofMinutes(1);
    public static final Duration SINGLE_NODE_TIMEOUT = Duration.ofMinutes(3);

    final ConsolidatedMemo memo = new ConsolidatedMemo();
    final LongSupplier ticker;
    final Duration multiNodeTimeout;
    final Duration singleNodeTimeout;
    /** Candidates a single-node pass tried before it ran out of time: the next pass tries the others first. */
    final Set<String> triedBeforeTimeout = new HashSet<>();

    /** Karpenter's time boxes on the JVM's monotonic clock. */
    public PassMemory() {
        this(System::nanoTime, MULTI_NODE_TIMEOUT, SINGLE_NODE_TIMEOUT);
    }

    /** @param ticker elapsed time in nanoseconds, read to time-box the consolidation methods (not the controller's clock) */
    public PassMemory(LongSupplier ticker, Duration multiNodeTimeout, Duration singleNodeTimeout) {
        this.ticker = ticker;
        this.multiNodeTimeout = multiNodeTimeout;
        this.singleNodeTimeout = singleNodeTimeout;
    }

    /** A memory no pass shares: every pass runs every method in full, without time boxes. */
    static PassMemory none() {
        return new PassMemory(() -> 0L, Duration.ofNanos(Long.MAX_VALUE), Duration.ofNanos(Long.MAX_VALUE));
    }

    /** Forgets the memo, so the next pass runs consolidation whatever changed (a command ended: the cluster moved). */
    public void forget() {
        memo.clear();
    }
}
