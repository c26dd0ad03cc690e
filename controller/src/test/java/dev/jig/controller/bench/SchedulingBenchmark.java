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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
                "mix", "pods", "median s", "pods/s", "nodes", "$/h", "bound $/h", "ratio", "+anti $/h", "ratio", "unplaced", "peak heap");
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
     * The largest group of pods that pairwise may not share a node: those selected by a hostname
     * anti-affinity term that they carry themselves (same selector, same namespace).
     */
    public static List<Pod> largestAntiAffinityGroup(List<Pod> pods) {
        Map<List<Object>, List<Pod>> groups = new HashMap<>();
        for (Pod p : pods) {
            for (PodAffinityTerm t : p.antiAffinity()) {
                if (t.topologyKey().equals(WellKnownLabels.HOSTNAME) && t.namespaces().isEmpty() && t.selector().matches(p.labels())) {
                    groups.computeIfAbsent(List.of(p.namespace(), t.selector()), k -> new ArrayList<>()).add(p);
                }
            }
        }
        return groups.values().stream().max(Comparator.comparingInt(List::size)).orElse(List.of());
    }

    /**
     * The LP relaxation over allocatable cpu and memory in which each pod of {@code apart} (pods that
     * pairwise may not share a node) has a node of its own, of a type that holds it; other nodes are
     * free to choose. Any plan is a solution (the node of each such pod, and the rest), so no plan can
     * cost less. Solved through its Lagrangian dual over the prices {@code (α, β)} of a vCPU and a
     * GiB, which must not make any type's reduced cost {@code price − α·cpu − β·mem} negative:
     * {@code α·C + β·M + Σ_pods min over the types holding the pod of the reduced cost}. Every
     * feasible {@code (α, β)} gives a valid bound; a search over directions and, along each, a
     * golden-section search over the scale approaches the maximum (the LP optimum) from below.
     */
    public static double lowerBound(List<Pod> pods, List<ResolvedInstanceType> types, List<Pod> apart) {
        long[] total = totals(pods);
        long[] c = new long[types.size()];
        long[] m = new long[types.size()];
        double[] price = prices(types, c, m);
        double resources = new PriceFrontier(c, m, price).solve(total[0], total[1]).cost();
        if (apart.isEmpty()) return resources;
        double[] cpu = new double[c.length], mem = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            cpu[i] = c[i] / 1000.0;
            mem[i] = m[i] / (double) ResourceList.GIB;
        }
        Map<List<Long>, Integer> shapes = new HashMap<>();
        for (Pod p : apart) shapes.merge(List.of(p.requests().cpuMillis(), p.requests().memoryBytes()), 1, Integer::sum);
        List<int[]> fitting = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        shapes.forEach((shape, n) -> {
            List<Integer> fit = new ArrayList<>();
            for (int i = 0; i < c.length; i++) if (c[i] >= shape.get(0) && m[i] >= shape.get(1) && Double.isFinite(price[i])) fit.add(i);
            fitting.add(fit.stream().mapToInt(Integer::intValue).toArray());
            counts.add(n);
        });
        double demandCpu = total[0] / 1000.0, demandMem = total[1] / (double) ResourceList.GIB;
        java.util.function.BiFunction<Double, Double, Double> dual = (a, b) -> {
            double v = a * demandCpu + b * demandMem;
            for (int s = 0; s < fitting.size(); s++) {
                double least = Double.POSITIVE_INFINITY;
                for (int i : fitting.get(s)) least = Math.min(least, price[i] - a * cpu[i] - b * mem[i]);
                v += counts.get(s) * Math.max(0, least);
            }
            return v;
        };
        double best = resources;
        int steps = 180;
        for (int k = 0; k <= steps; k++) {
            double theta = Math.PI / 2 * k / steps, u = Math.cos(theta), w = Math.sin(theta);
            double scale = Double.POSITIVE_INFINITY;
            for (int i = 0; i < c.length; i++) if (Double.isFinite(price[i])) scale = Math.min(scale, price[i] / (u * cpu[i] + w * mem[i]));
            double lo = 0, hi = scale, phi = (Math.sqrt(5) - 1) / 2;
            for (int i = 0; i < 80; i++) {
                double x = hi - phi * (hi - lo), y = lo + phi * (hi - lo);
                if (dual.apply(x * u, x * w) < dual.apply(y * u, y * w)) lo = x;
                else hi = y;
            }
            best = Math.max(best, dual.apply(lo * u, lo * w));
        }
        return best;
    }

    /** The LP relaxation over allocatable cpu and memory at the cheapest offering price. */
    public static double lowerBound(List<Pod> pods, List<ResolvedInstanceType> types) {
        return lowerBound(pods, types, List.of());
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
