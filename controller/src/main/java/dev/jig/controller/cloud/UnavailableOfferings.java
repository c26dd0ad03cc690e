package dev.jig.controller.cloud;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Offerings (instance type × zone × capacity type) that recently failed with insufficient
 * capacity, remembered for a time-to-live (Karpenter's AWS provider uses 3 minutes) so the
 * scheduler plans around them and launches do not retry them. Thread-safe; time from the injected clock.
 */
public final class UnavailableOfferings {

    public static final Duration DEFAULT_TTL = Duration.ofMinutes(3);

    private final Clock clock;
    private final Duration ttl;
    private final Map<Key, Instant> until = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong version = new java.util.concurrent.atomic.AtomicLong();

    /** An offering; a record, so a look-up builds no string. */
    private record Key(String instanceType, String zone, String capacityType) {
    }

    public UnavailableOfferings(Clock clock, Duration ttl) {
        this.clock = clock;
        this.ttl = ttl;
    }

    public void markUnavailable(String instanceType, String zone, String capacityType) {
        until.put(new Key(instanceType, zone, capacityType), clock.instant().plus(ttl));
        version.incrementAndGet();
    }

    public boolean isUnavailable(String instanceType, String zone, String capacityType) {
        if (until.isEmpty()) return false;
        Key key = new Key(instanceType, zone, capacityType);
        Instant t = until.get(key);
        if (t == null) return false;
        if (!clock.instant().isBefore(t)) {
            if (until.remove(key, t)) version.incrementAndGet();
            return false;
        }
        return true;
    }

    /** Whether no offering is marked (expired marks may still count until looked up): callers can skip the look-ups. */
    public boolean isEmpty() {
        return until.isEmpty();
    }

    /**
     * A number that moves whenever an offering is marked, or a mark is found expired: a cache of what is offered
     * (a list of instance types with their available offerings) is current while it has not moved.
     */
    public long version() {
        return version.get();
    }
}
