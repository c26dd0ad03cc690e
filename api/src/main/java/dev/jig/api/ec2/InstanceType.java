package dev.jig.api.ec2;

import dev.jig.api.karpenter.WellKnownLabels;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One EC2 instance type with the figures Jig needs to choose, label and size nodes the way Karpenter
 * does: what a pool's requirements can launch, how much of a node is left for pods, what it costs.
 * Immutable; the values are EC2's own (from DescribeInstanceTypes and the AWS price list), not
 * estimates.
 *
 * @param name                 the instance type, e.g. {@code c5.large}, {@code p6-b200.48xlarge}
 * @param family               the part before the dot: {@code c5}, {@code c7i-flex}, {@code p6-b200}
 * @param category             the letters before the generation: {@code c}, {@code m}, {@code g}
 * @param generation           the generation number: 5 for {@code c5}
 * @param size                 the part after the dot: {@code large}, {@code 48xlarge}, {@code metal}
 * @param vcpu                 default vCPUs
 * @param memoryMib            memory in MiB as EC2 reports it
 * @param architecture         {@code amd64} or {@code arm64} (Kubernetes names, not EC2's {@code x86_64})
 * @param cpuManufacturer      {@code intel}, {@code amd} or {@code aws}
 * @param gpu                  the GPU, empty for types without one
 * @param localNvmeGb          total local NVMe instance storage in GB, 0 when the type has none
 * @param networkBandwidthMbps baseline network bandwidth in megabits per second
 * @param hypervisor           {@code nitro}, or the empty string for bare metal (EC2 reports none)
 * @param bareMetal            whether the type is a bare metal host
 * @param maxInterfaces        network interfaces (ENIs) on the default network card
 * @param ipv4PerInterface     private IPv4 addresses per interface
 * @param maxPods              pods by the ENI formula: {@code maxInterfaces × (ipv4PerInterface − 1) + 2}
 * @param podEni               branch interfaces for security groups for pods ({@code vpc.amazonaws.com/pod-eni})
 * @param allocatableCpuMillis CPU left for pods on AL2023: vCPU × 1000 minus kube-reserved, as Karpenter computes it
 * @param allocatableMemoryMib memory left for pods on AL2023: memory (−64 MiB on arm64) minus the 7.5 % VM
 *                             overhead (rounded up), kube-reserved ({@code 11 × maxPods + 255}) and the
 *                             100 MiB eviction threshold
 * @param onDemandPrice        on-demand price in USD per hour in the catalog's region; empty when AWS publishes
 *                             no price (p5e.48xlarge in us-east-1). Chosen over a NaN so no caller can sum or
 *                             compare a missing price by accident.
 */
public record InstanceType(
        String name,
        String family,
        String category,
        int generation,
        String size,
        int vcpu,
        long memoryMib,
        String architecture,
        String cpuManufacturer,
        Optional<Gpu> gpu,
        int localNvmeGb,
        int networkBandwidthMbps,
        String hypervisor,
        boolean bareMetal,
        int maxInterfaces,
        int ipv4PerInterface,
        int maxPods,
        int podEni,
        int allocatableCpuMillis,
        long allocatableMemoryMib,
        OptionalDouble onDemandPrice) {

    /**
     * The GPUs of an instance type, all of one model.
     *
     * @param name         lower-case model name as Karpenter labels it: {@code a10g}, {@code l4}, {@code h100}
     * @param manufacturer lower-case: {@code nvidia}
     * @param count        GPUs per instance; 0 for fractional-GPU types (g6f), which still carry a GPU model
     *                     and label it, as EC2 and Karpenter do
     * @param memoryMib    memory of one GPU (or of the fraction, for g6f) in MiB
     */
    public record Gpu(String name, String manufacturer, int count, long memoryMib) {
        public Gpu {
            requireToken(name, "gpu name");
            requireToken(manufacturer, "gpu manufacturer");
            if (count < 0 || memoryMib < 0) {
                throw new IllegalArgumentException("gpu count and memory must not be negative");
            }
        }
    }

    public InstanceType {
        requireToken(name, "name");
        requireToken(family, "family");
        requireToken(category, "category");
        requireToken(size, "size");
        requireToken(architecture, "architecture");
        requireToken(cpuManufacturer, "cpu manufacturer");
        Objects.requireNonNull(gpu, "gpu");
        Objects.requireNonNull(hypervisor, "hypervisor");
        Objects.requireNonNull(onDemandPrice, "onDemandPrice");
        if (vcpu <= 0 || memoryMib <= 0) {
            throw new IllegalArgumentException("vcpu and memory must be positive");
        }
        if (onDemandPrice.isPresent()
                && (!Double.isFinite(onDemandPrice.getAsDouble()) || onDemandPrice.getAsDouble() < 0)) {
            throw new IllegalArgumentException("price must be a finite, non-negative number");
        }
    }

    /** GPUs per instance, 0 without a GPU (and for fractional-GPU types). */
    public int gpuCount() {
        return gpu.isPresent() ? gpu.get().count() : 0;
    }

    /**
     * The value Karpenter gives this well-known node label on nodes of this type, or {@code null} when
     * such nodes carry no such label (a GPU label on a type without GPU, local NVMe on a type without
     * it, the hypervisor of a bare metal type) or when the key is not one of {@link WellKnownLabels#ALL}.
     * {@code kubernetes.io/os} is {@code linux}: the value for every Linux AMI family. A deprecated alias
     * ({@link WellKnownLabels#ALIASES}) is answered as its current key.
     */
    public String label(String key) {
        switch (WellKnownLabels.normalize(key)) {
            case WellKnownLabels.INSTANCE_TYPE: return name;
            case WellKnownLabels.ARCH: return architecture;
            case WellKnownLabels.OS: return "linux";
            case WellKnownLabels.INSTANCE_CATEGORY: return category;
            case WellKnownLabels.INSTANCE_FAMILY: return family;
            case WellKnownLabels.INSTANCE_GENERATION: return Integer.toString(generation);
            case WellKnownLabels.INSTANCE_SIZE: return size;
            case WellKnownLabels.INSTANCE_CPU: return Integer.toString(vcpu);
            case WellKnownLabels.INSTANCE_CPU_MANUFACTURER: return cpuManufacturer;
            case WellKnownLabels.INSTANCE_MEMORY: return Long.toString(memoryMib);
            case WellKnownLabels.INSTANCE_HYPERVISOR: return hypervisor.isEmpty() ? null : hypervisor;
            case WellKnownLabels.INSTANCE_NETWORK_BANDWIDTH:
                return networkBandwidthMbps > 0 ? Integer.toString(networkBandwidthMbps) : null;
            case WellKnownLabels.INSTANCE_LOCAL_NVME: return localNvmeGb > 0 ? Integer.toString(localNvmeGb) : null;
            case WellKnownLabels.INSTANCE_CAPABILITY_FLEX: return family.contains("-flex") ? "true" : "false";
            case WellKnownLabels.INSTANCE_GPU_NAME: return gpu.isPresent() ? gpu.get().name() : null;
            case WellKnownLabels.INSTANCE_GPU_COUNT:
                return gpu.isPresent() ? Integer.toString(gpu.get().count()) : null;
            case WellKnownLabels.INSTANCE_GPU_MANUFACTURER: return gpu.isPresent() ? gpu.get().manufacturer() : null;
            case WellKnownLabels.INSTANCE_GPU_MEMORY:
                return gpu.isPresent() ? Long.toString(gpu.get().memoryMib()) : null;
            default: return null;
        }
    }

    /** Every label of {@link #label(String)} that this type has, in the order of {@link WellKnownLabels#ALL}. */
    public Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String key : WellKnownLabels.ALL) {
            String value = label(key);
            if (value != null) {
                labels.put(key, value);
            }
        }
        return Collections.unmodifiableMap(labels);
    }

    private static void requireToken(String value, String what) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(what + " must not be empty");
        }
    }
}
