package dev.jig.controller.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;

/**
 * Measures one stretch of a benchmark on the calling thread: wall time, the thread's CPU time, and the peak heap
 * (the sum of the heap pools' peak usage since {@link #start}: an upper bound of the heap the stretch needed, since
 * the pools need not peak together; run under {@code -Xmx512m}, finishing at all is the check that it fits). The
 * simulation is single-threaded, so the thread's CPU time over the simulated seconds is the average cores the
 * same work would take if it ran in real time: what Karpenter's suite polls as the controller's CPU.
 */
final class RunMeter {

    /** What one stretch cost. */
    record Cost(double wallSeconds, double cpuSeconds, long peakHeapBytes) {

        /** Average cores if the work of {@code simulatedSeconds} were spread over that much real time. */
        double coresAtRealTime(long simulatedSeconds) {
            return simulatedSeconds <= 0 ? Double.NaN : cpuSeconds / simulatedSeconds;
        }

        double peakHeapMib() {
            return peakHeapBytes / (1024.0 * 1024.0);
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final long wall0;
    private final long cpu0;

    private RunMeter() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
        wall0 = System.nanoTime();
        cpu0 = THREADS.getCurrentThreadCpuTime();
    }

    /** Resets the heap pools' peaks and starts the clocks. */
    static RunMeter start() {
        return new RunMeter();
    }

    /** The cost since {@link #start()}; the meter keeps running. */
    Cost read() {
        long wall = System.nanoTime() - wall0;
        long cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
        return new Cost(wall / 1e9, cpu / 1e9, peak);
    }
}
