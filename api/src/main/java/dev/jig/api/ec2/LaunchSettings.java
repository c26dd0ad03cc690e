package dev.jig.api.ec2;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.Quantity;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an EC2NodeClass says about launching an instance, beyond sizing and selectors: the IAM role or
 * instance profile, the tags, the user data to merge, the instance metadata options and the block
 * device mappings. Only a cloud provider reads it; the controller core carries it inside
 * {@link NodeClass} so that the provider sees the same object the scheduler planned with.
 *
 * @param role               {@code spec.role}: an IAM role Jig makes an instance profile for; null when unset
 * @param instanceProfile    {@code spec.instanceProfile}: used as it is; null when unset
 * @param tags               {@code spec.tags}, added to instances, volumes, network interfaces and launch templates
 * @param userData           {@code spec.userData}, merged into the user data Jig writes; null when unset
 * @param metadata           {@code spec.metadataOptions}, with Karpenter's defaults (IMDSv2 required, hop limit 1)
 * @param blockDevices       {@code spec.blockDeviceMappings}; empty for the AMI family's default root volume
 * @param associatePublicIp  {@code spec.associatePublicIPAddress}; null to follow the subnet
 * @param detailedMonitoring {@code spec.detailedMonitoring}
 */
public record LaunchSettings(String role, String instanceProfile, Map<String, String> tags, String userData, Metadata metadata,
                             List<BlockDevice> blockDevices, Boolean associatePublicIp, boolean detailedMonitoring) {

    /** Karpenter's defaults: an empty spec. */
    public static final LaunchSettings NONE = new LaunchSettings(null, null, Map.of(), null, Metadata.DEFAULT, List.of(), null, false);

    public LaunchSettings {
        tags = Map.copyOf(tags);
        blockDevices = List.copyOf(blockDevices);
    }

    /** {@code spec.metadataOptions}. */
    public record Metadata(String httpEndpoint, String httpProtocolIpv6, int httpPutResponseHopLimit, String httpTokens) {
        public static final Metadata DEFAULT = new Metadata("enabled", "disabled", 1, "required");
    }

    /** One of {@code spec.blockDeviceMappings}; sizes in bytes, 0 and null where unset. */
    public record BlockDevice(String deviceName, boolean rootVolume, long volumeSizeBytes, String volumeType, Integer iops,
                              Integer throughput, Boolean encrypted, String kmsKeyId, String snapshotId, Boolean deleteOnTermination) {
    }

    /** Reads an EC2NodeClass {@code spec}; fields it does not set keep Karpenter's defaults. */
    public static LaunchSettings read(JsonNode spec) {
        Map<String, String> tags = new LinkedHashMap<>();
        JsonNode t = spec.path("tags");
        t.properties().forEach(e -> {
            if (e.getValue().isTextual()) tags.put(e.getKey(), e.getValue().textValue());
        });
        JsonNode m = spec.path("metadataOptions");
        Metadata metadata = new Metadata(text(m, "httpEndpoint", "enabled"), text(m, "httpProtocolIPv6", "disabled"),
                m.path("httpPutResponseHopLimit").asInt(1), text(m, "httpTokens", "required"));
        List<BlockDevice> devices = new ArrayList<>();
        for (JsonNode b : spec.path("blockDeviceMappings")) {
            JsonNode ebs = b.path("ebs");
            String size = text(ebs, "volumeSize", null);
            devices.add(new BlockDevice(text(b, "deviceName", null), b.path("rootVolume").asBoolean(false),
                    size == null ? 0 : Quantity.parse(size).amount().setScale(0, RoundingMode.CEILING).longValueExact(),
                    text(ebs, "volumeType", null), ebs.hasNonNull("iops") ? ebs.get("iops").asInt() : null,
                    ebs.hasNonNull("throughput") ? ebs.get("throughput").asInt() : null,
                    ebs.hasNonNull("encrypted") ? ebs.get("encrypted").asBoolean() : null, text(ebs, "kmsKeyID", null),
                    text(ebs, "snapshotID", null), ebs.hasNonNull("deleteOnTermination") ? ebs.get("deleteOnTermination").asBoolean() : null));
        }
        return new LaunchSettings(text(spec, "role", null), text(spec, "instanceProfile", null), tags, text(spec, "userData", null),
                metadata, devices, spec.hasNonNull("associatePublicIPAddress") ? spec.get("associatePublicIPAddress").asBoolean() : null,
                spec.path("detailedMonitoring").asBoolean(false));
    }

    private static String text(JsonNode n, String field, String fallback) {
        JsonNode v = n.get(field);
        return v != null && v.isValueNode() && !v.isNull() ? v.asText() : fallback;
    }
}
