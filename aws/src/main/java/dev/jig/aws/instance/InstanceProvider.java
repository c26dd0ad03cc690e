package dev.jig.aws.instance;

import dev.jig.aws.fleet.Candidate;
import dev.jig.aws.fleet.FleetPlan;
import dev.jig.aws.fleet.LaunchTags;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.sdk.AwsErrors;
import dev.jig.aws.sdk.SdkEc2;
import dev.jig.controller.cloud.Offering;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.ec2.model.CreateFleetError;
import software.amazon.awssdk.services.ec2.model.CreateFleetInstance;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.CreateFleetResponse;
import software.amazon.awssdk.services.ec2.model.DefaultTargetCapacityType;
import software.amazon.awssdk.services.ec2.model.FleetLaunchTemplateConfigRequest;
import software.amazon.awssdk.services.ec2.model.FleetLaunchTemplateOverrides;
import software.amazon.awssdk.services.ec2.model.FleetLaunchTemplateOverridesRequest;
import software.amazon.awssdk.services.ec2.model.FleetType;
import software.amazon.awssdk.services.ec2.model.GroupIdentifier;
import software.amazon.awssdk.services.ec2.model.Instance;
import software.amazon.awssdk.services.ec2.model.ResourceType;
import software.amazon.awssdk.services.ec2.model.Tag;
import software.amazon.awssdk.services.ec2.model.TagSpecification;

/**
 * Instances of the cluster: CreateFleet (type {@code instant}, one instance), DescribeInstances
 * filtered by the cluster tag, TerminateInstances. Every resource a fleet creates (the fleet, the
 * instance, its volumes and network interfaces, and a spot request) is tagged in the request, which
 * the IAM policy's {@code aws:RequestTag} conditions require. A launch's client token is given by the caller
 * (the NodeClaim name), so a repeated launch, after a controller restart too, gets EC2's first
 * answer instead of a second instance.
 */
public final class InstanceProvider {

    /** The resource types an {@code instant} CreateFleet accepts in its TagSpecifications. */
    static final List<ResourceType> FLEET_TAGGED = List.of(ResourceType.INSTANCE, ResourceType.VOLUME, ResourceType.FLEET);
    private static final List<String> LIVE = List.of("pending", "running", "stopping", "stopped", "shutting-down");

    private final Ec2 ec2;
    private final String cluster;

    public InstanceProvider(Ec2 ec2, String cluster) {
        this.ec2 = ec2;
        this.cluster = cluster;
    }

    /** One CreateFleet call for {@code plan}, tagging the instance, its volumes and the fleet with {@code tags}. */
    public LaunchResult launch(String clientToken, FleetPlan plan, Map<String, String> tags) {
        CreateFleetResponse response = ec2.createFleet(request(clientToken, plan, tags));
        List<Candidate> outOfCapacity = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        List<String> noAddresses = new ArrayList<>();
        for (CreateFleetError e : response.errors()) {
            Candidate c = match(plan, e.launchTemplateAndOverrides() == null ? null : e.launchTemplateAndOverrides().overrides());
            if (AwsErrors.CAPACITY_CODES.contains(e.errorCode()) && c != null) outOfCapacity.add(c);
            else errors.add(e.errorCode() + ": " + e.errorMessage());
            if (AwsErrors.SUBNET_OUT_OF_ADDRESSES.equals(e.errorCode()) && c != null && !noAddresses.contains(c.subnetId())) noAddresses.add(c.subnetId());
        }
        for (CreateFleetInstance i : response.instances()) {
            if (!i.instanceIds().isEmpty()) {
                Candidate c = match(plan, i.launchTemplateAndOverrides() == null ? null : i.launchTemplateAndOverrides().overrides());
                return new LaunchResult(i.instanceIds().get(0), c, outOfCapacity, errors, noAddresses);
            }
        }
        return new LaunchResult(null, null, outOfCapacity, errors, noAddresses);
    }

    /** The instance {@code id}, terminated ones included; empty when EC2 does not show it (yet). */
    public Optional<Ec2Instance> describe(String id) {
        return ec2.describeInstances(List.of(), List.of(id)).stream().map(InstanceProvider::convert).findFirst();
    }

