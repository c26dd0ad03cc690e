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

    /**
     * What is left of the allocatable resources once its pods are counted; until a DaemonSet pod is
     * bound, the DaemonSets that will run here are counted instead.
     */
    public ResourceList free(List<Pod> daemonSets) {
        ResourceList free = allocatable;
        boolean daemonsBound = false;
        for (Pod p : pods) {
            free = free.minus(p.requests());
            daemonsBound |= p.daemonSet();
        }
        if (!daemonsBound) {
            for (Pod d : daemonSets) if (DaemonSets.runsOn(d, taints, labels)) free = free.minus(d.requests());
        }
        return free;
    }

    /** The same node with more pods on it. */
    public ExistingNode withPods(List<Pod> more) {
        List<Pod> all = new java.util.ArrayList<>(pods);
        all.addAll(more);
        return new ExistingNode(name, pool, labels, taints, allocatable, capacity, all, initialized, schedulable);
    }
}
