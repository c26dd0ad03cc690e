package dev.jig.aws.subnet;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the last DescribeSubnets cannot know yet about the subnets Jig launches into, as Karpenter's subnet provider
 * keeps it: the addresses taken by launches since (each instance's primary network interface holds its type's
 * addresses per interface under the VPC CNI), counted for {@link #IN_FLIGHT} after the launch, by when the node
 * class's next resolution reads the subnet again; and subnets EC2 said ran out of addresses
 * ({@code InsufficientFreeAddressesInSubnet}), chosen last for {@link #EXHAUSTED}. {@link #best} picks a zone's subnet
 * with that in mind. Thread-safe: launches run on several workers.
 */
public final class SubnetUsage {

    /** How long a launch's addresses are counted against its subnet: past two resolutions (one a minute). */
    public static final Duration IN_FLIGHT = Duration.ofMinutes(2);
    /** How long a subnet that ran out of addresses is chosen last. */
    public static final Duration EXHAUSTED = Duration.ofMinutes(5);

    private record Taken(Instant at, int addresses) {
    }

    private final Clock clock;
    private final Map<String, Deque<Taken>> taken = new HashMap<>();
    private final Map<String, Instant> exhaustedUntil = new HashMap<>();

    public SubnetUsage(Clock clock) {
        this.clock = clock;
    }

    /** A launch into {@code subnetId} took {@code addresses}. */
    public synchronized void took(String subnetId, int addresses) {
        taken.computeIfAbsent(subnetId, k -> new ArrayDeque<>()).addLast(new Taken(clock.instant(), Math.max(1, addresses)));
    }

    /** EC2 answered that {@code subnetId} has no free address left. */
    public synchronized void exhausted(String subnetId) {
        exhaustedUntil.put(subnetId, clock.instant().plus(EXHAUSTED));
    }

    /** The subnet's free addresses as last described, less those launches took since. */
    public synchronized int free(Subnet s) {
        Deque<Taken> t = taken.get(s.id());
        if (t == null) return s.availableIps();
        Instant horizon = clock.instant().minus(IN_FLIGHT);
        while (!t.isEmpty() && t.peekFirst().at().isBefore(horizon)) t.removeFirst();
        int used = 0;
        for (Taken x : t) used += x.addresses();
        return s.availableIps() - used;
    }

    /** Whether EC2 said lately that {@code subnetId} ran out of addresses. */
    public synchronized boolean isExhausted(String subnetId) {
        Instant until = exhaustedUntil.get(subnetId);
        if (until == null) return false;
        if (!clock.instant().isBefore(until)) {
            exhaustedUntil.remove(subnetId);
            return false;
        }
        return true;
    }

    /** Of {@code subnets}, the one of {@code zone} to launch into: not exhausted first, then the most free addresses. */
    public Optional<Subnet> best(List<Subnet> subnets, String zone) {
        return subnets.stream().filter(s -> s.zone().equals(zone))
                .min(Comparator.comparing((Subnet s) -> isExhausted(s.id())).thenComparing(Comparator.comparingInt(this::free).reversed()));
    }
}
