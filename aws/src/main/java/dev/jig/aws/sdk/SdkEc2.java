package dev.jig.aws.sdk;

import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.ec2.Ec2Client;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.CreateFleetResponse;
import software.amazon.awssdk.services.ec2.model.CreateLaunchTemplateRequest;
import software.amazon.awssdk.services.ec2.model.Filter;
import software.amazon.awssdk.services.ec2.model.Image;
import software.amazon.awssdk.services.ec2.model.Instance;
import software.amazon.awssdk.services.ec2.model.InstanceTypeInfo;
import software.amazon.awssdk.services.ec2.model.InstanceTypeOffering;
import software.amazon.awssdk.services.ec2.model.LaunchTemplate;
import software.amazon.awssdk.services.ec2.model.LocationType;
import software.amazon.awssdk.services.ec2.model.Reservation;
import software.amazon.awssdk.services.ec2.model.SecurityGroup;
import software.amazon.awssdk.services.ec2.model.SpotPrice;
import software.amazon.awssdk.services.ec2.model.Subnet;

/**
 * {@link Ec2} through the AWS SDK's {@link Ec2Client}, every failure mapped by {@link Ec2Errors} and
 * counted in {@code jig_aws_ec2_errors_total{action,code}} (after the SDK's own retries), so an EC2
 * outage or a missing permission shows on a dashboard at the step it hits.
 */
public final class SdkEc2 implements Ec2 {

    private final Ec2Client client;
    private final MeterRegistry registry;

    public SdkEc2(Ec2Client client, MeterRegistry registry) {
        this.client = client;
        this.registry = registry;
    }

    private <T> T call(String action, Supplier<T> call) {
        try {
            return call.get();
        } catch (SdkException e) {
            throw failed(action, e);
        }
    }

    private CloudOperationException failed(String action, SdkException e) {
        String code = AwsErrors.code(e);
        Counter.builder("jig_aws_ec2_errors_total").description("EC2 calls that failed after the SDK's retries")
                .tag("action", action).tag("code", code.isEmpty() ? "unreachable" : code).register(registry).increment();
        return AwsErrors.toCloud("EC2", action, "", e);
    }

    @Override
    public List<InstanceTypeInfo> describeInstanceTypes() {
        return call("DescribeInstanceTypes", () -> client.describeInstanceTypesPaginator(r -> r.maxResults(100)).instanceTypes().stream().toList());
    }

    @Override
    public List<InstanceTypeOffering> describeInstanceTypeOfferings() {
        return call("DescribeInstanceTypeOfferings", () -> client.describeInstanceTypeOfferingsPaginator(
                r -> r.locationType(LocationType.AVAILABILITY_ZONE)).instanceTypeOfferings().stream().toList());
    }

    @Override
    public List<SpotPrice> describeSpotPriceHistory(Instant since) {
        return call("DescribeSpotPriceHistory", () -> client.describeSpotPriceHistoryPaginator(
                r -> r.startTime(since).productDescriptions("Linux/UNIX")).spotPriceHistory().stream().toList());
    }

    @Override
    public List<Subnet> describeSubnets(List<Filter> filters) {
        return call("DescribeSubnets", () -> client.describeSubnetsPaginator(r -> r.filters(filters)).subnets().stream().toList());
    }

    @Override
    public List<SecurityGroup> describeSecurityGroups(List<Filter> filters) {
        return call("DescribeSecurityGroups", () -> client.describeSecurityGroupsPaginator(r -> r.filters(filters)).securityGroups().stream().toList());
    }

    @Override
    public List<Image> describeImages(List<Filter> filters, List<String> owners) {
        return call("DescribeImages", () -> client.describeImagesPaginator(r -> {
            r.filters(filters);
            if (!owners.isEmpty()) r.owners(owners);
        }).images().stream().toList());
    }

    @Override
    public List<LaunchTemplate> describeLaunchTemplates(List<Filter> filters) {
        try {
            return client.describeLaunchTemplatesPaginator(r -> r.filters(filters)).launchTemplates().stream().toList();
        } catch (SdkException e) {
            if (AwsErrors.notFound(AwsErrors.code(e))) return List.of();
            throw failed("DescribeLaunchTemplates", e);
        }
    }

    @Override
    public LaunchTemplate createLaunchTemplate(CreateLaunchTemplateRequest request) {
        try {
            return client.createLaunchTemplate(request).launchTemplate();
        } catch (SdkException e) {
            if ("InvalidLaunchTemplateName.AlreadyExistsException".equals(AwsErrors.code(e))) {
                List<LaunchTemplate> existing = describeLaunchTemplates(List.of(filter("launch-template-name", request.launchTemplateName())));
                if (!existing.isEmpty()) return existing.get(0);
            }
            throw failed("CreateLaunchTemplate", e);
        }
    }

    @Override
    public boolean deleteLaunchTemplate(String name) {
        try {
            client.deleteLaunchTemplate(r -> r.launchTemplateName(name));
            return true;
        } catch (SdkException e) {
            if (AwsErrors.notFound(AwsErrors.code(e))) return false;
            throw failed("DeleteLaunchTemplate", e);
        }
    }

    @Override
    public CreateFleetResponse createFleet(CreateFleetRequest request) {
        return call("CreateFleet", () -> client.createFleet(request));
    }

    @Override
    public List<Instance> describeInstances(List<Filter> filters, List<String> instanceIds) {
        try {
            List<Instance> out = new ArrayList<>();
            // the largest page EC2 allows (MaxResults cannot go with instance ids): a listing of the cluster is one call up to 1,000 instances
            for (Reservation r : client.describeInstancesPaginator(b -> {
                b.filters(filters).instanceIds(instanceIds);
                if (instanceIds.isEmpty()) b.maxResults(1000);
            }).reservations()) {
                out.addAll(r.instances());
            }
            return out;
        } catch (SdkException e) {
            if (!instanceIds.isEmpty() && AwsErrors.notFound(AwsErrors.code(e))) return List.of();
            throw failed("DescribeInstances", e);
        }
    }

    @Override
    public Optional<String> terminateInstance(String instanceId) {
        try {
            var changes = client.terminateInstances(r -> r.instanceIds(instanceId)).terminatingInstances();
            return Optional.of(changes.isEmpty() ? "shutting-down" : changes.get(0).currentState().nameAsString());
        } catch (SdkException e) {
            if (AwsErrors.notFound(AwsErrors.code(e))) return Optional.empty();
            throw failed("TerminateInstances", e);
        }
    }

    @Override
    public boolean dryRunInstances(software.amazon.awssdk.services.ec2.model.RunInstancesRequest request) {
        try {
            client.runInstances(request.toBuilder().dryRun(true).build());
            return false;
        } catch (SdkException e) {
            if ("DryRunOperation".equals(AwsErrors.code(e))) return true;
            throw failed("RunInstances", e);
        }
    }

    /** A filter {@code name} = any of {@code values}. */
    public static Filter filter(String name, String... values) {
        return Filter.builder().name(name).values(values).build();
    }
}
