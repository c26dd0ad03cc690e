package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.disruption.DisruptionPass;
import dev.jig.controller.disruption.DisruptionResult;
import dev.jig.controller.disruption.PassMemory;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The steady state of disruption: a cluster as the scheduler packed it, every pod still there, so consolidation
 * looks at every node and finds nothing to do, pass after pass. This is the pass a controller makes every poll
 * period for as long as the cluster does not change, the one the consolidated memo exists for. Prints, at each
 * size, the medians of: a first pass (memo empty: every method in full), a pass where nothing changed (memo hit),
 * and a pass after one pod changed (the cluster's generation moved: memo miss); the first two's ratio; and the
 * growth from the first size to the others.
 *
 * <p>Arguments: {@code [runs] [pods,pods,...]}, default {@code 5 4000,16000,20000} ({@link #packed}: 400, 1,600 and 2,000 nodes).
 */
public final class DisruptionSteadyState {

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int[] sizes = Arrays.stream((args.length > 1 ? args[1] : "4000,16000,20000").split(",")).mapToInt(Integer::parseInt).toArray();
        Catalog catalog = Catalog.bundled();
        SchedulingInput.Pool pool = BenchmarkWorkload.pool(catalog, TYPES);
        Clock clock = Clock.fixed(DisruptionBenchmark.NOW, ZoneOffset.UTC);
        SimulatedCloud cloud = new SimulatedCloud(new InstanceTypeResolver(catalog, List.of(BenchmarkWorkload.ZONES), false), clock,
                Duration.ZERO, new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        System.out.printf(Locale.ROOT, "JVM %s, %d cpus, -Xmx %d MB, runs %d%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / 1_000_000, runs);
        System.out.println("| pods | nodes | first pass (median) | nothing changed (median) | one pod changed (median) | first / unchanged | peak heap | command |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        double[] firstAt = new double[sizes.length];
        double[] hitAt = new double[sizes.length];
        for (int k = 0; k < sizes.length; k++) {
            ClusterSnapshot s = packed(pool, sizes[k]);
            // warm up the JIT on this size
            DisruptionPass.run(s, DisruptionBenchmark.NOW, cloud, Set.of(), 1, new PassMemory());
            SchedulingBenchmark.resetPeaks();
            double[] first = time(runs, () -> new PassMemory(), (m, i) -> DisruptionPass.run(s, DisruptionBenchmark.NOW, cloud, Set.of(), 1, m));
            PassMemory shared = new PassMemory();
            DisruptionResult r = DisruptionPass.run(s, DisruptionBenchmark.NOW, cloud, Set.of(), 1, shared);
            double[] hit = time(runs, () -> shared, (m, i) -> DisruptionPass.run(s, DisruptionBenchmark.NOW.plusSeconds(10L * (i + 1)), cloud, Set.of(), 1, m));
            double[] miss = time(runs, () -> shared, (m, i) -> DisruptionPass.run(s, DisruptionBenchmark.NOW.plusSeconds(10L * (i + 1)), cloud, Set.of(), 2L + i, m));
            long peak = SchedulingBenchmark.peakHeap();
            firstAt[k] = first[runs / 2];
            hitAt[k] = hit[runs / 2];
            System.out.printf(Locale.ROOT, "| %,d | %,d | %.3f s | %.2f ms | %.3f s | %.0f× | %.0f MB | %s |%n", s.pods().size(), s.nodes().size(),
                    first[runs / 2], hit[runs / 2] * 1e3, miss[runs / 2], first[runs / 2] / hit[runs / 2], peak / 1e6,
                    r.command().map(c -> c.kind() + " of " + c.candidates().size()).orElse("none"));
        }
        for (int k = 1; k < sizes.length; k++) {
            System.out.printf(Locale.ROOT, "growth %d → %d pods (%.1f×): first pass %.1f×, unchanged pass %.1f×%n", sizes[0], sizes[k],
                    (double) sizes[k] / sizes[0], firstAt[k] / firstAt[0], hitAt[k] / hitAt[0]);
        }
    }

    private interface Pass {
        DisruptionResult run(PassMemory memory, int i);
    }

    /** Seconds of each of {@code runs} passes, sorted. */
    private static double[] time(int runs, Supplier<PassMemory> memory, Pass pass) {
        double[] out = new double[runs];
        for (int i = 0; i < runs; i++) {
            PassMemory m = memory.get();
            long start = System.nanoTime();
            pass.run(m, i);
            out[i] = (System.nanoTime() - start) / 1e9;
        }
        Arrays.sort(out);
        return out;
    }

    /** Ten general-purpose and compute types of 2 and 4 vCPUs ({@code -Dsteady.types=a,b,...} to change them). */
    static final List<String> TYPES = List.of(System.getProperty("steady.types",
            "m5.xlarge,m5.large,c5.large,c5.xlarge,r5.large,r5.xlarge,m6i.large,c6i.xlarge,m5a.large,c5a.xlarge").split(","));

    /**
     * Pods of 390m cpu and 512Mi, as the scheduler packs them: ten to a 4-vCPU node, as full as a node gets, so that
     * no node's pods fit in the others' room and no cheaper type takes them: nothing to consolidate.
     */
    private static ClusterSnapshot packed(SchedulingInput.Pool pool, int pods) {
        List<Pod> workload = new ArrayList<>(pods);
        for (int i = 0; i < pods; i++) {
            workload.add(Pod.of("default", "steady-" + i, dev.jig.api.karpenter.ResourceList.of(390, 512), Map.of("app", "steady-" + i % 20)));
        }
        SchedulingResult plan = Scheduler.solve(SchedulingInput.of(workload, List.of(), List.of(pool)));
        List<Node> nodes = new ArrayList<>();
        List<NodeClaim> claims = new ArrayList<>();
        List<Pod> bound = new ArrayList<>();
        for (int i = 0; i < plan.newClaims().size(); i++) {
            PlannedNodeClaim c = plan.newClaims().get(i);
            String name = "node-" + i;
            DisruptionBenchmark.launch(name, c, nodes, claims);
            for (Pod p : c.pods()) bound.add(p.with().nodeName(name).build());
        }
        return new ClusterSnapshot(bound, nodes, claims, List.of(pool.pool()), Map.of("default", NodeClass.al2023("default")), List.of(),
                Optional.empty());
    }
}
