package dev.jig.api.karpenter;


import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The node resources the scheduler reasons about, as exact integers: cpu in millicores, memory and
 * ephemeral storage in bytes, whole {@code nvidia.com/gpu} devices and pod slots. Requests, node
 * capacity, overhead, allocatable and limits all use this one shape, so fitting is five integer
 * comparisons and never rounds.
 *
 * <p>This is the one capacity type that does byte arithmetic: every conversion between MiB and bytes goes
 * through {@link #MIB}, {@link #of(long, long)}, {@link #mebibytes(long)} or a policy
 * {@link dev.jig.api.tenancy.Quota#toResourceList()}, never through a hand-written {@code 1024 * 1024} at a call site.
 */
public record ResourceList(long cpuMillis, long memoryBytes, long ephemeralBytes, long gpus, long pods) {

    public static final ResourceList ZERO = new ResourceList(0, 0, 0, 0, 0);
    public static final String CPU = "cpu";
    public static final String MEMORY = "memory";
    public static final String EPHEMERAL_STORAGE = "ephemeral-storage";
    public static final String GPU = WellKnownLabels.GPU_RESOURCE;
    public static final String PODS = "pods";
    public static final long MIB = 1024L * 1024;
    public static final long GIB = 1024L * MIB;

    /** Whole mebibytes in {@code bytes}, rounded down (towards negative infinity for a deficit). */
    public static long mebibytes(long bytes) {
        return Math.floorDiv(bytes, MIB);
    }

    public static ResourceList of(long cpuMillis, long memoryMib) {
        return new ResourceList(cpuMillis, memoryMib * MIB, 0, 0, 0);
    }

    public ResourceList plus(ResourceList o) {
        return new ResourceList(cpuMillis + o.cpuMillis, memoryBytes + o.memoryBytes, ephemeralBytes + o.ephemeralBytes,
                gpus + o.gpus, pods + o.pods);
    }

    public ResourceList minus(ResourceList o) {
        return new ResourceList(cpuMillis - o.cpuMillis, memoryBytes - o.memoryBytes, ephemeralBytes - o.ephemeralBytes,
                gpus - o.gpus, pods - o.pods);
    }

    /** Each dimension the larger of the two. */
    public ResourceList max(ResourceList o) {
        return new ResourceList(Math.max(cpuMillis, o.cpuMillis), Math.max(memoryBytes, o.memoryBytes),
                Math.max(ephemeralBytes, o.ephemeralBytes), Math.max(gpus, o.gpus), Math.max(pods, o.pods));
    }

    /** True when every dimension of this is at most the same dimension of {@code capacity}. */
    public boolean fitsIn(ResourceList capacity) {
        return cpuMillis <= capacity.cpuMillis && memoryBytes <= capacity.memoryBytes
                && ephemeralBytes <= capacity.ephemeralBytes && gpus <= capacity.gpus && pods <= capacity.pods;
    }

    /**
     * Reads a Kubernetes resource map ({@code cpu: 500m, memory: 1Gi}); resources other than the five
     * dimensions are ignored here (see {@link #isKnown}). Fractional bytes and devices round up, as
     * the API server's canonical form does.
     *
     * @throws IllegalArgumentException when a value is not a quantity or does not fit in a long
     */
    public static ResourceList parse(Map<String, String> quantities) {
        try {
            return parseExact(quantities);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("resource quantity out of range: " + quantities);
        }
    }

    private static ResourceList parseExact(Map<String, String> quantities) {
        long cpu = 0, mem = 0, eph = 0, gpu = 0, pods = 0;
        for (Map.Entry<String, String> e : quantities.entrySet()) {
            Quantity q = Quantity.parse(e.getValue());
            switch (e.getKey()) {
                case CPU -> cpu = q.amount().scaleByPowerOfTen(3).setScale(0, RoundingMode.CEILING).longValueExact();
                case MEMORY -> mem = whole(q.amount());
                case EPHEMERAL_STORAGE -> eph = whole(q.amount());
                case GPU -> gpu = whole(q.amount());
                case PODS -> pods = whole(q.amount());
                default -> { }
            }
        }
        return new ResourceList(cpu, mem, eph, gpu, pods);
    }

    /** Whether the scheduler models the resource {@code name}. */
    public static boolean isKnown(String name) {
        return name.equals(CPU) || name.equals(MEMORY) || name.equals(EPHEMERAL_STORAGE) || name.equals(GPU) || name.equals(PODS);
    }

    /** Canonical Kubernetes quantities of the non-zero dimensions, in a stable order. */
    public Map<String, String> toQuantities() {
        Map<String, String> out = new LinkedHashMap<>();
        if (cpuMillis != 0) out.put(CPU, Quantity.formatCpuMillis(cpuMillis));
        if (memoryBytes != 0) out.put(MEMORY, bytes(memoryBytes));
        if (ephemeralBytes != 0) out.put(EPHEMERAL_STORAGE, bytes(ephemeralBytes));
        if (gpus != 0) out.put(GPU, Long.toString(gpus));
        if (pods != 0) out.put(PODS, Long.toString(pods));
        return out;
    }

    @Override
    public String toString() {
        return toQuantities().toString();
    }

    private static String bytes(long b) {
        return b % MIB == 0 ? Quantity.formatMebibytes(b / MIB) : (b % 1024 == 0 ? (b / 1024) + "Ki" : Long.toString(b));
    }

    private static long whole(BigDecimal amount) {
        return amount.setScale(0, RoundingMode.CEILING).longValueExact();
    }
}
