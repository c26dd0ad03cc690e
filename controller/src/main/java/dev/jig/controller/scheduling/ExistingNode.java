package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Map;

/**
 * A node the cluster already has or is about to have: a registered Node, or a launched NodeClaim
 * whose Node has not registered yet. Its capacity counts against limits and quotas; its bound
 * pods count in topology; when {@code schedulable} pods may be placed on what is left of it.
 *
 * @param pool        the NodePool it belongs to, or null for a node Karpenter does not manage
 * @param taints      the taints pods must tolerate (startup and known ephemeral taints already left out)
 * @param capacity    capacity as limits count it
 * @param pods        pods bound to it (DaemonSet pods included)
 * @param schedulable false for nodes being deleted and NodeClaims not launched yet
 */
public record ExistingNode(String name, String pool, Map<String, String> labels, List<Taint> taints,
                           ResourceList allocatable, ResourceList capacity, List<Pod> pods, boolean initialized,
                           boolean schedulable) {

    public ExistingNode {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
        pods = List.copyOf(pods);
    }
}
