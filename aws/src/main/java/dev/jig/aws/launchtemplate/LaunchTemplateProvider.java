package dev.jig.aws.launchtemplate;

import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.LaunchSettings;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.fleet.LaunchTags;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.sdk.SdkEc2;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.ec2.model.CreateLaunchTemplateRequest;
import software.amazon.awssdk.services.ec2.model.LaunchTemplate;
import software.amazon.awssdk.services.ec2.model.LaunchTemplateBlockDeviceMappingRequest;
import software.amazon.awssdk.services.ec2.model.LaunchTemplateEbsBlockDeviceRequest;
import software.amazon.awssdk.services.ec2.model.LaunchTemplateInstanceMetadataTagsState;
import software.amazon.awssdk.services.ec2.model.LaunchTemplateTagSpecificationRequest;
import software.amazon.awssdk.services.ec2.model.ResourceType;
import software.amazon.awssdk.services.ec2.model.Tag;
import software.amazon.awssdk.services.ec2.model.TagSpecification;

/**
 * Launch templates per node class, AMI and user data (CreateLaunchTemplate, DescribeLaunchTemplates):
 * {@link #ensure} creates a template once and reuses it by name; {@link #collect} deletes the
 * cluster's templates no launch has used for {@code unusedAfter} (DeleteLaunchTemplate), the way
 * Karpenter's cache eviction does. Thread-safe: {@link #ensure} and {@link #collect} act on a name under its entry
 * of {@code exists}, so a template a launch has just ensured is never collected under it.
 */
public final class LaunchTemplateProvider {

    private static final Logger LOG = LoggerFactory.getLogger(LaunchTemplateProvider.class);

    private final Ec2 ec2;
    private final String cluster;
    private final Clock clock;
    private final Duration unusedAfter;
    private final Map<String, Instant> used = new ConcurrentHashMap<>();
    private final Map<String, Boolean> exists = new ConcurrentHashMap<>();

    public LaunchTemplateProvider(Ec2 ec2, String cluster, Clock clock, Duration unusedAfter) {
        this.ec2 = ec2;
        this.cluster = cluster;
        this.clock = clock;
        this.unusedAfter = unusedAfter;
    }

    /**
     * The name of the launch template for {@code spec}, created when EC2 does not have it. Launches in
     * flight together for the same template wait for the one that creates it, so none goes out with a
     * template that does not exist yet.
     */
    public String ensure(TemplateSpec spec) {
        String name = spec.name();
        // under the name's entry, which collect() deletes under too: a template is never deleted between being
        // marked used here and the launch that uses it
        exists.compute(name, (n, known) -> {
            used.put(n, clock.instant());
            if (known == null && ec2.describeLaunchTemplates(List.of(SdkEc2.filter("launch-template-name", n))).isEmpty()) {
                ec2.createLaunchTemplate(request(n, spec));
                LOG.atInfo().addKeyValue("event", "launch-template-created").addKeyValue("name", n).addKeyValue("nodeClass", spec.nodeClass())
                        .addKeyValue("imageId", spec.imageId()).log("created launch template {}", n);
            }
            return Boolean.TRUE;
        });
        return name;
    }

    /** Forgets that {@code name} exists (EC2 said it does not), so the next {@link #ensure} creates it again. */
    public void forget(String name) {
        exists.remove(name);
    }

    /** Deletes the cluster's launch templates that no launch used within {@code unusedAfter}; returns their names. */
    public List<String> collect() {
        Instant now = clock.instant();
        List<String> deleted = new ArrayList<>();
        for (LaunchTemplate t : ec2.describeLaunchTemplates(List.of(SdkEc2.filter("tag:" + LaunchTags.clusterTag(cluster), "owned")))) {
            // checked and deleted under the name's entry, so that an ensure() in between keeps the template
            exists.compute(t.launchTemplateName(), (n, known) -> {
                Instant last = used.get(n);
                Instant since = last != null ? last : t.createTime() != null ? t.createTime() : now;
                if (since.plus(unusedAfter).isAfter(now)) return known;
                if (ec2.deleteLaunchTemplate(n)) deleted.add(n);
                used.remove(n);
                return null;
            });
        }
        if (!deleted.isEmpty()) LOG.atInfo().addKeyValue("event", "launch-templates-deleted").addKeyValue("names", deleted).log("deleted unused launch templates");
        return deleted;
    }

