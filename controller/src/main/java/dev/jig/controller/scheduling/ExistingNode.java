package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Pod;

import java.util.ArrayList;
import java.util.Comparator;
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
 *
 * <p>A value class rather than a record so that it can keep what {@link #free} computed: disruption simulates
 * scheduling once per candidate over the same nodes, and summing every node's pods again each time was most of a
 * pass at 2,000 nodes.
 */
public final class ExistingNode {

    /**
     * The order the {@link Scheduler} visits nodes in: initialized nodes first, then by name. An input that is already
     * in it costs the scheduler's sort one comparison a node (disruption's simulations share one sorted node list).
     */
    public static final Comparator<ExistingNode> SCHEDULING_ORDER =
            Comparator.comparing((ExistingNode n) -> !n.initialized()).thenComparing(ExistingNode::name);

    private final String name;
    private final String pool;
    private final Map<String, String> labels;
    private final List<Taint> taints;
    private final ResourceList allocatable;
    private final ResourceList capacity;
    private final List<Pod> pods;
    /** Its pods with required anti-affinity: the only bound pods a simulation records up front (most nodes have none). */
    private final List<Pod> antiAffine;
    private final String zone;
    private final boolean initialized;
    private final boolean schedulable;
    /** The last {@link #free} answer and the DaemonSet list it was for (compared by identity: inputs share one list). */
    private volatile Free free;

    private record Free(List<Pod> daemonSets, ResourceList room) {
    }

    public ExistingNode(String name, String pool, Map<String, String> labels, List<Taint> taints, ResourceList allocatable, ResourceList capacity,
                        List<Pod> pods, boolean initialized, boolean schedulable) {
        this.name = name;
        this.pool = pool;
        this.labels = Map.copyOf(labels);
        this.taints = List.copyOf(taints);
        this.allocatable = allocatable;
        this.capacity = capacity;
        this.pods = List.copyOf(pods);
        this.antiAffine = antiAffine(this.pods);
        this.zone = this.labels.get(WellKnownLabels.ZONE);
        this.initialized = initialized;
        this.schedulable = schedulable;
    }

    public String name() {
        return name;
    }

    public String pool() {
        return pool;
    }

    public Map<String, String> labels() {
        return labels;
    }

    public List<Taint> taints() {
        return taints;
    }

    public ResourceList allocatable() {
        return allocatable;
    }

    public ResourceList capacity() {
        return capacity;
    }

    public List<Pod> pods() {
        return pods;
    }

    private static List<Pod> antiAffine(List<Pod> pods) {
        List<Pod> out = null;
        for (Pod p : pods) {
            if (p.antiAffinity().isEmpty()) continue;
            if (out == null) out = new ArrayList<>();
            out.add(p);
        }
        return out == null ? List.of() : List.copyOf(out);
    }

    /** Its pods with required anti-affinity. */
    public List<Pod> antiAffinePods() {
        return antiAffine;
    }

    /** Its {@code topology.kubernetes.io/zone} label, or null. */
    public String zone() {
        return zone;
    }

    public boolean initialized() {
        return initialized;
    }

    public boolean schedulable() {
        return schedulable;
    }

    /**
     * What is left of the allocatable resources once its pods are counted; until a DaemonSet pod is
     * bound, the DaemonSets that will run here are counted instead. Kept for the last DaemonSet list asked about.
     */
    public ResourceList free(List<Pod> daemonSets) {
        Free known = free;
        if (known != null && known.daemonSets() == daemonSets) return known.room();
        ResourceList room = allocatable;
        boolean daemonsBound = false;
        for (Pod p : pods) {
            room = room.minus(p.requests());
            daemonsBound |= p.daemonSet();
        }
        if (!daemonsBound) {
            for (Pod d : daemonSets) if (DaemonSets.runsOn(d, taints, labels)) room = room.minus(d.requests());
        }
        free = new Free(daemonSets, room);
        return room;
    }

    /** The same node with more pods on it. */
    public ExistingNode withPods(List<Pod> more) {
        List<Pod> all = new java.util.ArrayList<>(pods);
        all.addAll(more);
        return new ExistingNode(name, pool, labels, taints, allocatable, capacity, all, initialized, schedulable);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExistingNode n && initialized == n.initialized && schedulable == n.schedulable && name.equals(n.name)
                && java.util.Objects.equals(pool, n.pool) && labels.equals(n.labels) && taints.equals(n.taints)
                && allocatable.equals(n.allocatable) && capacity.equals(n.capacity) && pods.equals(n.pods);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(name, pool, labels, taints, allocatable, capacity, pods, initialized, schedulable);
    }

    @Override
    public String toString() {
        return "ExistingNode[name=" + name + ", pool=" + pool + ", pods=" + pods.size() + ", initialized=" + initialized + ", schedulable="
                + schedulable + "]";
    }
}
