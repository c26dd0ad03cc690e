package dev.jig.aws.sdk;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

/** {@link Ec2} through the AWS SDK's {@link Ec2Client}, every failure mapped by {@link Ec2Errors}. */
public final class SdkEc2 implements Ec2 {

    private final Ec2Client client;

    public SdkEc2(Ec2Client client) {
        this.client = client;
    }

    @Override
    public List<InstanceTypeInfo> describeInstanceTypes() {
        return Ec2Errors.call("DescribeInstanceTypes", () -> client.describeInstanceTypesPaginator(r -> r.maxResults(100)).instanceTypes().stream().toList());
    }

    @Override
    public List<InstanceTypeOffering> describeInstanceTypeOfferings() {
        return Ec2Errors.call("DescribeInstanceTypeOfferings", () -> client.describeInstanceTypeOfferingsPaginator(
                r -> r.locationType(LocationType.AVAILABILITY_ZONE)).instanceTypeOfferings().stream().toList());
    }

    @Override
    public List<SpotPrice> describeSpotPriceHistory(Instant since) {
        return Ec2Errors.call("DescribeSpotPriceHistory", () -> client.describeSpotPriceHistoryPaginator(
                r -> r.startTime(since).productDescriptions("Linux/UNIX")).spotPriceHistory().stream().toList());
    }

    @Override
    public List<Subnet> describeSubnets(List<Filter> filters) {
        return Ec2Errors.call("DescribeSubnets", () -> client.describeSubnetsPaginator(r -> r.filters(filters)).subnets().stream().toList());
    }

    @Override
    public List<SecurityGroup> describeSecurityGroups(List<Filter> filters) {
        return Ec2Errors.call("DescribeSecurityGroups", () -> client.describeSecurityGroupsPaginator(r -> r.filters(filters)).securityGroups().stream().toList());
    }

    @Override
    public List<Image> describeImages(List<Filter> filters, List<String> owners) {
        return Ec2Errors.call("DescribeImages", () -> client.describeImagesPaginator(r -> {
            r.filters(filters);
            if (!owners.isEmpty()) r.owners(owners);
        }).images().stream().toList());
    }

    @Override
    public List<LaunchTemplate> describeLaunchTemplates(List<Filter> filters) {
        try {
            return client.describeLaunchTemplatesPaginator(r -> r.filters(filters)).launchTemplates().stream().toList();
        } catch (SdkException e) {
            if (Ec2Errors.notFound(Ec2Errors.code(e))) return List.of();
            throw Ec2Errors.map("DescribeLaunchTemplates", e);
        }
    }

    @Override
    public LaunchTemplate createLaunchTemplate(CreateLaunchTemplateRequest request) {
        try {
            return client.createLaunchTemplate(request).launchTemplate();
        } catch (SdkException e) {
            if ("InvalidLaunchTemplateName.AlreadyExistsException".equals(Ec2Errors.code(e))) {
                List<LaunchTemplate> existing = describeLaunchTemplates(List.of(filter("launch-template-name", request.launchTemplateName())));
                if (!existing.isEmpty()) return existing.get(0);
            }
            throw Ec2Errors.map("CreateLaunchTemplate", e);
        }
    }

    @Override
    public boolean deleteLaunchTemplate(String name) {
        try {
            client.deleteLaunchTemplate(r -> r.launchTemplateName(name));
            return true;
        } catch (SdkException e) {
            if (Ec2Errors.notFound(Ec2Errors.code(e))) return false;
            throw Ec2Errors.map("DeleteLaunchTemplate", e);
        }
    }

    @Override
    public CreateFleetResponse createFleet(CreateFleetRequest request) {
        return Ec2Errors.call("CreateFleet", () -> client.createFleet(request));
    }

    @Override
    public List<Instance> describeInstances(List<Filter> filters, List<String> instanceIds) {
        try {
            List<Instance> out = new ArrayList<>();
            for (Reservation r : client.describeInstancesPaginator(b -> b.filters(filters).instanceIds(instanceIds)).reservations()) {
                out.addAll(r.instances());
            }
            return out;
        } catch (SdkException e) {
            if (!instanceIds.isEmpty() && Ec2Errors.notFound(Ec2Errors.code(e))) return List.of();
            throw Ec2Errors.map("DescribeInstances", e);
        }
    }

    @Override
    public Optional<String> terminateInstance(String instanceId) {
        try {
            var changes = client.terminateInstances(r -> r.instanceIds(instanceId)).terminatingInstances();
            return Optional.of(changes.isEmpty() ? "shutting-down" : changes.get(0).currentState().nameAsString());
        } catch (SdkException e) {
            if (Ec2Errors.notFound(Ec2Errors.code(e))) return Optional.empty();
            throw Ec2Errors.map("TerminateInstances", e);
        }
    }

    /** A filter {@code name} = any of {@code values}. */
    public static Filter filter(String name, String... values) {
        return Filter.builder().name(name).values(values).build();
    }
}
