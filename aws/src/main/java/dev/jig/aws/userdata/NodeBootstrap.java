package dev.jig.aws.userdata;

import dev.jig.api.ec2.Kubelet;
import dev.jig.api.karpenter.Taint;
import java.util.List;
import java.util.Map;

/**
 * Everything the user data of one launch template says: the cluster to join, the kubelet settings
 * ({@code maxPods} as the instance types of the template are sized), the node's labels and taints
 * (startup taints included), and the node class's own user data to merge, or null.
 */
public record NodeBootstrap(ClusterInfo cluster, Kubelet kubelet, long maxPods, Map<String, String> labels, List<Taint> taints,
                            String customUserData) {

    public NodeBootstrap {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
    }
}
