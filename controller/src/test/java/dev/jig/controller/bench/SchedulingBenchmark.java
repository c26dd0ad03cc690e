package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.scheduling.PriceFrontier;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * Times {@link Scheduler#solve} on {@link BenchmarkWorkload} and prints, per mix and size, the
 * median pods per second, the plan (nodes, $/h), its cost against two lower bounds, and peak heap.
 *
 * <p>Lower bounds, both linear-programming relaxations at on-demand prices, so no plan can cost
 * less: {@code bound} is the cheapest fractional mix of the 400 types whose allocatable cpu and
 * memory cover the pods' total requests ({@link PriceFrontier}); {@code +nodes} also requires at
 * least as many nodes as the largest hostname anti-affinity group has pods (each needs a node of its
 * own), which the first ignores. Peak heap: the largest heap in use during a solve, from the JVM's
 * memory pool peaks (reset before each solve); {@code bench/scheduling.sh} runs it under
 * {@code -Xmx512m}, which is itself the check that 512 MB suffice.
 *
 * <p>Arguments: {@code [runs] [sizes...]}, default {@code 5 1000 5000 10000 20000 40000}.
 */
public final class SchedulingBenchmark {

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1000, 5000, 10000, 20000, 40000};
        Catalog catalog = Catalog.bundled();
        SchedulingInput.Pool pool = BenchmarkWorkload.pool(catalog);
        System.out.printf(Locale.ROOT, "instance types: %d, runs per row: %d (median), JVM %s, %d cpus%n",
                pool.instanceTypes().size(), runs, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        warmUp(pool);
        System.out.printf(Locale.ROOT, "%-8s %6s %10s %10s %7s %10s %10s %6s %10s %6s %9s %10s%n",
                "mix", "pods", "median s", "pods/s", "nodes", "$/h", "bound $/h", "ratio", "+nodes $/h", "ratio", "unplaced", "peak heap");
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
        double withNodes = lowerBound(pods, pool.instanceTypes(), largestAntiAffinityGroup(pods));
        System.out.printf(Locale.ROOT, "%-8s %6d %10.3f %10.0f %7d %10.2f %10.2f %6.3f %10.2f %6.3f %9d %8.0fMB%n",
                mix, n, median, n / median, result.newClaims().size(), cost, bound, cost / bound, withNodes, cost / withNodes,
                result.unschedulable().size(), peak / 1e6);
    }

    /**
     * The most pods that pairwise may not share a node: those selected by a hostname anti-affinity
     * term that they carry themselves (same selector, same namespace).
     */
    public static int largestAntiAffinityGroup(List<Pod> pods) {
        Map<List<Object>, Integer> groups = new HashMap<>();
        for (Pod p : pods) {
            for (PodAffinityTerm t : p.antiAffinity()) {
                if (t.topologyKey().equals(WellKnownLabels.HOSTNAME) && t.namespaces().isEmpty() && t.selector().matches(p.labels())) {
                    groups.merge(List.of(p.namespace(), t.selector()), 1, Integer::sum);
                }
            }
        }
        return groups.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /**
     * The LP relaxation over allocatable cpu and memory with at least {@code nodes} nodes: the
     * node constraint is dualised (each node earns a credit {@code λ} below the cheapest price, so the
     * rest stays the two-resource LP of {@link PriceFrontier}), and the concave dual
     * {@code λ·nodes + LP(prices − λ)} is maximised by golden-section search; by LP duality its
     * maximum is the optimum.
     */
    public static double lowerBound(List<Pod> pods, List<ResolvedInstanceType> types, int nodes) {
        long[] total = totals(pods);
        long[] c = new long[types.size()];
        long[] m = new long[types.size()];
        double[] price = prices(types, c, m);
        if (nodes <= 0) return new PriceFrontier(c, m, price).solve(total[0], total[1]).cost();
        double cheapest = Arrays.stream(price).min().orElse(0);
        double lo = 0, hi = cheapest * (1 - 1e-9);
        double phi = (Math.sqrt(5) - 1) / 2;
        for (int i = 0; i < 200 && hi - lo > 1e-12 * cheapest; i++) {
            double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
            if (dual(a, nodes, c, m, price, total) < dual(b, nodes, c, m, price, total)) lo = a;
            else hi = b;
        }
        return dual((lo + hi) / 2, nodes, c, m, price, total);
    }

    private static double dual(double credit, int nodes, long[] c, long[] m, double[] price, long[] total) {
        double[] less = new double[price.length];
        for (int i = 0; i < price.length; i++) less[i] = price[i] - credit;
        return credit * nodes + new PriceFrontier(c, m, less).solve(total[0], total[1]).cost();
    }

    /** The LP relaxation over allocatable cpu and memory at the cheapest offering price. */
    public static double lowerBound(List<Pod> pods, List<ResolvedInstanceType> types) {
        return lowerBound(pods, types, 0);
    }

    private static long[] totals(List<Pod> pods) {
        long cpu = 0, mem = 0;
        for (Pod p : pods) {
            cpu += p.requests().cpuMillis();
            mem += p.requests().memoryBytes();
        }
        return new long[] {cpu, mem};
    }

    /** Fills each type's allocatable cpu and memory; returns its cheapest offering price. */
    private static double[] prices(List<ResolvedInstanceType> types, long[] cpu, long[] mem) {
        double[] price = new double[types.size()];
        for (int i = 0; i < types.size(); i++) {
            ResourceList a = types.get(i).allocatable();
            cpu[i] = a.cpuMillis();
            mem[i] = a.memoryBytes();
            price[i] = types.get(i).offerings().stream().mapToDouble(o -> o.pricePerHour()).min().orElse(Double.POSITIVE_INFINITY);
        }
        return price;
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
