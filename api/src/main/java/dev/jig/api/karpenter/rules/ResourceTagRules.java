package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.TagKeys;
import dev.jig.api.karpenter.WellKnownLabels;
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
            if (key.equals(TagKeys.EKS_CLUSTER_NAME)) {
                checks.cel(tagAt, CelRule.TAG_EKS_CLUSTER_NAME);
            }
            if (key.startsWith(TagKeys.KUBERNETES_CLUSTER_PREFIX)) {
                checks.cel(tagAt, CelRule.TAG_KUBERNETES_CLUSTER);
            }
            if (key.equals(WellKnownLabels.NODEPOOL)) {
                checks.cel(tagAt, CelRule.TAG_NODEPOOL);
            }
            if (key.equals(TagKeys.NODECLAIM)) {
                checks.cel(tagAt, CelRule.TAG_NODECLAIM);
            }
            if (key.equals(WellKnownLabels.EC2NODECLASS)) {
                checks.cel(tagAt, CelRule.TAG_EC2NODECLASS);
            }
        }
    }
}
