package dev.jig.controller.state;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A consistent view of the cluster at one moment, as the controller reconciles it: pods, nodes,
 * NodeClaims, NodePools, EC2NodeClasses (by name), DaemonSet pod templates and the tenancy view.
 * Produced by the Kubernetes adapter from its informer caches, or by the in-memory cluster of
 * {@code simulate}.
 */
public record ClusterSnapshot(List<Pod> pods, List<Node> nodes, List<NodeClaim> nodeClaims, List<NodePool> nodePools,
                              Map<String, NodeClass> nodeClasses, List<Pod> daemonSets, Optional<Tenancy> tenancy) {

    public ClusterSnapshot {
        pods = List.copyOf(pods);
        nodes = List.copyOf(nodes);
        nodeClaims = List.copyOf(nodeClaims);
        nodePools = List.copyOf(nodePools);
        nodeClasses = Map.copyOf(nodeClasses);
        daemonSets = List.copyOf(daemonSets);
    }

    /**
     * Pods Karpenter would provision for (its IsProvisionable): not bound, not owned by a DaemonSet,
     * without scheduling gates, for the default scheduler, and not nominated to a node by preemption.
     */
    public List<Pod> pendingPods() {
        return pods.stream().filter(p -> !p.isBound() && !p.daemonSet() && p.ignored() == null).toList();
    }
}
