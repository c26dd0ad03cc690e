package dev.jig.aws.loopback;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.sdk.SdkEc2;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;

/**
 * A loopback EC2 seeded as a small us-east-1 cluster named {@code demo}: m5.large, c5.large and
 * m6g.large offered in two zones with spot prices, a discovery-tagged subnet per zone, a security
 * group and an AL2023 AMI per architecture; and the real SDK client pointed at it. A mutable clock
 * lets tests pass caches' refresh periods.
 */
public final class LoopbackFixture implements AutoCloseable {

    public static final String CLUSTER = "demo";
    public static final Map<String, String> DISCOVERY = Map.of("karpenter.sh/discovery", CLUSTER);

    public final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T12:00:00Z"));
    public final Catalog catalog = Catalog.bundled();
    public final Ec2World world = new Ec2World(clock, catalog);
    public final LoopbackEc2 loopback;
    public final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    public final Ec2 ec2;

    public LoopbackFixture() {
        world.offer("m5.large", 0.4, "us-east-1a", "us-east-1b")
                .offer("c5.large", 0.35, "us-east-1a", "us-east-1b")
                .offer("m6g.large", 0.3, "us-east-1a", "us-east-1b")
                .offer("m5.xlarge", 0.4, "us-east-1a")
                .subnet("subnet-0a", "us-east-1a", DISCOVERY)
                .subnet("subnet-0b", "us-east-1b", DISCOVERY)
                .subnet("subnet-0other", "us-east-1c", Map.of("karpenter.sh/discovery", "other"))
                .securityGroup("sg-0node", "demo-node", DISCOVERY)
                .securityGroup("sg-0other", "other", Map.of())
                .image("ami-0amd64", "amazon-eks-node-al2023-x86_64-standard-1.31-v20261101", "x86_64", "2026-11-01T00:00:00.000Z", Map.of())
                .image("ami-0arm64", "amazon-eks-node-al2023-arm64-standard-1.31-v20261101", "arm64", "2026-11-01T00:00:00.000Z", Map.of())
                .image("ami-0old", "amazon-eks-node-al2023-x86_64-standard-1.31-v20260901", "x86_64", "2026-09-01T00:00:00.000Z", Map.of());
        loopback = new LoopbackEc2(world);
        ec2 = new SdkEc2(LoopbackClients.at(loopback.uri(), registry).ec2(), registry);
    }

    @Override
    public void close() {
        loopback.close();
    }

    /** A clock tests move forward. */
    public static final class MutableClock extends Clock {
        private volatile Instant now;

        MutableClock(Instant start) {
            this.now = start;
        }

        public void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
