package dev.jig.aws.sdk;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.CreateFleetResponse;
import software.amazon.awssdk.services.ec2.model.CreateLaunchTemplateRequest;
import software.amazon.awssdk.services.ec2.model.Filter;
import software.amazon.awssdk.services.ec2.model.Image;
import software.amazon.awssdk.services.ec2.model.Instance;
import software.amazon.awssdk.services.ec2.model.InstanceTypeInfo;
import software.amazon.awssdk.services.ec2.model.InstanceTypeOffering;
import software.amazon.awssdk.services.ec2.model.LaunchTemplate;
import software.amazon.awssdk.services.ec2.model.SecurityGroup;
import software.amazon.awssdk.services.ec2.model.SpotPrice;
import software.amazon.awssdk.services.ec2.model.Subnet;

/**
 * Every EC2 call Jig makes, and nothing else (Karpenter's {@code pkg/aws/sdk.go}): the providers
 * depend on this, so the list of actions the IAM policy must allow is this interface. Describe
 * calls return every page. Failures are the cloud port's typed errors, mapped by {@link Ec2Errors}:
 * a {@link dev.jig.controller.cloud.CloudOperationException} that says whether retrying can help.
 * "Not found" answers that are normal outcomes (an unknown instance or launch template) are
 * returned as empty results, not thrown.
 */
public interface Ec2 {

    /** DescribeInstanceTypes: every type the region offers. */
    List<InstanceTypeInfo> describeInstanceTypes();

    /** DescribeInstanceTypeOfferings with location type {@code availability-zone}. */
    List<InstanceTypeOffering> describeInstanceTypeOfferings();

    /** DescribeSpotPriceHistory for Linux/UNIX since {@code since}. */
    List<SpotPrice> describeSpotPriceHistory(Instant since);

    /**
     * RunInstances with {@code DryRun}: true when EC2 answers that it would have launched ({@code DryRunOperation});
     * its refusal ({@code UnauthorizedOperation}, an unknown image) is thrown. Only {@code aws-preflight} calls it.
     */
    boolean dryRunInstances(software.amazon.awssdk.services.ec2.model.RunInstancesRequest request);

    /** DescribeSubnets. */
    List<Subnet> describeSubnets(List<Filter> filters);

    /** DescribeSecurityGroups. */
    List<SecurityGroup> describeSecurityGroups(List<Filter> filters);

    /** DescribeImages; {@code owners} empty for any owner. */
    List<Image> describeImages(List<Filter> filters, List<String> owners);

    /** DescribeLaunchTemplates. */
    List<LaunchTemplate> describeLaunchTemplates(List<Filter> filters);

    /** CreateLaunchTemplate; when the name exists already, the existing template. */
    LaunchTemplate createLaunchTemplate(CreateLaunchTemplateRequest request);

    /** DeleteLaunchTemplate by name; false when it did not exist. */
    boolean deleteLaunchTemplate(String name);

    /** CreateFleet; per-override capacity errors are in the response's errors, not thrown. */
    CreateFleetResponse createFleet(CreateFleetRequest request);

    /** DescribeInstances; unknown ids give an empty answer. */
    List<Instance> describeInstances(List<Filter> filters, List<String> instanceIds);

    /** TerminateInstances of one instance; empty when EC2 does not know it, else its state after the call. */
    Optional<String> terminateInstance(String instanceId);
}
