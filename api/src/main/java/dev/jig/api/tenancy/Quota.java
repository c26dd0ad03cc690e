package dev.jig.api.tenancy;

import dev.jig.api.karpenter.ResourceList;

/**
 * A tenant's or the platform's quota as the policy states it: cpu in millicores, memory in whole MiB, whole GPUs.
 * Arithmetic saturates at {@link #UNLIMITED} instead of overflowing, so absurd policy values compare as huge
 * rather than wrapping around to small ones.
 *
 * <p>Why this is not a view of {@link ResourceList}: policies, the tenancy ConfigMap and the compiler's output
 * all speak whole MiB, and {@link #UNLIMITED} MiB has no byte value that fits a long. So a quota stays in
 * policy units for the policy bookkeeping (sums of tenants' quotas, pools' shares), and {@link #toResourceList()}
 * is the one bridge to the capacity type the scheduler does its arithmetic in.
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

    /**
     * This quota as scheduler capacity (memory in bytes; ephemeral storage and pods zero). Memory saturates at
     * {@link #UNLIMITED} bytes, so an unlimited or absurd quota stays huge rather than wrapping around.
     */
    public ResourceList toResourceList() {
        long most = UNLIMITED / ResourceList.MIB;
        long bytes = memoryMib > most ? UNLIMITED : memoryMib < -most ? -UNLIMITED : memoryMib * ResourceList.MIB;
        return new ResourceList(cpuMillis, bytes, 0, gpus, 0);
    }

    /** True when every dimension of this fits in {@code o}. */
    public boolean fitsIn(Quota o) {
        return cpuMillis <= o.cpuMillis && memoryMib <= o.memoryMib && gpus <= o.gpus;
    }
}
