package dev.jig.controller.state;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A consistent view of the cluster at one moment, as the controller reconciles it: pods, nodes,
 * NodeClaims, NodePools, EC2NodeClasses (by name), DaemonSet pod templates, the tenancy view and the
 * PodDisruptionBudgets (which disruption reads). Produced by the Kubernetes adapter from its informer
 * caches, or by the in-memory cluster of {@code simulate}.
 */
public record ClusterSnapshot(List<Pod> pods, List<Node> nodes, List<NodeClaim> nodeClaims, List<NodePool> nodePools,
                              Map<String, NodeClass> nodeClasses, List<Pod> daemonSets, Optional<Tenancy> tenancy,
                              List<PodDisruptionBudget> pdbs) {

    public ClusterSnapshot {
        pods = List.copyOf(pods);
        nodes = List.copyOf(nodes);
        nodeClaims = List.copyOf(nodeClaims);
        nodePools = List.copyOf(nodePools);
        nodeClasses = Map.copyOf(nodeClasses);
        daemonSets = List.copyOf(daemonSets);
        pdbs = List.copyOf(pdbs);
    }

    /** A snapshot without PodDisruptionBudgets (adapters that do not watch them yet). */
    public ClusterSnapshot(List<Pod> pods, List<Node> nodes, List<NodeClaim> nodeClaims, List<NodePool> nodePools,
                           Map<String, NodeClass> nodeClasses, List<Pod> daemonSets, Optional<Tenancy> tenancy) {
        this(pods, nodes, nodeClaims, nodePools, nodeClasses, daemonSets, tenancy, List.of());
    }

    /**
     * Pods Karpenter would provision for (its IsProvisionable): not bound, not owned by a DaemonSet, and not
     * {@linkplain Pod#ignored() ignored} (scheduling gates, another scheduler). Pods nominated to a node by preemption
     * are excluded only from a snapshot seen through {@code Provisioner#withForeignIgnored}, which marks them ignored;
     * a raw snapshot counts them as pending.
     */
    public List<Pod> pendingPods() {
        return pods.stream().filter(ClusterSnapshot::provisionable).toList();
    }

    /** Whether Karpenter would provision for {@code p}: the test {@link #pendingPods()} applies. */
    public static boolean provisionable(Pod p) {
        return !p.isBound() && !p.daemonSet() && p.ignored() == null;
    }
}
