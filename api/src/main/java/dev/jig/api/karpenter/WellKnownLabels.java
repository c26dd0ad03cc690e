package dev.jig.api.karpenter;

import java.util.List;

/**
 * The node label keys whose values follow from the instance type alone, spelled as Kubernetes and
 * Karpenter's AWS provider (v1) spell them. {@link dev.jig.api.ec2.InstanceType#label(String)} answers these keys.
 *
 * <p>Labels that depend on the offering rather than the type (zone, region, capacity type,
 * reservations) are not here, nor are AWS labels this catalog carries no figures for
 * (EBS bandwidth, CPU clock speed, in-transit encryption, Nitro enclaves, accelerators).
 */
public final class WellKnownLabels {

    /** Offering labels: where and how a node is bought, not what the instance type is. */
    public static final String CAPACITY_TYPE = "karpenter.sh/capacity-type";
    public static final String ZONE = "topology.kubernetes.io/zone";
    public static final String NODEPOOL = "karpenter.sh/nodepool";
    /** The extended resource name of NVIDIA GPUs, as pool limits and quotas count them. */
    public static final String GPU_RESOURCE = "nvidia.com/gpu";

    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    public static final String ARCH = "kubernetes.io/arch";
    public static final String OS = "kubernetes.io/os";

    private static final String AWS = "karpenter.k8s.aws/";
    public static final String INSTANCE_CATEGORY = AWS + "instance-category";
    public static final String INSTANCE_FAMILY = AWS + "instance-family";
    public static final String INSTANCE_GENERATION = AWS + "instance-generation";
    public static final String INSTANCE_SIZE = AWS + "instance-size";
    public static final String INSTANCE_CPU = AWS + "instance-cpu";
    public static final String INSTANCE_CPU_MANUFACTURER = AWS + "instance-cpu-manufacturer";
    /** Memory in MiB, as EC2 reports it (before any overhead). */
    public static final String INSTANCE_MEMORY = AWS + "instance-memory";
    public static final String INSTANCE_HYPERVISOR = AWS + "instance-hypervisor";
    /** Baseline network bandwidth in megabits per second. */
    public static final String INSTANCE_NETWORK_BANDWIDTH = AWS + "instance-network-bandwidth";
    /** Total local NVMe instance storage in GB; absent on types without local NVMe. */
    public static final String INSTANCE_LOCAL_NVME = AWS + "instance-local-nvme";
    /** {@code "true"} for the {@code -flex} families (c7i-flex, m7i-flex), else {@code "false"}. */
    public static final String INSTANCE_CAPABILITY_FLEX = AWS + "instance-capability-flex";
    /** Lower-case, spaces as dashes: {@code a10g}, {@code l4}, {@code rtx-pro-server-6000}. */
    public static final String INSTANCE_GPU_NAME = AWS + "instance-gpu-name";
    public static final String INSTANCE_GPU_COUNT = AWS + "instance-gpu-count";
    public static final String INSTANCE_GPU_MANUFACTURER = AWS + "instance-gpu-manufacturer";
    /** Memory of one GPU in MiB. */
    public static final String INSTANCE_GPU_MEMORY = AWS + "instance-gpu-memory";

    /** Every key above, in a stable order (the order of {@link dev.jig.api.ec2.InstanceType#labels()}). */
    public static final List<String> ALL = List.of(
            INSTANCE_TYPE, ARCH, OS,
            INSTANCE_CATEGORY, INSTANCE_FAMILY, INSTANCE_GENERATION, INSTANCE_SIZE,
            INSTANCE_CPU, INSTANCE_CPU_MANUFACTURER, INSTANCE_MEMORY,
            INSTANCE_HYPERVISOR, INSTANCE_NETWORK_BANDWIDTH, INSTANCE_LOCAL_NVME, INSTANCE_CAPABILITY_FLEX,
            INSTANCE_GPU_NAME, INSTANCE_GPU_COUNT, INSTANCE_GPU_MANUFACTURER, INSTANCE_GPU_MEMORY);

    private WellKnownLabels() {
    }

    /** Keys that describe the offering (capacity type, zone); they never filter instance types. */
    public static boolean isOfferingKey(String key) {
        return key.equals(CAPACITY_TYPE) || key.equals(ZONE);
    }
}
