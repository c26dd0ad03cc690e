package dev.jig.aws.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.Ec2World.LaunchedInstance;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodeClaim;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import dev.jig.aws.fleet.ClientToken;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.FleetType;
import software.amazon.awssdk.services.ec2.model.ResourceType;
import software.amazon.awssdk.services.ec2.model.Tag;
import software.amazon.awssdk.services.ec2.model.TagSpecification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the EC2 provider sends EC2 when it launches, and how it converges when EC2 misbehaves. */
class Ec2LaunchIT {

    private final LoopbackFixture f = new LoopbackFixture();
    private final Ec2Provider ec2 = new Ec2Provider(f);
    private final NodeClass nodeClass = TestNodeClasses.defaultClass();

    @AfterEach
    void close() {
        f.close();
    }

    private Instance create(NodeClaim claim) {
        return ec2.provider.create(claim, nodeClass);
    }

    @Test
    void onDemandFleetsAreInstantLowestPriceWithOverridesCheapestFirstAndTheNodeClaimAsClientToken() {
        Instance i = create(Ec2CloudProviderContractIT.claim("default-x1", "on-demand", "m5.large", "c5.large", "m6g.large", "m5.xlarge"));
        Map<String, String> fleet = f.world.fleetRequests().get(0);
        assertThat(fleet).containsEntry("Type", "instant").containsEntry("ClientToken", ClientToken.of("default-x1", 0))
                .containsEntry("TargetCapacitySpecification.TotalTargetCapacity", "1")
                .containsEntry("TargetCapacitySpecification.DefaultTargetCapacityType", "on-demand")
                .containsEntry("OnDemandOptions.AllocationStrategy", "lowest-price");
        // m6g.large ($0.077) < c5.large ($0.085) < m5.large ($0.096) < m5.xlarge; arm64 and amd64 use two launch templates
        assertThat(overrides(fleet)).startsWith("m6g.large", "m6g.large", "c5.large", "c5.large", "m5.large", "m5.large", "m5.xlarge");
        assertThat(fleet.keySet()).anyMatch(k -> k.startsWith("LaunchTemplateConfigs.2."));
        assertThat(i.type().name()).isEqualTo("m6g.large");
        assertThat(i.pricePerHour()).isEqualTo(0.077);
        assertThat(i.providerId()).matches("aws:///us-east-1[ab]/i-[0-9a-f]+");
        assertThat(i.labels()).containsEntry("kubernetes.io/arch", "arm64").containsEntry("topology.kubernetes.io/region", "us-east-1");
    }

    private static NodeClaim spotOrOnDemand(String name, String... types) {
        NodeClaim c = Ec2CloudProviderContractIT.claim(name, "spot", types);
        List<dev.jig.api.karpenter.Requirement> reqs = new java.util.ArrayList<>();
        for (dev.jig.api.karpenter.Requirement r : c.requirements()) {
            reqs.add(r.key().equals(dev.jig.api.karpenter.WellKnownLabels.CAPACITY_TYPE)
                    ? new dev.jig.api.karpenter.Requirement(r.key(), r.operator(), List.of("spot", "on-demand")) : r);
        }
        return new NodeClaim(c.name(), c.nodePool(), c.nodeClass(), c.labels(), reqs, c.requests(), c.taints(), c.startupTaints(), c.created(),
                false, null);
    }

    @Test
    void withoutTheSpotServiceLinkedRoleSpotIsUnavailableAndTheNodeClaimLaunchesOnDemand() {
        f.world.faults().fleetError("spot", "AuthFailure.ServiceLinkedRoleCreationNotPermitted");
        Instance i = create(spotOrOnDemand("default-r1", "m5.large", "c5.large"));
        assertThat(i.capacityType()).isEqualTo(Offering.ON_DEMAND);
        assertThat(f.world.fleetRequests()).extracting(r -> r.get("TargetCapacitySpecification.DefaultTargetCapacityType"))
                .containsExactly("spot", "on-demand");
    }

