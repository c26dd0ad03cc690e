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
    private final Map<String, Instant> until = new ConcurrentHashMap<>();

    public UnavailableOfferings(Clock clock, Duration ttl) {
        this.clock = clock;
        this.ttl = ttl;
    }

    public void markUnavailable(String instanceType, String zone, String capacityType) {
        until.put(key(instanceType, zone, capacityType), clock.instant().plus(ttl));
    }

    public boolean isUnavailable(String instanceType, String zone, String capacityType) {
        Instant t = until.get(key(instanceType, zone, capacityType));
        if (t == null) return false;
        if (!clock.instant().isBefore(t)) {
            until.remove(key(instanceType, zone, capacityType), t);
            return false;
        }
        return true;
    }

    private static String key(String instanceType, String zone, String capacityType) {
        return instanceType + '/' + zone + '/' + capacityType;
    }
}
