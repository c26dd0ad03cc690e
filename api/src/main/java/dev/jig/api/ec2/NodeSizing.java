package dev.jig.api.ec2;

import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.ResourceList;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * How Karpenter's AWS provider (v1.14, {@code pkg/providers/instancetype/types.go}) sizes a node of
 * an instance type under a node class: capacity, then overhead (kube-reserved, system-reserved,
 * eviction threshold), and allocatable = capacity − overhead. The formulas are the provider's:
 * <ul>
 *   <li>memory capacity: EC2 memory (−64 MiB CMA on arm64) minus the 7.5 % VM overhead, rounded up to MiB;</li>
 *   <li>max pods: {@code maxPods}, else the ENI formula {@code ENIs × (IPv4 per ENI − 1) + 2} (110 where the
 *       family has no ENI-limited density), capped by {@code podsPerCore × vCPU} where the family allows;</li>
 *   <li>kube-reserved: cpu 6 % of the first core, 1 % of the second, 0.5 % of cores 3–4, 0.25 % of the rest;
 *       memory {@code 11 × pods + 255} MiB; 1Gi ephemeral storage;</li>
 *   <li>eviction: 100Mi memory and 10 % of ephemeral storage, unless {@code evictionHard} says otherwise.</li>
 * </ul>
 */
public final class NodeSizing {

    /** Karpenter's {@code --vm-memory-overhead-percent} default. */
    public static final double VM_MEMORY_OVERHEAD = 0.075;

    private NodeSizing() {
    }

    /** Capacity, overhead and allocatable of one node. */
    public record Sizing(ResourceList capacity, ResourceList kubeReserved, ResourceList systemReserved,
                         ResourceList eviction, ResourceList allocatable) {
    }

    public static Sizing of(InstanceType type, NodeClass nodeClass) {
        AmiFamily family = nodeClass.amiFamily();
        Kubelet kubelet = nodeClass.kubelet();
        long memory = memoryCapacityBytes(type);
        long storage = ephemeralBytes(type, nodeClass);
        long pods = pods(type, family, kubelet);
        ResourceList capacity = new ResourceList(type.vcpu() * 1000L, memory, storage, nvidiaGpus(type), pods);
        long overheadPods = family.eniLimitedMemoryOverhead() ? eniLimitedPods(type) : pods;
        ResourceList kube = override(new ResourceList(kubeReservedCpuMillis(type.vcpu() * 1000L),
                (11 * overheadPods + 255) * ResourceList.MIB, ResourceList.GIB, 0, 0), kubelet.kubeReserved());
        ResourceList system = override(ResourceList.ZERO, kubelet.systemReserved());
        ResourceList eviction = eviction(memory, storage, kubelet.evictionHard());
        ResourceList overhead = kube.plus(system).plus(eviction);
        ResourceList alloc = capacity.minus(new ResourceList(overhead.cpuMillis(), overhead.memoryBytes(), overhead.ephemeralBytes(), 0, 0));
        alloc = new ResourceList(Math.max(0, alloc.cpuMillis()), Math.max(0, alloc.memoryBytes()),
                Math.max(0, alloc.ephemeralBytes()), alloc.gpus(), alloc.pods());
        return new Sizing(capacity, kube, system, eviction, alloc);
    }

    /** EC2 memory less the arm64 CMA reservation and the VM overhead, as the provider's {@code memory()} does. */
    public static long memoryCapacityBytes(InstanceType type) {
        long mib = type.memoryMib() - (type.architecture().equals("arm64") ? 64 : 0);
        long bytes = mib * ResourceList.MIB;
        // Same float64 expression as the provider, so rounding matches bit for bit.
        long overheadMib = (long) Math.ceil((double) bytes * VM_MEMORY_OVERHEAD / ResourceList.MIB);
        return bytes - overheadMib * ResourceList.MIB;
    }

    /** {@code ENIs × (IPv4 per ENI − 1) + 2} on the default network card, no ENIs reserved. */
    public static long eniLimitedPods(InstanceType type) {
        if (type.maxInterfaces() <= 0) return 0;
        return (long) type.maxInterfaces() * (type.ipv4PerInterface() - 1) + 2;
    }

    public static long pods(InstanceType type, AmiFamily family, Kubelet kubelet) {
        long count;
        if (kubelet.maxPods() > 0) count = kubelet.maxPods();
        else if (family.eniLimitedPodDensity()) count = eniLimitedPods(type);
        else count = 110;
        if (kubelet.podsPerCore() > 0 && family.podsPerCoreEnabled()) {
            count = Math.min(count, (long) kubelet.podsPerCore() * type.vcpu());
        }
        return count;
    }

    /** Kube-reserved cpu in millicores for a node of {@code cpuMillis}, truncating each band as the provider does. */
    public static long kubeReservedCpuMillis(long cpuMillis) {
        long[] starts = {0, 1000, 2000, 4000};
        long[] ends = {1000, 2000, 4000, 1L << 31};
        double[] percentages = {0.06, 0.01, 0.005, 0.0025};
        long total = 0;
        for (int i = 0; i < starts.length; i++) {
            if (cpuMillis >= starts[i]) {
                long r = cpuMillis < ends[i] ? cpuMillis - starts[i] : ends[i] - starts[i];
                total += (long) (r * percentages[i]);
            }
        }
        return total;
    }

    static long ephemeralBytes(InstanceType type, NodeClass nodeClass) {
        if (nodeClass.raid0() && type.localNvmeGb() > 0) return type.localNvmeGb() * 1_000_000_000L;
        if (nodeClass.ephemeralBytes() > 0) return nodeClass.ephemeralBytes();
        return nodeClass.amiFamily().defaultEphemeralBytes();
    }

    static long nvidiaGpus(InstanceType type) {
        return type.gpu().isPresent() && type.gpu().get().manufacturer().equals("nvidia") ? type.gpuCount() : 0;
    }

    private static ResourceList eviction(long memory, long storage, Map<String, String> evictionHard) {
        long mem = 100 * ResourceList.MIB;
        long eph = (long) Math.ceil((double) storage / 100 * 10);
        String m = evictionHard.get("memory.available");
        if (m != null) mem = signal(memory, m);
        String s = evictionHard.get("nodefs.available");
        if (s != null) eph = signal(storage, s);
        return new ResourceList(0, mem, eph, 0, 0);
    }

    private static long signal(long capacity, String value) {
        if (value.endsWith("%")) {
            double p = Double.parseDouble(value.substring(0, value.length() - 1));
            return (long) Math.ceil((double) capacity / 100 * p);
        }
        return Quantity.parse(value).amount().setScale(0, RoundingMode.CEILING).longValueExact();
    }

    private static ResourceList override(ResourceList base, Map<String, String> values) {
        long cpu = base.cpuMillis(), mem = base.memoryBytes(), eph = base.ephemeralBytes();
        for (Map.Entry<String, String> e : values.entrySet()) {
            BigDecimal amount = Quantity.parse(e.getValue()).amount();
            switch (e.getKey()) {
                case ResourceList.CPU -> cpu = amount.scaleByPowerOfTen(3).setScale(0, RoundingMode.CEILING).longValueExact();
                case ResourceList.MEMORY -> mem = amount.setScale(0, RoundingMode.CEILING).longValueExact();
                case ResourceList.EPHEMERAL_STORAGE -> eph = amount.setScale(0, RoundingMode.CEILING).longValueExact();
                default -> { }
            }
        }
        return new ResourceList(cpu, mem, eph, 0, 0);
    }
}
