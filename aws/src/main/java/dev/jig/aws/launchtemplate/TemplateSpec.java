package dev.jig.aws.launchtemplate;

import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.LaunchSettings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one launch template holds: the node class it is for, the AMI, the security groups, the
 * instance profile, the rendered user data, the node class's launch settings and the tags. Its
 * {@link #name} is a hash of all of it, so an equal spec reuses the template and any change makes a
 * new one (Karpenter names its templates the same way).
 */
public record TemplateSpec(String cluster, String nodeClass, AmiFamily family, String imageId, List<String> securityGroupIds,
                           String instanceProfile, String userData, LaunchSettings settings, Map<String, String> tags) {

    public TemplateSpec {
        securityGroupIds = List.copyOf(securityGroupIds);
        tags = Map.copyOf(tags);
    }

    /** {@code jig/<cluster>/<hash>}. */
    public String name() {
        String content = String.join("\n", nodeClass, family.name(), imageId, String.join(",", securityGroupIds), instanceProfile, userData,
                settings.toString(), new TreeMap<>(tags).toString());
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
            return "jig/" + cluster + "/" + HexFormat.of().formatHex(digest, 0, 10);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