    /** The cluster's instances that are not terminated. */
    public List<Ec2Instance> list() {
        return ec2.describeInstances(List.of(SdkEc2.filter("tag:" + LaunchTags.clusterTag(cluster), "owned"),
                SdkEc2.filter("tag-key", LaunchTags.NODECLAIM), SdkEc2.filter("instance-state-name", LIVE.toArray(String[]::new))), List.of())
                .stream().map(InstanceProvider::convert).toList();
    }

    /** The live instance launched for the NodeClaim {@code nodeClaim}, known by its tag; empty when there is none. */
    public Optional<Ec2Instance> findByNodeClaim(String nodeClaim) {
        return ec2.describeInstances(List.of(SdkEc2.filter("tag:" + LaunchTags.clusterTag(cluster), "owned"),
                SdkEc2.filter("tag:" + LaunchTags.NODECLAIM, nodeClaim), SdkEc2.filter("instance-state-name", LIVE.toArray(String[]::new))), List.of())
                .stream().map(InstanceProvider::convert).findFirst();
    }

    /** Terminates {@code id}; empty when EC2 does not know it, else its state after the call. */
    public Optional<String> terminate(String id) {
        return ec2.terminateInstance(id);
    }

    private static CreateFleetRequest request(String token, FleetPlan plan, Map<String, String> tags) {
        Map<String, List<FleetLaunchTemplateOverridesRequest>> byTemplate = new LinkedHashMap<>();
        for (Candidate c : plan.overrides()) {
            byTemplate.computeIfAbsent(c.launchTemplate(), k -> new ArrayList<>()).add(FleetLaunchTemplateOverridesRequest.builder()
                    .instanceType(c.instanceType()).subnetId(c.subnetId()).availabilityZone(c.zone()).build());
        }
        List<FleetLaunchTemplateConfigRequest> configs = new ArrayList<>();
        byTemplate.forEach((template, overrides) -> configs.add(FleetLaunchTemplateConfigRequest.builder()
                .launchTemplateSpecification(s -> s.launchTemplateName(template).version("$Latest")).overrides(overrides).build()));
        List<Tag> tagList = tags.entrySet().stream().map(e -> Tag.builder().key(e.getKey()).value(e.getValue()).build()).toList();
        boolean spot = plan.capacityType().equals(Offering.SPOT);
        // an instant fleet tags only these; the launch template tags the network interfaces and spot requests
        List<TagSpecification> specs = new ArrayList<>();
        for (ResourceType r : FLEET_TAGGED) specs.add(TagSpecification.builder().resourceType(r).tags(tagList).build());
        CreateFleetRequest.Builder b = CreateFleetRequest.builder().type(FleetType.INSTANT).clientToken(token)
                .targetCapacitySpecification(t -> t.totalTargetCapacity(1)
                        .defaultTargetCapacityType(spot ? DefaultTargetCapacityType.SPOT : DefaultTargetCapacityType.ON_DEMAND))
                .launchTemplateConfigs(configs).tagSpecifications(specs);
        if (spot) b.spotOptions(o -> o.allocationStrategy(plan.allocationStrategy()));
        else b.onDemandOptions(o -> o.allocationStrategy(plan.allocationStrategy()));
        return b.build();
    }

    private static Candidate match(FleetPlan plan, FleetLaunchTemplateOverrides o) {
        if (o == null) return null;
        for (Candidate c : plan.overrides()) {
            if (c.instanceType().equals(o.instanceTypeAsString()) && c.subnetId().equals(o.subnetId())) return c;
        }
        return null;
    }

    static Ec2Instance convert(Instance i) {
        Map<String, String> tags = new LinkedHashMap<>();
        i.tags().forEach(t -> tags.put(t.key(), t.value()));
        return new Ec2Instance(i.instanceId(), i.instanceTypeAsString(), i.placement() == null ? "" : i.placement().availabilityZone(),
                "spot".equals(i.instanceLifecycleAsString()) ? Offering.SPOT : Offering.ON_DEMAND, i.imageId(), i.subnetId(),
                i.securityGroups().stream().map(GroupIdentifier::groupId).toList(), i.launchTime(),
                i.state() == null ? "pending" : i.state().nameAsString(), tags);
    }
}