    @Test
    void maxFleetCountExceededIsCapacityButAnAnswerWithAnotherErrorIsThatError() {
        f.world.faults().fleetError("*", "MaxFleetCountExceeded");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> create(Ec2CloudProviderContractIT.claim("default-r2", "on-demand", "m5.large")))
                .isInstanceOf(dev.jig.controller.cloud.InsufficientCapacityException.class);
        f.world.faults().clearFleetErrors().fleetError("*", "InvalidParameterValue");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> create(Ec2CloudProviderContractIT.claim("default-r3", "on-demand", "c5.large")))
                .isInstanceOf(dev.jig.controller.cloud.CloudOperationException.class)
                .isNotInstanceOf(dev.jig.controller.cloud.InsufficientCapacityException.class)
                .hasMessageContaining("InvalidParameterValue");
    }

    @Test
    void spotFleetsArePriceCapacityOptimized() {
        Instance i = create(Ec2CloudProviderContractIT.claim("s", "spot", "m5.large", "c5.large"));
        assertThat(f.world.fleetRequests().get(0)).containsEntry("SpotOptions.AllocationStrategy", "price-capacity-optimized")
                .containsEntry("TargetCapacitySpecification.DefaultTargetCapacityType", "spot");
        assertThat(i.capacityType()).isEqualTo(Offering.SPOT);
        assertThat(f.world.running()).singleElement().extracting(LaunchedInstance::lifecycle).isEqualTo("spot");
    }

    @Test
    void theFleetTagsItsInstanceVolumesAndItselfAndTheTemplateTagsInterfacesAndSpotRequests() {
        create(Ec2CloudProviderContractIT.claim("default-x2", "on-demand", "m5.large"));
        Map<String, String> fleet = f.world.fleetRequests().get(0);
        assertThat(fleet.entrySet()).filteredOn(e -> e.getKey().matches("TagSpecification\\.\\d+\\.ResourceType")).extracting(Map.Entry::getValue)
                .containsExactlyInAnyOrder("instance", "volume", "fleet");
        Map<String, String> lt = f.world.launchTemplate(f.world.running().get(0).launchTemplate()).orElseThrow();
        assertThat(lt).containsEntry("TagSpecification.1.ResourceType", "network-interface").containsEntry("TagSpecification.2.ResourceType",
                "spot-instances-request").containsValues("kubernetes.io/cluster/demo", "karpenter.k8s.aws/ec2nodeclass");
        assertThat(f.world.running()).singleElement().satisfies(i -> assertThat(i.tags())
                .containsEntry("kubernetes.io/cluster/demo", "owned").containsEntry("eks:eks-cluster-name", "demo")
                .containsEntry("karpenter.sh/nodepool", "default").containsEntry("karpenter.sh/nodeclaim", "default-x2")
                .containsEntry("karpenter.k8s.aws/ec2nodeclass", "default").containsEntry("Name", "default-x2")
                .containsEntry("team", "payments"));
    }

    @Test
    void theLaunchTemplateCarriesNodeadmUserDataImdsV2BlockDevicesAndTags() {
        create(Ec2CloudProviderContractIT.claim("default-x3", "on-demand", "m5.large"));
        String name = f.world.running().get(0).launchTemplate();
        Map<String, String> lt = f.world.launchTemplate(name).orElseThrow();
        String userData = new String(Base64.getDecoder().decode(lt.get("UserData")), StandardCharsets.UTF_8);
        assertThat(userData).startsWith("MIME-Version: 1.0").contains("Content-Type: application/node.eks.aws", "kind: NodeConfig",
                "apiServerEndpoint: \"https://ABCDEF.gr7.us-east-1.eks.amazonaws.com\"", "certificateAuthority: \"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\"",
                "cidr: \"10.100.0.0/16\"", "maxPods: 58", "- \"10.100.0.10\"", "karpenter.sh/nodepool=default", "karpenter.sh/capacity-type=on-demand",
                "team=payments", "- \"--register-with-taints=karpenter.sh/unregistered:NoExecute\"");
        assertThat(lt).containsEntry("ImageId", "ami-0amd64").containsEntry("IamInstanceProfile.Name", "demo_default_profile")
                .containsEntry("MetadataOptions.HttpTokens", "required").containsEntry("MetadataOptions.HttpPutResponseHopLimit", "1")
                .containsEntry("MetadataOptions.HttpEndpoint", "enabled").containsEntry("MetadataOptions.InstanceMetadataTags", "disabled")
                .containsEntry("BlockDeviceMapping.1.DeviceName", "/dev/xvda")
                .containsEntry("BlockDeviceMapping.1.Ebs.VolumeSize", "40").containsEntry("BlockDeviceMapping.1.Ebs.VolumeType", "gp3")
                .containsEntry("BlockDeviceMapping.1.Ebs.Encrypted", "true").containsEntry("SecurityGroupId.1", "sg-0node");
        assertThat(name).startsWith("jig/demo/");
    }

    /** The launch template of a NodeClaim launched with {@code spec}, a variant of the default node class. */
    private Map<String, String> launchTemplateFor(String spec) {
        NodeClass variant = TestNodeClasses.read("default", spec);
        ec2.provider.create(Ec2CloudProviderContractIT.claim("v", "on-demand", "m5.large"), variant);
        return f.world.launchTemplate(f.world.running().get(0).launchTemplate()).orElseThrow();
    }

    private static String userData(Map<String, String> lt) {
        return new String(Base64.getDecoder().decode(lt.get("UserData")), StandardCharsets.UTF_8);
    }

    @Test
    void aCustomFamilyLaunchesTheNodeClassUserDataUnchangedAndNoDefaultBlockDevice() {
        String spec = TestNodeClasses.DEFAULT_SPEC.replace("\"alias\": \"al2023@latest\"", "\"id\": \"ami-0amd64\"")
                .replace("\"tags\": {\"team\"", "\"amiFamily\": \"Custom\", \"userData\": \"#!/bin/bash\\n/opt/join\\n\", \"tags\": {\"team\"")
                .replaceAll(",\\s*\"blockDeviceMappings\"[\\s\\S]*}]", "");
        Map<String, String> lt = launchTemplateFor(spec);
        assertThat(userData(lt)).isEqualTo("#!/bin/bash\n/opt/join\n");
        assertThat(lt.keySet()).noneMatch(k -> k.startsWith("BlockDeviceMapping"));
        assertThat(lt).containsEntry("MetadataOptions.InstanceMetadataTags", "disabled");
    }

    @Test
    void anAl2FamilyLaunchesWithTheEksBootstrapScript() {
        String spec = TestNodeClasses.DEFAULT_SPEC.replace("\"alias\": \"al2023@latest\"", "\"id\": \"ami-0amd64\"")
                .replace("\"tags\": {\"team\"", "\"amiFamily\": \"AL2\", \"tags\": {\"team\"");
        assertThat(userData(launchTemplateFor(spec))).startsWith("MIME-Version: 1.0").contains("/etc/eks/bootstrap.sh 'demo'",
                "--dns-cluster-ip '10.100.0.10'", "--max-pods=58", "karpenter.sh/nodepool=default");
    }

    @Test
    void capacityErrorsOnChosenOverridesAreCachedAndTheLaunchGoesToWhatIsLeft() {
        f.world.faults().noCapacity("m6g.large", "*", "on-demand").noCapacity("c5.large", "us-east-1a", "on-demand");
        Instance i = create(Ec2CloudProviderContractIT.claim("c", "on-demand", "m5.large", "c5.large", "m6g.large"));
        assertThat(i.type().name() + "@" + i.zone()).isEqualTo("c5.large@us-east-1b");
        assertThat(ec2.unavailable.isUnavailable("m6g.large", "us-east-1a", "on-demand")).isTrue();
        assertThat(ec2.unavailable.isUnavailable("c5.large", "us-east-1a", "on-demand")).isTrue();
        ResolvedInstanceType m6g = ec2.provider.instanceTypes(Ec2CloudProviderContractIT.pool(), nodeClass).stream()
                .filter(t -> t.name().equals("m6g.large")).findFirst().orElseThrow();
        assertThat(m6g.offerings()).noneMatch(o -> o.capacityType().equals("on-demand"));
        assertThat(f.world.running()).hasSize(1);
    }

    @Test
    void aSpotInterruptedOfferingIsLeftOutOfTheInstanceTypesUntilItsMarkExpires() {
        ec2.provider.markUnavailable("m5.large", "us-east-1a", "spot");
        ResolvedInstanceType m5 = ec2.provider.instanceTypes(Ec2CloudProviderContractIT.pool(), nodeClass).stream()
                .filter(t -> t.name().equals("m5.large")).findFirst().orElseThrow();
        assertThat(m5.offerings()).noneMatch(o -> o.capacityType().equals("spot") && o.zone().equals("us-east-1a"))
                .anyMatch(o -> o.capacityType().equals("spot") && o.zone().equals("us-east-1b"));
        assertThat(ec2.unavailable.isUnavailable("m5.large", "us-east-1a", "spot")).isTrue();
    }

    @Test
    void aPartialFleetThatLaunchedNothingIsRetriedWithTheOverridesLeft() {
        f.world.faults().partialFleets(1);
        Instance i = create(Ec2CloudProviderContractIT.claim("p", "on-demand", "m5.large", "c5.large"));
        assertThat(f.world.fleetRequests()).hasSize(2);
        assertThat(f.world.fleetRequests().get(1)).containsEntry("ClientToken", ClientToken.of("p", 1));
        assertThat(overrides(f.world.fleetRequests().get(1))).doesNotContain("c5.large");
        assertThat(f.world.running()).extracting(LaunchedInstance::id).containsExactly(Instances.instanceId(i.providerId()));
    }

    @Test
    void whenEveryOverrideRunsOutTheNodeClaimGetsInsufficientCapacityAndNothingLeaks() {
        f.world.faults().noCapacity("*", "*", "*");
        InsufficientCapacityException e = catchThrowableOfType(InsufficientCapacityException.class,
                () -> create(Ec2CloudProviderContractIT.claim("x", "on-demand", "m5.large", "c5.large")));
        assertThat(e.failed()).hasSize(4);
        assertThat(f.world.instances()).isEmpty();
        InsufficientCapacityException again = catchThrowableOfType(InsufficientCapacityException.class,
                () -> create(Ec2CloudProviderContractIT.claim("y", "on-demand", "m5.large", "c5.large")));
        assertThat(again.failed()).isEmpty();
        assertThat(f.world.fleetRequests()).hasSize(1);
    }

    @Test
    void anInstanceMissingFromDescribeInstancesRightAfterLaunchIsStillGotAndListed() {
        f.world.faults().hideNextLaunch(6);
        Instance i = create(Ec2CloudProviderContractIT.claim("h", "on-demand", "m5.large"));
        for (int refresh = 0; refresh < 3; refresh++) {
            f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
            ec2.refreshDue();
            assertThat(ec2.provider.get(i.providerId())).contains(i);
            assertThat(ec2.provider.list()).extracting(Instance::providerId).containsExactly(i.providerId());
        }
        assertThat(f.loopback.count("DescribeInstances")).as("one per refresh, none for get or list").isEqualTo(3);
        assertThat(f.world.running()).hasSize(1);
    }

    @Test
    void aRestartedControllerLaunchingTheSameNodeClaimGetsTheSameInstance() {
        Instance first = create(Ec2CloudProviderContractIT.claim("r", "on-demand", "m5.large"));
        Ec2Provider restarted = new Ec2Provider(f);
        Instance again = restarted.provider.create(Ec2CloudProviderContractIT.claim("r", "on-demand", "m5.large"), nodeClass);
        assertThat(again.providerId()).isEqualTo(first.providerId());
        assertThat(f.world.running()).hasSize(1);
    }

    @Test
    void aRestartedControllerWhoseRequestChangedFindsTheInstanceByItsNodeClaimTagInsteadOfLaunchingAnother() {
        Instance first = create(Ec2CloudProviderContractIT.claim("r", "on-demand", "m5.large"));
        Ec2Provider restarted = new Ec2Provider(f);
        // another type allowed now: the same token comes with different overrides, and EC2 refuses it
        Instance again = restarted.provider.create(Ec2CloudProviderContractIT.claim("r", "on-demand", "m5.large", "c5.large"), nodeClass);
        assertThat(again.providerId()).isEqualTo(first.providerId());
        assertThat(f.world.running()).hasSize(1);
        assertThat(f.world.fleetRequests()).hasSize(2);
    }

    @Test
    void anInstanceOfATypeTheCatalogLacksIsStillListedAndFound() {
        String id = f.world.running("m99z.large", "us-east-1a", "demo", "future-1");
        f.clock.advance(java.time.Duration.ofMinutes(2));
        ec2.refreshDue();
        assertThat(ec2.provider.list()).singleElement().satisfies(i -> {
            assertThat(i.providerId()).isEqualTo("aws:///us-east-1a/" + id);
            assertThat(i.nodeClaim()).isEqualTo("future-1");
            assertThat(i.type().name()).isEqualTo("m99z.large");
        });
        assertThat(ec2.provider.get("aws:///us-east-1a/" + id)).isPresent();
    }

    @Test
    void theFakeRefusesWhatEc2RefusesOnCreateFleet() {
        create(Ec2CloudProviderContractIT.claim("k", "on-demand", "m5.large"));
        CreateFleetRequest sent = CreateFleetRequest.builder().type(FleetType.INSTANT).clientToken("t".repeat(65))
                .targetCapacitySpecification(t -> t.totalTargetCapacity(1)).build();
        assertThatThrownBy(() -> f.ec2.createFleet(sent)).hasMessageContaining("64 characters");
        CreateFleetRequest interfaces = sent.toBuilder().clientToken("ok")
                .tagSpecifications(TagSpecification.builder().resourceType(ResourceType.NETWORK_INTERFACE).tags(Tag.builder().key("a").value("b").build()).build())
                .build();
        assertThatThrownBy(() -> f.ec2.createFleet(interfaces)).hasMessageContaining("InvalidParameterValue").hasMessageContaining("network-interface");
    }

    @Test
    void throttlingIsRetriedAndAPersistentServerErrorIsATransientFailureWithoutALeak() {
        f.world.faults().throttle("CreateFleet", 2);
        create(Ec2CloudProviderContractIT.claim("t", "on-demand", "m5.large"));
        assertThat(f.world.running()).hasSize(1);
        f.world.faults().serverError("CreateFleet", 10);
        CloudOperationException e = catchThrowableOfType(CloudOperationException.class,
                () -> create(Ec2CloudProviderContractIT.claim("u", "on-demand", "m5.large")));
        assertThat(e.retryable()).isTrue();
        assertThat(e.getMessage()).contains("CreateFleet", "InternalError");
        assertThat(f.world.running()).hasSize(1);
    }

    @Test
    void aNewAmiOrAnUnselectedSubnetDriftsTheInstance() {
        NodeClaim claim = Ec2CloudProviderContractIT.claim("d", "on-demand", "m5.large");
        Instance i = create(claim);
        NodeClaim running = claim.withStatus(new NodeClaim.Status(i.providerId(), i.type().name(), i.zone(), i.capacityType(), i.pricePerHour(),
                i.type().capacity(), i.type().allocatable(), null, List.of()));
        assertThat(ec2.provider.isDrifted(running, Ec2CloudProviderContractIT.pool(), nodeClass)).isEmpty();
        ec2.aliases.table.put("al2023@latest/1.31", List.of(new dev.jig.aws.ami.AmiAliases.AliasAmi("ami-0new", "x86_64", "standard", "p")));
        f.clock.advance(java.time.Duration.ofMinutes(2));
        ec2.refreshDue();
        assertThat(ec2.provider.isDrifted(running, Ec2CloudProviderContractIT.pool(), nodeClass)).contains("AMIDrift");
        NodeClass oneSubnet = TestNodeClasses.read("default", TestNodeClasses.DEFAULT_SPEC.replace(
                "[{\"tags\": {\"karpenter.sh/discovery\": \"demo\"}}],\n \"securityGroupSelectorTerms\"",
                "[{\"id\": \"subnet-none\"}, {\"id\": \"" + (i.zone().endsWith("a") ? "subnet-0b" : "subnet-0a") + "\"}],\n \"securityGroupSelectorTerms\"")
                .replace("\"alias\": \"al2023@latest\"", "\"id\": \"ami-0amd64\""));
        assertThat(oneSubnet.selectors().subnets()).hasSize(2);
        assertThat(ec2.provider.isDrifted(running, Ec2CloudProviderContractIT.pool(), oneSubnet)).contains("SubnetDrift");
    }

    @Test
    void launchTemplatesNoLaunchUsesAreDeleted() {
        create(Ec2CloudProviderContractIT.claim("g", "on-demand", "m5.large"));
        assertThat(f.world.launchTemplateNames()).hasSize(1);
        assertThat(ec2.templates.collect()).isEmpty();
        f.clock.advance(java.time.Duration.ofMinutes(31));
        assertThat(ec2.templates.collect()).hasSize(1);
        assertThat(f.world.launchTemplateNames()).isEmpty();
    }

    @Test
    void launchesCountTheAddressesTheyTakeBeforeTheSubnetsAreDescribedAgain() {
        // m5.xlarge is offered in us-east-1a only; each takes 15 addresses (one interface's worth)
        f.world.subnet("subnet-0a2", "us-east-1a", 245, LoopbackFixture.DISCOVERY);
        for (int i = 0; i < 3; i++) create(Ec2CloudProviderContractIT.claim("s" + i, "on-demand", "m5.xlarge"));
        assertThat(f.world.running()).extracting(LaunchedInstance::subnetId).as("250 free, then 245 against 235, then 235 against 230")
                .containsExactly("subnet-0a", "subnet-0a2", "subnet-0a");
        assertThat(f.loopback.count("DescribeSubnets")).as("from one description").isEqualTo(1);
    }

    @Test
    void aSubnetOutOfAddressesIsLeftForAnotherOfItsZoneWithoutMarkingTheOfferingUnavailable() {
        f.world.subnet("subnet-0a2", "us-east-1a", 200, LoopbackFixture.DISCOVERY);
        create(Ec2CloudProviderContractIT.claim("first", "on-demand", "m5.xlarge"));
        // something else in the account takes subnet-0a's addresses after Jig described it
        for (int i = 0; i < 16; i++) f.world.running("m5.xlarge", "us-east-1a", "other", "other-" + i);
        create(Ec2CloudProviderContractIT.claim("second", "on-demand", "m5.xlarge"));
        assertThat(f.world.running()).filteredOn(i -> i.tags().get("karpenter.sh/nodeclaim").equals("second"))
                .singleElement().satisfies(i -> assertThat(i.subnetId()).isEqualTo("subnet-0a2"));
        create(Ec2CloudProviderContractIT.claim("third", "on-demand", "m5.xlarge"));
        assertThat(f.world.running()).filteredOn(i -> i.tags().get("karpenter.sh/nodeclaim").equals("third"))
                .singleElement().satisfies(i -> assertThat(i.subnetId()).as("the exhausted subnet is chosen last").isEqualTo("subnet-0a2"));
        assertThat(ec2.unavailable.isUnavailable("m5.xlarge", "us-east-1a", "on-demand")).as("the offering is fine").isFalse();
    }

    @Test
    void aTemplateALaunchEnsuresWhileCollectionDeletesItIsThereForThatLaunch() throws Exception {
        create(Ec2CloudProviderContractIT.claim("r1", "on-demand", "m5.large"));
        String template = f.world.launchTemplateNames().get(0);
        f.clock.advance(java.time.Duration.ofMinutes(31));
        // a launch for the same template comes while collection's DeleteLaunchTemplate is on its way
        java.util.concurrent.CompletableFuture<Instance> launched = new java.util.concurrent.CompletableFuture<>();
        f.loopback.beforeNext("DeleteLaunchTemplate", () -> new Thread(() -> {
            try {
                launched.complete(create(Ec2CloudProviderContractIT.claim("r2", "on-demand", "m5.large")));
            } catch (RuntimeException e) {
                launched.completeExceptionally(e);
            }
        }).start());
        assertThat(ec2.templates.collect()).containsExactly(template);
        assertThat(launched.get(30, java.util.concurrent.TimeUnit.SECONDS)).as("the launch waited for the deletion and created the template again")
                .isNotNull();
        assertThat(f.world.launchTemplateNames()).containsExactly(template);
        assertThat(f.world.running()).hasSize(2);
    }

    @Test
    void aLaunchTemplateDeletedBehindJigsBackIsCreatedAgainOnTheNextAttempt() {
        create(Ec2CloudProviderContractIT.claim("k1", "on-demand", "m5.large"));
        String template = f.world.launchTemplateNames().get(0);
        f.world.deleteLaunchTemplate(template);
        CloudOperationException e = catchThrowableOfType(CloudOperationException.class,
                () -> create(Ec2CloudProviderContractIT.claim("k2", "on-demand", "m5.large")));
        assertThat(e.retryable()).isTrue();
        assertThat(e.getMessage()).contains("InvalidLaunchTemplateName.NotFoundException", "created again");
        create(Ec2CloudProviderContractIT.claim("k3", "on-demand", "m5.large"));
        assertThat(f.world.launchTemplateNames()).containsExactly(template);
        assertThat(f.world.running()).hasSize(2);
    }

    private static List<String> overrides(Map<String, String> fleet) {
        return fleet.entrySet().stream().filter(e -> e.getKey().matches("LaunchTemplateConfigs\\.\\d+\\.Overrides\\.\\d+\\.InstanceType"))
                .sorted(java.util.Comparator.comparing(e -> e.getKey())).map(Map.Entry::getValue).toList();
    }
}
