package dev.jig.controller.model;

/**
 * Upper bounds on the capacity of all nodes of a NodePool (Karpenter's {@code spec.limits}) or of a
 * tenant (its quota). {@link #UNLIMITED} in a dimension means no bound. Capacity counts as Karpenter
 * counts it: vCPUs, memory after VM overhead, {@code nvidia.com/gpu}, and nodes.
 */
public record Limits(long cpuMillis, long memoryBytes, long gpus, long nodes) {

    public static final long UNLIMITED = Long.MAX_VALUE;
    public static final Limits NONE = new Limits(UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED);

    /** A tenant's quota as limits: CPU, memory and GPUs bounded, nodes not. */
    public static Limits ofQuota(dev.jig.api.karpenter.ResourceList quota) {
        return new Limits(quota.cpuMillis(), quota.memoryBytes(), quota.gpus(), UNLIMITED);
    }

    /** What of {@code nodes} nodes holding {@code held} exceeds these limits, in words, or null when nothing does. */
    public String exceededBy(dev.jig.api.karpenter.ResourceList held, long nodes) {
        if (cpuMillis != UNLIMITED && held.cpuMillis() > cpuMillis) return held.cpuMillis() + "m CPU over a limit of " + cpuMillis + "m";
        if (memoryBytes != UNLIMITED && held.memoryBytes() > memoryBytes) return held.memoryBytes() + " bytes of memory over a limit of " + memoryBytes;
        if (gpus != UNLIMITED && held.gpus() > gpus) return held.gpus() + " GPUs over a limit of " + gpus;
        if (this.nodes != UNLIMITED && nodes > this.nodes) return nodes + " nodes over a limit of " + this.nodes;
        return null;
    }
}
