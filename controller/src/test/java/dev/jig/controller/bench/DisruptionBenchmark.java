package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.disruption.Command;
import dev.jig.controller.disruption.DisruptionPass;
import dev.jig.controller.disruption.DisruptionResult;
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
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Times one full {@link DisruptionPass} over an under-used cluster: the diverse {@link BenchmarkWorkload}
 * of {@code planPods} pods is planned by the {@link Scheduler} on the 400 types, every planned NodeClaim
 * becomes an initialized node of its cheapest option, and only every other pod of the workload stays
 * bound (a scale-down by half of every kind of pod), though never the last pod of a node: no node is
 * empty, so the pass goes past emptiness to consolidation. The pool keeps the CRD defaults: {@code consolidateAfter: 0s}, budget 10%.
 * Prints the median pass time over {@code runs}, peak heap, the command, and $/h before and after
 * against the LP bound of the remaining pods.
 *
 * <p>Arguments: {@code [runs] [planPods]}, default {@code 5 10000} (2,000 nodes).
 */
public final class DisruptionBenchmark {

    static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int planPods = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        Catalog catalog = Catalog.bundled();
        SchedulingInput.Pool pool = BenchmarkWorkload.pool(catalog);
        List<Pod> workload = BenchmarkWorkload.diverse(planPods, 42);
        Set<String> kept = new HashSet<>();
        for (int i = 0; i < workload.size(); i += 2) kept.add(workload.get(i).key());
        SchedulingResult plan = Scheduler.solve(SchedulingInput.of(workload, List.of(), List.of(pool)));
        List<Node> nodes = new ArrayList<>();
        List<NodeClaim> claims = new ArrayList<>();
        List<Pod> bound = new ArrayList<>();
        double before = 0;
        for (int i = 0; i < plan.newClaims().size(); i++) {
            PlannedNodeClaim c = plan.newClaims().get(i);
            String name = "node-" + i;
            before += launch(name, c, nodes, claims);
            int had = bound.size();
            for (Pod p : c.pods()) if (kept.contains(p.key())) bound.add(p.with().nodeName(name).build());
            if (bound.size() == had) bound.add(c.pods().get(0).with().nodeName(name).build());
        }
        ClusterSnapshot snapshot = new ClusterSnapshot(bound, nodes, claims, List.of(pool.pool()), Map.of("default", NodeClass.al2023("default")),
                List.of(), Optional.empty());
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        SimulatedCloud cloud = new SimulatedCloud(new InstanceTypeResolver(catalog, List.of(BenchmarkWorkload.ZONES), false), clock,
                Duration.ZERO, new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        System.out.printf(Locale.ROOT, "nodes: %d, pods bound: %d, instance types: %d, JVM %s, %d cpus%n",
                nodes.size(), bound.size(), pool.instanceTypes().size(), System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        DisruptionPass.run(snapshot, NOW, cloud, Set.of());
        double[] seconds = new double[runs];
        long peak = 0;
        DisruptionResult result = null;
        for (int i = 0; i < runs; i++) {
            System.gc();
            SchedulingBenchmark.resetPeaks();
            long start = System.nanoTime();
            result = DisruptionPass.run(snapshot, NOW, cloud, Set.of());
            seconds[i] = (System.nanoTime() - start) / 1e9;
            peak = Math.max(peak, SchedulingBenchmark.peakHeap());
        }
        Arrays.sort(seconds);
        double bound$ = SchedulingBenchmark.lowerBound(bound, pool.instanceTypes());
        System.out.printf(Locale.ROOT, "pass median %.3f s (min %.3f, max %.3f), peak heap %.0f MB%n",
                seconds[runs / 2], seconds[0], seconds[runs - 1], peak / 1e6);
        Command cmd = result.command().orElse(null);
        double saved = cmd == null ? 0 : cmd.savingsPerHour();
        System.out.printf(Locale.ROOT, "command: %s%n", cmd == null ? "none" : cmd.kind() + " " + cmd.decision() + " of "
                + cmd.candidates().size() + " nodes, " + cmd.replacements().size() + " replacement(s)");
        System.out.printf(Locale.ROOT, "$/h before %.2f, after this command %.2f (saving %.2f); LP bound of the bound pods %.2f (ratio %.3f -> %.3f)%n",
                before, before - saved, saved, bound$, before / bound$, (before - saved) / bound$);
    }

    /** Adds an initialized node of the claim's cheapest option in its first zone; returns its $/h. */
    static double launch(String name, PlannedNodeClaim c, List<Node> nodes, List<NodeClaim> claims) {
        String zone = c.zones().get(0);
        return launch(name, c, c.cheapest().type(), zone, "sim:///" + zone + "/" + name, NOW.minus(Duration.ofHours(1)), nodes, claims);
    }

    /** Adds an initialized node and its NodeClaim for {@code c}, of type {@code t} in {@code zone}, launched at {@code created}; returns its $/h. */
    static double launch(String name, PlannedNodeClaim c, ResolvedInstanceType t, String zone, String providerId, Instant created,
                         List<Node> nodes, List<NodeClaim> claims) {
        double price = t.offering(zone, "on-demand").pricePerHour();
        Map<String, String> labels = new HashMap<>(t.labels());
        labels.put(WellKnownLabels.INSTANCE_TYPE, t.name());
        labels.put(WellKnownLabels.ZONE, zone);
        labels.put(WellKnownLabels.CAPACITY_TYPE, "on-demand");
        labels.put(WellKnownLabels.NODEPOOL, c.pool());
        labels.put(WellKnownLabels.HOSTNAME, name);
        NodeClaim.Status status = new NodeClaim.Status(providerId, t.name(), zone, "on-demand", price, t.capacity(), t.allocatable(), name, List.of());
        for (String cond : List.of(NodeClaim.LAUNCHED, NodeClaim.REGISTERED, NodeClaim.INITIALIZED)) {
            status = NodeClaim.condition(status, cond, true, cond, "", created);
        }
        claims.add(new NodeClaim(name, c.pool(), "default", Map.of(WellKnownLabels.NODEPOOL, c.pool()), c.requirements(), c.requests(),
                List.of(), List.of(), created, false, status));
        nodes.add(new Node(name, providerId, labels, List.of(), t.capacity(), t.allocatable(), true, created));
        return price;
    }
}
