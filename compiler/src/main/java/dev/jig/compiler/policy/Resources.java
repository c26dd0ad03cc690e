package dev.jig.compiler.policy;

/** An amount of cluster capacity: cpu in millicores, memory in MiB, whole GPUs. */
public record Resources(long cpuMillis, long memoryMib, long gpus) {

    public static final Resources ZERO = new Resources(0, 0, 0);

    public Resources plus(Resources o) {
        return new Resources(cpuMillis + o.cpuMillis, memoryMib + o.memoryMib, gpus + o.gpus);
    }

    public Resources minus(Resources o) {
        return new Resources(cpuMillis - o.cpuMillis, memoryMib - o.memoryMib, gpus - o.gpus);
    }

    /** True when every dimension of this fits in {@code o}. */
    public boolean fitsIn(Resources o) {
        return cpuMillis <= o.cpuMillis && memoryMib <= o.memoryMib && gpus <= o.gpus;
    }
}
