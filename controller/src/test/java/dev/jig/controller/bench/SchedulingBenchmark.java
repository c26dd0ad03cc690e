package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PriceFrontier;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Times {@link Scheduler#solve} on {@link BenchmarkWorkload} and prints, per mix and size, the
 * median pods per second, the plan (nodes, $/h), its cost against a lower bound, and peak heap.
 *
 * <p>Lower bound: the linear-programming relaxation over cpu and memory ({@link PriceFrontier}): the
 * cheapest fractional mix of the 400 types whose allocatable cpu and memory cover the pods' total
 * requests, at on-demand prices. No plan can cost less. Peak heap: the largest heap in use during a
 * solve, from the JVM's memory pool peaks (reset before each solve); run under {@code -Xmx256m} by
 * {@code bench/scheduling.sh}, which is itself the check that 256 MB suffice.
 *
 * <p>Arguments: {@code [runs] [sizes...]}, default {@code 5 1000 5000 10000 20000}.
 */
public final class SchedulingBenchmark {

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1000, 5000, 10000, 20000};
        Catalog catalog = Catalog.bundled();
        SchedulingInput.Pool pool = BenchmarkWorkload.pool(catalog);
        System.out.printf(Locale.ROOT, "instance types: %d, runs per row: %d (median), JVM %s, %d cpus%n",
                pool.instanceTypes().size(), runs, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        warmUp(pool);
        System.out.printf(Locale.ROOT, "%-8s %6s %10s %10s %7s %10s %10s %6s %9s %10s%n",
                "mix", "pods", "median s", "pods/s", "nodes", "$/h", "bound $/h", "ratio", "unplaced", "peak heap");
        for (String mix : new String[] {"generic", "diverse"}) {
            for (int n : sizes) row(mix, n, runs, pool);
        }
    }

    private static void warmUp(SchedulingInput.Pool pool) {
        for (int i = 0; i < 3; i++) {
            Scheduler.solve(SchedulingInput.of(BenchmarkWorkload.diverse(5000, 7 + i), List.of(), List.of(pool)));
            Scheduler.solve(SchedulingInput.of(BenchmarkWorkload.generic(5000, 7 + i), List.of(), List.of(pool)));
        }
    }

    private static void row(String mix, int n, int runs, SchedulingInput.Pool pool) {
        List<Pod> pods = mix.equals("generic") ? BenchmarkWorkload.generic(n, 42) : BenchmarkWorkload.diverse(n, 42);
        SchedulingInput input = SchedulingInput.of(pods, List.of(), List.of(pool));
        double[] seconds = new double[runs];
        long peak = 0;
        SchedulingResult result = null;
        for (int i = 0; i < runs; i++) {
            System.gc();
            resetPeaks();
            long start = System.nanoTime();
            result = Scheduler.solve(input);
            seconds[i] = (System.nanoTime() - start) / 1e9;
            peak = Math.max(peak, peakHeap());
        }
        Arrays.sort(seconds);
        double median = seconds[runs / 2];
        double cost = result.newCostPerHour();
        double bound = lowerBound(pods, pool.instanceTypes());
        System.out.printf(Locale.ROOT, "%-8s %6d %10.3f %10.0f %7d %10.2f %10.2f %6.3f %9d %8.0fMB%n",
                mix, n, median, n / median, result.newClaims().size(), cost, bound, cost / bound,
                result.unschedulable().size(), peak / 1e6);
    }

    /** The LP relaxation over allocatable cpu and memory at the cheapest offering price. */
    public static double lowerBound(List<Pod> pods, List<ResolvedInstanceType> types) {
        long cpu = 0, mem = 0;
        for (Pod p : pods) {
            cpu += p.requests().cpuMillis();
            mem += p.requests().memoryBytes();
        }
        long[] c = new long[types.size()];
        long[] m = new long[types.size()];
        double[] price = new double[types.size()];
        for (int i = 0; i < types.size(); i++) {
            ResourceList a = types.get(i).allocatable();
            c[i] = a.cpuMillis();
            m[i] = a.memoryBytes();
            price[i] = types.get(i).offerings().stream().mapToDouble(o -> o.pricePerHour()).min().orElse(Double.POSITIVE_INFINITY);
        }
        return new PriceFrontier(c, m, price).solve(cpu, mem).cost();
    }

    static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
    }

    static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) sum += p.getPeakUsage().getUsed();
        return sum;
    }
}
