package dev.jig.aws.instancetype;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.ec2.model.InstanceTypeInfo;
import software.amazon.awssdk.services.ec2.model.InstanceTypeOffering;

/**
 * The region's instance types and the zones each is offered in (DescribeInstanceTypes and
 * DescribeInstanceTypeOfferings), read again once {@code refresh} has passed. The bundled catalog
 * is the answer until the first read succeeds, and stays the answer whenever EC2 cannot be read:
 * a failed refresh keeps the last good answer and is logged, never thrown, so scheduling goes on.
 * With {@code offline}, EC2 is never asked. Thread-safe.
 */
public final class InstanceTypeProvider {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceTypeProvider.class);

    private final Ec2 ec2;
    private final Catalog bundled;
    private final String region;
    private final Clock clock;
    private final Duration refresh;
    private final boolean offline;
    private Catalog catalog;
    private Map<String, Set<String>> zones = Map.of();
    private Instant readAt = Instant.MIN;
    private Instant triedAt = Instant.MIN;

    public InstanceTypeProvider(Ec2 ec2, Catalog bundled, String region, Clock clock, Duration refresh, boolean offline) {
        this.ec2 = ec2;
        this.bundled = bundled;
        this.region = region;
        this.clock = clock;
        this.refresh = refresh;
        this.offline = offline;
        this.catalog = bundled;
    }

    /** The instance types, with the bundled catalog's figures and prices where it knows the type. */
    public synchronized Catalog catalog() {
        refreshIfDue();
        return catalog;
    }

    /**
     * The zones {@code type} is offered in; null when offerings were never read (then every zone of
     * the node class's subnets counts).
     */
    public synchronized Set<String> zones(String type) {
        refreshIfDue();
        return zones.isEmpty() ? null : zones.getOrDefault(type, Set.of());
    }

    /** When EC2 was last read successfully; {@link Instant#MIN} when never. */
    public synchronized Instant readAt() {
        return readAt;
    }

    private void refreshIfDue() {
        Instant now = clock.instant();
        if (offline || triedAt.plus(refresh).isAfter(now)) return;
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
            catalog = Catalog.of(region, "EC2 DescribeInstanceTypes in " + region + "; " + bundled.source(), bundled.priceDate(), types);
            zones = Map.copyOf(byType);
            readAt = now;
        } catch (CloudOperationException e) {
            LOG.atWarn().addKeyValue("event", "instance-types-refresh-failed").addKeyValue("since", readAt)
                    .log("instance types not refreshed, keeping the {} answer: {}", readAt.equals(Instant.MIN) ? "bundled" : "last", e.getMessage());
        }
    }
}
