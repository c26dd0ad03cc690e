package dev.jig.controller.model;

/**
 * Upper bounds on the capacity of all nodes of a NodePool (Karpenter's {@code spec.limits}) or of a
 * tenant (its quota). {@link #UNLIMITED} in a dimension means no bound. Capacity counts as Karpenter
 * counts it: vCPUs, memory after VM overhead, {@code nvidia.com/gpu}, and nodes.
 */
public record Limits(long cpuMillis, long memoryBytes, long gpus, long nodes) {

    public static final long UNLIMITED = Long.MAX_VALUE;
    public static final Limits NONE = new Limits(UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED);
}
