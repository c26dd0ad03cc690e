package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * {@code spec.tags} of an EC2NodeClass, put on instances and launch templates: no empty key, and
 * none of the tags EKS and Karpenter set themselves. The {@code kubernetes.io/cluster} check is a
 * prefix match without the trailing '/', as in the CRD.
 */
final class ResourceTagRules {

    private ResourceTagRules() {
    }

    static void check(ObjectNode tags, Pointer at, Checks checks) {
        if (tags == null) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : tags.properties()) {
            if (!Checks.present(e.getValue())) {
                continue;
            }
            String key = e.getKey();
            Pointer tagAt = at.child(key);
            if (key.isEmpty()) {
                checks.cel(tagAt, CelRule.TAG_KEY_NOT_EMPTY);
            }
            if (key.equals("eks:eks-cluster-name")) {
                checks.cel(tagAt, CelRule.TAG_EKS_CLUSTER_NAME);
            }
            if (key.startsWith("kubernetes.io/cluster")) {
                checks.cel(tagAt, CelRule.TAG_KUBERNETES_CLUSTER);
            }
            if (key.equals("karpenter.sh/nodepool")) {
                checks.cel(tagAt, CelRule.TAG_NODEPOOL);
            }
            if (key.equals("karpenter.sh/nodeclaim")) {
                checks.cel(tagAt, CelRule.TAG_NODECLAIM);
            }
            if (key.equals("karpenter.k8s.aws/ec2nodeclass")) {
                checks.cel(tagAt, CelRule.TAG_EC2NODECLASS);
            }
        }
    }
}
