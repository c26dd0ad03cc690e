package dev.jig.aws.cloud;

import dev.jig.aws.userdata.ClusterInfo;
import java.time.Duration;

/**
 * How the EC2 provider runs: the cluster it launches for (name, endpoint, CA and service CIDR, for
 * user data), the region every offering belongs to, and how often it lists the cluster's instances
 * ({@code instanceRefresh}, {@value #DEFAULT_INSTANCE_REFRESH_SECONDS} s by default: see
 * {@link dev.jig.aws.instance.InstanceCache}).
 *
 * <p>Why 15 s: it is how late Jig may learn of a change it did not make itself (an instance
 * terminated by a spot reclaim or a user, or one that finished shutting down). That is well under
 * the time EC2 takes to shut an instance down (tens of seconds) and under a kubelet's
 * node-not-ready grace, while 4 DescribeInstances a minute (one page per 1,000 instances) are a
 * few percent of an account's ~20 per second: the rest of the budget stays for launches.
 */
public record Ec2Settings(ClusterInfo cluster, String region, Duration instanceRefresh) {

    public static final int DEFAULT_INSTANCE_REFRESH_SECONDS = 15;

    public Ec2Settings {
        if (instanceRefresh.isNegative() || instanceRefresh.isZero()) throw new IllegalArgumentException("instanceRefresh must be positive");
    }

    public Ec2Settings(ClusterInfo cluster, String region) {
        this(cluster, region, Duration.ofSeconds(DEFAULT_INSTANCE_REFRESH_SECONDS));
    }
}
