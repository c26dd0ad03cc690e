package dev.jig.aws.loopback;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Faults the loopback EC2 injects: capacity errors on chosen offerings ({@code type/zone/capacityType},
 * {@code *} for any part), throttling and server errors on the next calls of an action, fleets that
 * fail part of their overrides and launch nothing, and launches that stay missing from
 * DescribeInstances for a few calls (EC2's eventual consistency).
 */
public final class Faults {

    private final Set<String> noCapacity = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> throttle = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> serverErrors = new ConcurrentHashMap<>();
    private final AtomicInteger partialFleets = new AtomicInteger();
    private final AtomicInteger hideLaunches = new AtomicInteger();
    /** capacity type ("*" for any) → the error code every override of that capacity type answers. */
    private final Map<String, String> fleetErrors = new ConcurrentHashMap<>();

    /** Launches of this offering fail with InsufficientInstanceCapacity. */
    public Faults noCapacity(String type, String zone, String capacityType) {
        noCapacity.add(type + "/" + zone + "/" + capacityType);
        return this;
    }

    public Faults clearCapacity() {
        noCapacity.clear();
        return this;
    }

    /** The next {@code times} calls of {@code action} answer 503 RequestLimitExceeded. */
    public Faults throttle(String action, int times) {
        throttle.put(action, new AtomicInteger(times));
        return this;
    }

    /** The next {@code times} calls of {@code action} answer 500 InternalError. */
    public Faults serverError(String action, int times) {
        serverErrors.put(action, new AtomicInteger(times));
        return this;
    }

    /** The next {@code times} fleets fail their first half of overrides with capacity errors and launch nothing. */
    public Faults partialFleets(int times) {
        partialFleets.set(times);
        return this;
    }

    /**
     * Every override of {@code capacityType} ({@code *} for any) fails with EC2's {@code code} in the fleet's answer
     * (as {@code AuthFailure.ServiceLinkedRoleCreationNotPermitted} does for spot in an account without the
     * spot service-linked role), until {@link #clearFleetErrors}.
     */
    public Faults fleetError(String capacityType, String code) {
        fleetErrors.put(capacityType, code);
        return this;
    }

    public Faults clearFleetErrors() {
        fleetErrors.clear();
        return this;
    }

    /** The error code the overrides of {@code capacityType} answer with, or null. */
    String fleetError(String capacityType) {
        String c = fleetErrors.get(capacityType);
        return c != null ? c : fleetErrors.get("*");
    }

    /** The next launched instance is missing from the next {@code calls} DescribeInstances answers. */
    public Faults hideNextLaunch(int calls) {
        hideLaunches.set(calls);
        return this;
    }

    boolean outOfCapacity(String type, String zone, String capacityType) {
        for (String t : new String[] {type, "*"}) {
            for (String z : new String[] {zone, "*"}) {
                for (String c : new String[] {capacityType, "*"}) {
                    if (noCapacity.contains(t + "/" + z + "/" + c)) return true;
                }
            }
        }
        return false;
    }

    /** Throws the fault due for this call of {@code action}, if any. */
    void before(String action) {
        if (take(throttle.get(action))) throw new Ec2Fault(503, "RequestLimitExceeded", "Request limit exceeded.");
        if (take(serverErrors.get(action))) throw new Ec2Fault(500, "InternalError", "An internal error has occurred");
    }

    boolean takePartialFleet() {
        return take(partialFleets);
    }

    int takeHiddenCalls() {
        return hideLaunches.getAndSet(0);
    }

    private static boolean take(AtomicInteger counter) {
        return counter != null && counter.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }
}
