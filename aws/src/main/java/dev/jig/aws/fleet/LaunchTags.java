package dev.jig.aws.fleet;

import dev.jig.api.karpenter.TagKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tags Jig puts on what it launches, as Karpenter does: the node class's {@code spec.tags}, then
 * the ones it owns and a node class cannot override: {@code kubernetes.io/cluster/<name>: owned}
 * (how {@code list} finds its instances), {@code eks:eks-cluster-name}, {@code karpenter.sh/nodepool},
 * {@code karpenter.sh/nodeclaim}, {@code karpenter.k8s.aws/ec2nodeclass} and {@code Name}. Pure.
 */
public final class LaunchTags {

    public static final String NODECLAIM = TagKeys.NODECLAIM;
    public static final String EKS_CLUSTER_NAME = TagKeys.EKS_CLUSTER_NAME;

    private LaunchTags() {
    }

    /** The tag that marks what belongs to {@code cluster}. */
    public static String clusterTag(String cluster) {
        return TagKeys.KUBERNETES_CLUSTER_PREFIX + "/" + cluster;
    }

    /** Tags of an instance, its volumes and its network interfaces. */
    public static Map<String, String> instance(String cluster, String nodePool, String nodeClaim, String nodeClass, Map<String, String> nodeClassTags) {
        Map<String, String> tags = new LinkedHashMap<>(nodeClassTags);
        tags.putAll(owned(cluster, nodeClass));
        tags.put(WellKnownLabels.NODEPOOL, nodePool);
        tags.put(NODECLAIM, nodeClaim);
        tags.put("Name", nodeClaim);
        return tags;
    }

    /** Tags of a launch template. */
    public static Map<String, String> owned(String cluster, String nodeClass) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(clusterTag(cluster), "owned");
        tags.put(EKS_CLUSTER_NAME, cluster);
        tags.put(WellKnownLabels.EC2NODECLASS, nodeClass);
        return tags;
    }
}
