package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.lifecycle.LaunchPool;
import dev.jig.controller.loop.ControllerLoop;
import dev.jig.controller.loop.ReconcileObserver;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.provisioning.Batcher;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.ProvisioningMetrics;
import dev.jig.controller.run.RunReconcilers;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.testing.Fixtures;
import dev.jig.controller.testing.ForwardingCloud;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long a new pending pod waits for its NodeClaim while the controller is busy: {@code run}'s reconcilers on their
 * workers and cadences ({@link RunReconcilers#schedule}, {@link ControllerLoop}) on the wall clock, over an in-memory
 * cluster holding a steady state of {@code steadyPods} pods on the nodes the {@link Scheduler} plans for them (so
 * disruption evaluates a large cluster every pass), with a cloud whose {@code create} takes {@code createMillis}.
 * Four phases, each on a fresh cluster: <b>idle</b> (a probe every 2 s, nothing else), <b>flood</b> (every 3 s, 100 pods
 * that each need a node of their own, and a probe 1.5 s later: about 100 launches in flight on a pool of
 * {@code workers}, and no other pod within the probe's 1 s batch window), <b>stream</b> (the flood every 3 s and a
 * probe every 2 s, so pods arrive a second apart and each extends the batch window of the pods before it, as
 * Karpenter's batcher does: the cost of batching, not of a busy controller), and <b>flood-inline</b> (the stream with
 * launches on the provisioner's thread, as the single loop ran them before the launch pool). For each probe (which
 * needs a node of its own too), the wait from its creation, and from the first reconcile that saw it pending, to the
 * creation of its NodeClaim. Prints the median and p99 of each phase, the launches in flight when the probes arrived,
 * and the ratios to the idle phase.
 *
 * <p>Arguments: {@code [steadyPods] [probes] [createMillis] [workers]}, default {@code 5000 20 300 10}.
 */
public final class PodLatencyBenchmark {

    private static final NodeClass NODE_CLASS = NodeClass.al2023("default");

    public static void main(String[] args) throws Exception {
        int steadyPods = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        int probes = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long createMillis = args.length > 2 ? Long.parseLong(args[2]) : 300;
        int workers = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        System.out.printf(Locale.ROOT, "steady pods %d, probes %d per phase, create %d ms, launch workers %d, JVM %s, %d cpus%n",
                steadyPods, probes, createMillis, workers, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        Phase idle = run("idle", steadyPods, probes, createMillis, LaunchPool.of(workers), Load.NONE);
        Phase flood = run("flood", steadyPods, probes, createMillis, LaunchPool.of(workers), Load.FLOOD);
        Phase stream = run("stream", steadyPods, probes, createMillis, LaunchPool.of(workers), Load.STREAM);
        Phase inline = run("flood-inline", steadyPods, Math.max(3, probes / 4), createMillis, LaunchPool.inline(), Load.STREAM);
        for (Phase p : List.of(idle, flood, stream, inline)) {
            System.out.printf(Locale.ROOT, "%-13s created->NodeClaim p50 %6.2f s p99 %6.2f s | seen->NodeClaim p50 %6.2f s p99 %6.2f s | "
                            + "launches in flight at probe (median) %3d | p99 / idle p99 %.2f%n",
                    p.name, p.created[p.created.length / 2], p99(p.created), p.seen[p.seen.length / 2], p99(p.seen),
                    p.inFlight, p99(p.created) / p99(idle.created));
        }
    }

    private record Phase(String name, double[] created, double[] seen, int inFlight) {
    }

    /**
     * What arrives beside the probes: the 100-pod flood every {@code floodEvery} ms, the probe {@code toProbe} ms after
     * the iteration starts, the next iteration {@code afterProbe} ms later.
     */
    private enum Load {
        NONE(false, 1000, 1000, 0), FLOOD(true, 1500, 1500, 3000), STREAM(true, 1000, 1000, 3000);

        final boolean flood;
        final long toProbe;
        final long afterProbe;
        final long floodEvery;

        Load(boolean flood, long toProbe, long afterProbe, long floodEvery) {
            this.flood = flood;
            this.toProbe = toProbe;
            this.afterProbe = afterProbe;
            this.floodEvery = floodEvery;
        }
    }

    private static double p99(double[] sorted) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.99) - 1)];
    }

    private static Phase run(String name, int steadyPods, int probes, long createMillis, LaunchPool launches, Load load) throws Exception {
        Clock clock = Clock.systemUTC();
        Catalog catalog = Catalog.bundled();
        SimulatedCloud sim = new SimulatedCloud(new InstanceTypeResolver(catalog, List.of(BenchmarkWorkload.ZONES), false), clock, Duration.ZERO,
                new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        InMemoryCluster cluster = steadyState(catalog, sim, clock, steadyPods);
        ForwardingCloud slow = new ForwardingCloud(sim) {
            @Override
            public Instance create(NodeClaim claim, NodeClass nodeClass) {
                try {
                    Thread.sleep(createMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.create(claim, nodeClass);
            }
        };
        Map<String, Long> put = new ConcurrentHashMap<>();
        Map<String, double[]> waits = new ConcurrentHashMap<>();
        ProvisioningMetrics metrics = new ProvisioningMetrics() {
            @Override
            public void nodeClaimCreated(String pod, Duration waited) {
                Long at = put.get(pod);
                if (at != null) waits.put(pod, new double[] {(System.nanoTime() - at) / 1e9, waited.toNanos() / 1e9});
            }
        };
        ControllerLoop loop = new ControllerLoop(RunReconcilers.schedule(cluster, slow, CloudEventSource.NONE, clock, e -> { },
                new NameGenerator(new Random(1)), new RunReconcilers.Metrics(dev.jig.controller.disruption.DisruptionMetrics.NONE,
                        dev.jig.controller.interruption.InterruptionMetrics.NONE, metrics),
                new RunReconcilers.Options(true, Batcher.IDLE, Batcher.MAX, launches)), ReconcileObserver.NONE);
        RunReconcilers.wakeProvisioningOnPods(cluster, loop);
        List<Integer> inFlight = new ArrayList<>();
        try {
            loop.start();
            Thread.sleep(3000); // the first passes over the steady state
            int floodSeq = 0;
            long nextFlood = System.nanoTime();
            for (int i = 0; i < probes; i++) {
                if (load.flood && System.nanoTime() >= nextFlood) {
                    for (int k = 0; k < 100; k++) cluster.put(burstPod("flood-" + floodSeq++));
                    nextFlood = System.nanoTime() + load.floodEvery * 1_000_000L;
                }
                Thread.sleep(load.toProbe);
                Pod probe = burstPod("probe-" + i);
                put.put(probe.key(), System.nanoTime());
                cluster.put(probe);
                inFlight.add(launches.inFlight());
                Thread.sleep(load.afterProbe);
            }
            long end = System.nanoTime() + 120_000_000_000L;
            while (waits.size() < probes && System.nanoTime() < end) Thread.sleep(50);
        } finally {
            loop.close();
            launches.close();
        }
        if (waits.size() < probes) System.out.printf(Locale.ROOT, "%s: only %d of %d probes got a NodeClaim within 2 minutes%n", name, waits.size(), probes);
        double[] created = waits.values().stream().mapToDouble(w -> w[0]).sorted().toArray();
        double[] seen = waits.values().stream().mapToDouble(w -> w[1]).sorted().toArray();
        int[] f = inFlight.stream().mapToInt(Integer::intValue).sorted().toArray();
        return new Phase(name, created, seen, f.length == 0 ? 0 : f[f.length / 2]);
    }

    /** A pod for the {@code burst} pool, 3 vCPU: one per 4-vCPU node, so each needs a NodeClaim of its own. */
    private static Pod burstPod(String name) {
        return Pod.of("default", name, ResourceList.of(3_000, 1024), Map.of("app", "burst")).with().nodeSelector(Map.of("tier", "burst")).build();
    }

    /** The diverse workload planned onto initialized nodes launched in the simulated cloud, and the {@code burst} pool beside it. */
    private static InMemoryCluster steadyState(Catalog catalog, SimulatedCloud sim, Clock clock, int pods) {
        InMemoryCluster cluster = new InMemoryCluster();
        SchedulingInput.Pool pool = BenchmarkWorkload.pool(catalog);
        cluster.put(pool.pool());
        cluster.put(NODE_CLASS);
        NodePool burst = Fixtures.pool("burst", 10, Map.of("tier", "burst"), List.of(), Limits.NONE,
                Fixtures.req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.xlarge"),
                Fixtures.req(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, "on-demand"));
        cluster.put(burst);
        SchedulingResult plan = Scheduler.solve(SchedulingInput.of(BenchmarkWorkload.diverse(pods, 42), List.of(), List.of(pool)));
        List<Node> nodes = new ArrayList<>();
        List<NodeClaim> claims = new ArrayList<>();
        for (int i = 0; i < plan.newClaims().size(); i++) {
            PlannedNodeClaim c = plan.newClaims().get(i);
            String name = "steady-" + i;
            NodeClaim asked = new NodeClaim(name, c.pool(), "default", Map.of(), c.requirements(), c.requests(), List.of(), List.of(), clock.instant(), false, null);
            Instance instance = sim.create(asked, NODE_CLASS);
            DisruptionBenchmark.launch(name, c, instance.type(), instance.zone(), instance.providerId(), clock.instant().minus(Duration.ofHours(1)), nodes, claims);
            for (Pod p : c.pods()) cluster.put(p.with().nodeName(name).build());
        }
        claims.forEach(cluster::create);
        nodes.forEach(cluster::register);
        System.out.printf(Locale.ROOT, "steady state: %d nodes, %d pods%n", nodes.size(), pods);
        return cluster;
    }

    private PodLatencyBenchmark() {
    }
}