    /** Deletes every launch template of the cluster made for {@code nodeClass} (the node class is going); returns their names. */
    public List<String> deleteFor(String nodeClass) {
        List<String> deleted = new ArrayList<>();
        for (LaunchTemplate t : ec2.describeLaunchTemplates(List.of(SdkEc2.filter("tag:" + LaunchTags.clusterTag(cluster), "owned"),
                SdkEc2.filter("tag:" + WellKnownLabels.EC2NODECLASS, nodeClass)))) {
            exists.compute(t.launchTemplateName(), (n, known) -> {
                if (ec2.deleteLaunchTemplate(n)) deleted.add(n);
                used.remove(n);
                return null;
            });
        }
        if (!deleted.isEmpty()) {
            LOG.atInfo().addKeyValue("event", "launch-templates-deleted").addKeyValue("nodeClass", nodeClass).addKeyValue("names", deleted)
                    .log("deleted the launch templates of EC2NodeClass {}", nodeClass);
        }
        return deleted;
    }

    private CreateLaunchTemplateRequest request(String name, TemplateSpec spec) {
        LaunchSettings s = spec.settings();
        List<Tag> tags = spec.tags().entrySet().stream().map(e -> Tag.builder().key(e.getKey()).value(e.getValue()).build()).toList();
        return CreateLaunchTemplateRequest.builder().launchTemplateName(name)
                .tagSpecifications(TagSpecification.builder().resourceType(ResourceType.LAUNCH_TEMPLATE).tags(tags).build())
                .launchTemplateData(d -> {
                    d.imageId(spec.imageId())
                            .userData(Base64.getEncoder().encodeToString(spec.userData().getBytes(StandardCharsets.UTF_8)))
                            .iamInstanceProfile(p -> p.name(spec.instanceProfile()))
                            .metadataOptions(m -> m.httpEndpoint(s.metadata().httpEndpoint()).httpProtocolIpv6(s.metadata().httpProtocolIpv6())
                                    .httpPutResponseHopLimit(s.metadata().httpPutResponseHopLimit()).httpTokens(s.metadata().httpTokens())
                                    .instanceMetadataTags(LaunchTemplateInstanceMetadataTagsState.DISABLED))
                            .blockDeviceMappings(blockDevices(spec.family(), s))
                            .monitoring(m -> m.enabled(s.detailedMonitoring()))
                            // an instant CreateFleet cannot tag these itself
                            .tagSpecifications(LaunchTemplateTagSpecificationRequest.builder().resourceType(ResourceType.NETWORK_INTERFACE).tags(tags).build(),
                                    LaunchTemplateTagSpecificationRequest.builder().resourceType(ResourceType.SPOT_INSTANCES_REQUEST).tags(tags).build());
                    if (s.associatePublicIp() != null) {
                        d.networkInterfaces(n -> n.deviceIndex(0).associatePublicIpAddress(s.associatePublicIp()).groups(spec.securityGroupIds()));
                    } else {
                        d.securityGroupIds(spec.securityGroupIds());
                    }
                }).build();
    }

    /**
     * The node class's block devices, or the AMI family's default root volume (gp3, encrypted) as
     * Karpenter's; none for {@code Custom}, whose AMI's own mappings are used.
     */
    static List<LaunchTemplateBlockDeviceMappingRequest> blockDevices(AmiFamily family, LaunchSettings s) {
        List<LaunchSettings.BlockDevice> devices = s.blockDevices();
        if (devices.isEmpty() && family == AmiFamily.CUSTOM) return List.of();
        if (devices.isEmpty()) {
            long gib = 1024L * 1024 * 1024;
            devices = family == AmiFamily.BOTTLEROCKET
                    ? List.of(device("/dev/xvda", 4 * gib), device("/dev/xvdb", 20 * gib))
                    : List.of(device(family.ephemeralDevice(), family.defaultEphemeralBytes()));
        }
        List<LaunchTemplateBlockDeviceMappingRequest> out = new ArrayList<>();
        for (LaunchSettings.BlockDevice b : devices) {
            LaunchTemplateEbsBlockDeviceRequest.Builder ebs = LaunchTemplateEbsBlockDeviceRequest.builder()
                    .volumeSize(b.volumeSizeBytes() == 0 ? null : (int) Math.ceil(b.volumeSizeBytes() / (1024.0 * 1024 * 1024)))
                    .volumeType(b.volumeType()).iops(b.iops()).throughput(b.throughput()).encrypted(b.encrypted()).kmsKeyId(b.kmsKeyId())
                    .snapshotId(b.snapshotId()).deleteOnTermination(b.deleteOnTermination());
            out.add(LaunchTemplateBlockDeviceMappingRequest.builder().deviceName(b.deviceName()).ebs(ebs.build()).build());
        }
        return out;
    }

    private static LaunchSettings.BlockDevice device(String name, long bytes) {
        return new LaunchSettings.BlockDevice(name, name.equals("/dev/xvda"), bytes, "gp3", null, null, true, null, null, true);
    }
}
