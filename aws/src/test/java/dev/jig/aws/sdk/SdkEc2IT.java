package dev.jig.aws.sdk;

import dev.jig.aws.loopback.LoopbackClients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.loopback.Ec2Action;
import dev.jig.aws.loopback.Ec2Fault;
import dev.jig.aws.loopback.Ec2World;
import dev.jig.aws.loopback.LoopbackEc2;
import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SdkEc2IT {

    private final Ec2World world = new Ec2World(Clock.fixed(Instant.parse("2026-11-25T12:00:00Z"), ZoneOffset.UTC), Catalog.bundled())
            .subnet("subnet-a", "us-east-1a", Map.of("karpenter.sh/discovery", "demo"))
            .subnet("subnet-b", "us-east-1b", Map.of("other", "x"));
    private final LoopbackEc2 loopback = new LoopbackEc2(world);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Ec2 ec2 = new SdkEc2(LoopbackClients.at(loopback).ec2(), registry);

    @AfterEach
    void close() {
        loopback.close();
    }

    @Test
    void tagFiltersSelectSubnetsThroughTheRealSdk() {
        var subnets = ec2.describeSubnets(List.of(SdkEc2.filter("tag:karpenter.sh/discovery", "demo")));
        assertThat(subnets).extracting(s -> s.subnetId() + "@" + s.availabilityZone()).containsExactly("subnet-a@us-east-1a");
        assertThat(subnets.get(0).tags()).anySatisfy(t -> assertThat(t.key()).isEqualTo("karpenter.sh/discovery"));
    }

    @Test
    void throttlingIsAbsorbedByTheSdksAdaptiveRetries() {
        world.faults().throttle("DescribeSubnets", 2);
        assertThat(ec2.describeSubnets(List.of())).hasSize(2);
        assertThat(loopback.calls()).filteredOn("DescribeSubnets"::equals).hasSize(3);
    }

    @Test
    void aServerErrorThatOutlastsTheRetriesIsATransientFailureNamingTheAction() {
        world.faults().serverError("DescribeSubnets", 10);
        CloudOperationException e = catchThrowableOfType(CloudOperationException.class, () -> ec2.describeSubnets(List.of()));
        assertThat(e.retryable()).isTrue();
        assertThat(e.getMessage()).contains("DescribeSubnets", "InternalError");
        assertThat(registry.get("jig_aws_ec2_errors_total").tag("action", "DescribeSubnets").tag("code", "InternalError").counter().count()).isEqualTo(1);
    }

    @Test
    void aMissingPermissionIsPermanent() {
        loopback.on("DescribeSecurityGroups", unauthorized());
        CloudOperationException e = catchThrowableOfType(CloudOperationException.class, () -> ec2.describeSecurityGroups(List.of()));
        assertThat(e.retryable()).isFalse();
        assertThat(e.getMessage()).contains("UnauthorizedOperation", "not authorized");
        assertThat(registry.get("jig_aws_ec2_errors_total").tag("code", "UnauthorizedOperation").counter().count()).isEqualTo(1);
    }

    @Test
    void anUnknownInstanceIsAnEmptyAnswerNotAnError() {
        assertThat(ec2.describeInstances(List.of(), List.of("i-0123456789abcdef0"))).isEmpty();
        assertThat(ec2.terminateInstance("i-0123456789abcdef0")).isEmpty();
        assertThat(registry.find("jig_aws_ec2_errors_total").counters()).isEmpty();
    }

    private static Ec2Action unauthorized() {
        return p -> {
            throw new Ec2Fault(403, "UnauthorizedOperation", "You are not authorized to perform this operation.");
        };
    }
}
