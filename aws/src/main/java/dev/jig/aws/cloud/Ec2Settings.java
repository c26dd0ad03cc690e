package dev.jig.aws.cloud;

import dev.jig.aws.userdata.ClusterInfo;
import java.time.Duration;

/**
 * How the EC2 provider runs: the cluster it launches for (name, endpoint, CA and service CIDR, for
 * user data), the region every offering belongs to, and how long it waits for EC2's eventual
 * consistency: a just-launched instance is looked up {@code describeAttempts} times, {@code describeBackoff} apart.
 */
public record Ec2Settings(ClusterInfo cluster, String region, int describeAttempts, Duration describeBackoff) {

    public Ec2Settings(ClusterInfo cluster, String region) {
        this(cluster, region, 5, Duration.ofMillis(500));
    }
}
