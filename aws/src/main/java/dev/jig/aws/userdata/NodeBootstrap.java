package dev.jig.aws.userdata;

import dev.jig.api.ec2.Kubelet;
import dev.jig.api.karpenter.Taint;
import java.util.List;
import java.util.Map;

/**
 * Everything the user data of one launch template says: the cluster to join, the kubelet settings
 * ({@code maxPods} as the instance types of the template are sized), the node's labels and taints
 * (startup taints included), the node class's own user data to merge, or null, and whether the instance
 * store is to be one RAID0 array holding the node's ephemeral storage ({@code instanceStorePolicy: RAID0}),
 * as node sizing then counts it.
 */
public record NodeBootstrap(ClusterInfo cluster, Kubelet kubelet, long maxPods, Map<String, String> labels, List<Taint> taints,
                            String customUserData, boolean raid0) {

    public NodeBootstrap {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
    }

    /** Without an instance store policy. */
    public NodeBootstrap(ClusterInfo cluster, Kubelet kubelet, long maxPods, Map<String, String> labels, List<Taint> taints,
                         String customUserData) {
        this(cluster, kubelet, maxPods, labels, taints, customUserData, false);
    }
}
