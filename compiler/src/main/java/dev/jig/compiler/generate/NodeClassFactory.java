package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.json.CanonicalJson;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.TagKeys;
import dev.jig.compiler.policy.Platform;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds karpenter.k8s.aws/v1 EC2NodeClass objects: the platform's discovery tags and node role,
 * the chosen AMI alias, cost tags, kubelet settings, an encrypted root volume and IMDSv2 required.
 */
final class NodeClassFactory {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Spec(String name, String tenant, String tenancyKey, String costCenter, String amiAlias,
                Map<String, Object> kubelet) {
    }

    private NodeClassFactory() {
    }

    static ObjectNode build(Platform platform, Spec s) {
        ObjectNode root = Manifests.tenantObject(ApiGroups.KARPENTER_AWS_V1, "EC2NodeClass", s.name(), s.tenancyKey(), s.tenant());

        ObjectNode spec = root.putObject("spec");
        spec.put("role", platform.nodeRole());
        spec.putArray("amiSelectorTerms").addObject().put("alias", s.amiAlias());
        tags(spec.putArray("subnetSelectorTerms").addObject().putObject("tags"), platform.subnetTags());
        tags(spec.putArray("securityGroupSelectorTerms").addObject().putObject("tags"), platform.securityGroupTags());

        Map<String, String> tags = new TreeMap<>();
        tags.put(s.tenancyKey(), s.tenant());
        tags.put(TagKeys.COST_CENTER, s.costCenter());
        tags.put(TagKeys.CLUSTER, platform.cluster().name());
        tags(spec.putObject("tags"), tags);

        if (!s.kubelet().isEmpty()) spec.set("kubelet", CanonicalJson.sorted(MAPPER.valueToTree(s.kubelet())));
        spec.set("blockDeviceMappings", blockDevices(s.amiAlias(), platform.defaults().rootVolume()));

        ObjectNode md = spec.putObject("metadataOptions");
        md.put("httpEndpoint", "enabled");
        md.put("httpProtocolIPv6", "disabled");
        md.put("httpPutResponseHopLimit", 1);
        md.put("httpTokens", "required");
        return root;
    }

    /**
     * The root volume, encrypted. Bottlerocket keeps its OS on a small /dev/xvda and containers on
     * /dev/xvdb, which is the volume that counts as root for pods; the other families boot from
     * /dev/xvda.
     */
    private static ArrayNode blockDevices(String alias, Platform.RootVolume rv) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        String family = alias.substring(0, alias.indexOf('@'));
        if (family.equals("bottlerocket")) {
            ObjectNode os = out.addObject();
            os.put("deviceName", "/dev/xvda");
            ObjectNode ebs = os.putObject("ebs");
            ebs.put("volumeSize", "4Gi");
            ebs.put("volumeType", "gp3");
            ebs.put("encrypted", true);
            ebs.put("deleteOnTermination", true);
            if (rv.kmsKeyID() != null) ebs.put("kmsKeyID", rv.kmsKeyID());
        }
        ObjectNode root = out.addObject();
        root.put("deviceName", family.equals("bottlerocket") ? "/dev/xvdb" : "/dev/xvda");
        root.put("rootVolume", true);
        ObjectNode ebs = root.putObject("ebs");
        ebs.put("volumeSize", rv.size());
        ebs.put("volumeType", rv.type());
        if (rv.iops() != null) ebs.put("iops", rv.iops());
        if (rv.throughput() != null) ebs.put("throughput", rv.throughput());
        ebs.put("encrypted", true);
        if (rv.kmsKeyID() != null) ebs.put("kmsKeyID", rv.kmsKeyID());
        ebs.put("deleteOnTermination", true);
        return out;
    }

    private static void tags(ObjectNode target, Map<String, String> tags) {
        new TreeMap<>(tags).forEach(target::put);
    }
}
