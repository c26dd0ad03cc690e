package dev.jig.aws.loopback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.ami.AmiAliases;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import dev.jig.controller.manifest.KarpenterManifests;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * EC2NodeClasses as the controller reads them, and small in-memory implementations of the two ports
 * another part of the provider serves through SSM and IAM.
 */
public final class TestNodeClasses {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TestNodeClasses() {
    }

    /** An EC2NodeClass object (JSON) with {@code spec} given as JSON. */
    public static JsonNode object(String name, String specJson) {
        try {
            return JSON.readTree("{\"apiVersion\":\"karpenter.k8s.aws/v1\",\"kind\":\"EC2NodeClass\",\"metadata\":{\"name\":\"" + name
                    + "\"},\"spec\":" + specJson + "}");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static NodeClass read(String name, String specJson) {
        return KarpenterManifests.nodeClass(object(name, specJson));
    }

    /** The demo cluster's default node class: discovery-tagged subnets and groups, al2023@latest, a role and a tag. */
    public static final String DEFAULT_SPEC = """
            {"role": "KarpenterNodeRole-demo",
             "amiSelectorTerms": [{"alias": "al2023@latest"}],
             "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
             "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
             "tags": {"team": "payments"},
             "kubelet": {"maxPods": 58},
             "blockDeviceMappings": [{"deviceName": "/dev/xvda", "rootVolume": true,
               "ebs": {"volumeSize": "40Gi", "volumeType": "gp3", "encrypted": true, "deleteOnTermination": true}}]}
            """;

    public static NodeClass defaultClass() {
        return read("default", DEFAULT_SPEC);
    }

    /** Aliases resolved from a table: alias@version → AMIs; anything else is unknown. */
    public static final class Aliases implements AmiAliases {
        public final Map<String, List<AliasAmi>> table = new ConcurrentHashMap<>(Map.of(
                "al2023@latest/1.31", List.of(new AliasAmi("ami-0amd64", "x86_64", "standard", "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/x86_64/standard/recommended/image_id"),
                        new AliasAmi("ami-0arm64", "arm64", "standard", "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/arm64/standard/recommended/image_id")),
                "bottlerocket@latest/1.31", List.of(new AliasAmi("ami-0amd64", "x86_64", "standard", "/aws/service/bottlerocket/aws-k8s-1.31/x86_64/latest/image_id"))));

        @Override
        public List<AliasAmi> resolve(String alias, String kubernetesVersion) {
            List<AliasAmi> amis = table.get(alias + "/" + kubernetesVersion);
            if (amis == null) throw new IllegalArgumentException("alias " + alias + ": no SSM parameter for Kubernetes " + kubernetesVersion);
            return amis;
        }
    }

    /** Instance profiles named after the node class; roles listed in {@code refused} are refused as IAM would. */
    public static final class Profiles implements InstanceProfiles {
        public final Map<String, String> created = new ConcurrentHashMap<>();
        public final java.util.Set<String> refused = ConcurrentHashMap.newKeySet();

        @Override
        public String ensure(String nodeClass, String role) {
            if (refused.contains(role)) throw new IllegalStateException("AccessDenied: iam:CreateInstanceProfile on role " + role);
            return created.computeIfAbsent(nodeClass, n -> "demo_" + n + "_profile");
        }

        @Override
        public void delete(String nodeClass) {
            created.remove(nodeClass);
        }
    }
}
