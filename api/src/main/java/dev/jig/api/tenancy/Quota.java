package dev.jig.api.tenancy;

/**
 * An amount of cluster capacity: cpu in millicores, memory in MiB, whole GPUs. Arithmetic
 * saturates at {@link #UNLIMITED} instead of overflowing, so absurd policy values compare as huge
 * rather than wrapping around to small ones.
 */
public record Quota(long cpuMillis, long memoryMib, long gpus) {

    public static final Quota ZERO = new Quota(0, 0, 0);
    /** "No cap" for a dimension; also where sums saturate. */
    public static final long UNLIMITED = Long.MAX_VALUE / 4;

    public Quota plus(Quota o) {
        return new Quota(add(cpuMillis, o.cpuMillis), add(memoryMib, o.memoryMib), add(gpus, o.gpus));
    }

    public Quota minus(Quota o) {
        return new Quota(add(cpuMillis, -o.cpuMillis), add(memoryMib, -o.memoryMib), add(gpus, -o.gpus));
    }

    private static long add(long a, long b) {
        return Math.max(-UNLIMITED, Math.min(UNLIMITED, a + b));
    }

    /** True when every dimension of this fits in {@code o}. */
    public boolean fitsIn(Quota o) {
        return cpuMillis <= o.cpuMillis && memoryMib <= o.memoryMib && gpus <= o.gpus;
    }
}
