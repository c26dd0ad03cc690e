package dev.jig.aws.instancetype;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.refresh.Refreshable;
import dev.jig.aws.sdk.Ec2;
import dev.jig.controller.cloud.CloudOperationException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.ec2.model.InstanceTypeInfo;
import software.amazon.awssdk.services.ec2.model.InstanceTypeOffering;

/**
 * The region's instance types and the zones each is offered in (DescribeInstanceTypes and
 * DescribeInstanceTypeOfferings), read again once {@code refresh} has passed, in the background
 * ({@link Refreshable}): readers get the last immutable snapshot and wait on EC2 only for the very
 * first read. The bundled catalog is the answer until a read succeeds, and a failed refresh keeps
 * the last good answer (reported through {@link Freshness}), never thrown, so scheduling goes on.
 * With {@code offline}, EC2 is never asked. Thread-safe.
 */
public final class InstanceTypeProvider implements Refreshable {

    /** One read's answer; zones empty when offerings were never read. */
    private record Snapshot(Catalog catalog, Map<String, Set<String>> zones) {
    }

    private final Ec2 ec2;
    private final Catalog bundled;
    private final String region;
    private final Clock clock;
    private final Duration refresh;
    private final boolean offline;
    private final Freshness freshness;
    private volatile Snapshot snapshot;
    private volatile Instant triedAt = Instant.MIN;

    public InstanceTypeProvider(Ec2 ec2, Catalog bundled, String region, Clock clock, Duration refresh, boolean offline, Freshness freshness) {
        this.ec2 = ec2;
        this.bundled = bundled;
        this.region = region;
        this.clock = clock;
        this.refresh = refresh;
        this.offline = offline;
        this.freshness = freshness;
        this.snapshot = new Snapshot(bundled, Map.of());
    }

    /** The instance types, with the bundled catalog's figures and prices where it knows the type. */
    public Catalog catalog() {
        return current().catalog();
    }

    /**
     * The zones {@code type} is offered in; null when offerings were never read (then every zone of
     * the node class's subnets counts).
     */
    public Set<String> zones(String type) {
        Map<String, Set<String>> zones = current().zones();
        return zones.isEmpty() ? null : zones.getOrDefault(type, Set.of());
    }

    /** When EC2 was last read successfully; {@link Instant#MIN} when never. */
    public Instant readAt() {
        return freshness.readAt();
    }

    @Override
    public void refreshIfDue(Instant now) {
        if (offline || triedAt.plus(refresh).isAfter(now)) return;
        read(now);
    }

    private Snapshot current() {
        if (!offline && triedAt.equals(Instant.MIN)) {
            synchronized (this) {
                if (triedAt.equals(Instant.MIN)) read(clock.instant());
            }
        }
        return snapshot;
    }

    private synchronized void read(Instant now) {
        triedAt = now;
        try {
            List<InstanceType> types = new ArrayList<>();
            for (InstanceTypeInfo info : ec2.describeInstanceTypes()) {
                bundled.find(info.instanceTypeAsString()).or(() -> InstanceTypeInfos.convert(info)).ifPresent(types::add);
            }
            Map<String, Set<String>> byType = new HashMap<>();
            for (InstanceTypeOffering o : ec2.describeInstanceTypeOfferings()) {
                byType.computeIfAbsent(o.instanceTypeAsString(), k -> new TreeSet<>()).add(o.location());
            }
            if (types.isEmpty()) throw CloudOperationException.transientFailure("DescribeInstanceTypes returned no instance types", null);
            byType.replaceAll((k, v) -> Set.copyOf(v));
            snapshot = new Snapshot(Catalog.of(region, "EC2 DescribeInstanceTypes in " + region + "; " + bundled.source(), bundled.priceDate(), types),
                    Map.copyOf(byType));
            freshness.succeeded(now);
        } catch (CloudOperationException e) {
            freshness.failed(now, e.getMessage());
        }
    }
}
