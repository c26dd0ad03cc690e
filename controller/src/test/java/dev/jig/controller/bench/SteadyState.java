package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.simulate.SimulatedReplicaSets;
import dev.jig.controller.simulate.SimulatedWorld;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The world of an outside review's complaint: a scale-up of {@code pods} pods on about 20 instance types that
 * settles, then simulated minutes of steady state in which nothing changes, played by the whole
 * {@link SimulatedWorld} (provisioner, disruption with consolidation on, termination, simulated cloud, kubelets,
 * kube-scheduler, ReplicaSets). A settled cluster should cost next to nothing per simulated second; the review
 * measured 145 ms of wall per simulated second at 2,000 pods.
 *
 * <p>The pods are ten deployments of {@code pods / 10} replicas, each with one of ten request profiles
 * (100m-1500m cpu, 100Mi-4Gi memory, as in Karpenter's scheduling benchmark); the NodePool takes 20 of the
 * {@link BenchmarkWorkload#instanceTypes 400 benchmark types}, those of at most 8 vCPUs, evenly by name, so that
 * about ten pods share a node (20,000 pods: about 2,000 nodes). Consolidation is on
 * ({@code WhenEmptyOrUnderutilized} after 0 s, a 10% budget): the steady state is what a real cluster pays for it.
 */
final class SteadyState {

    /** cpu millis, memory MiB of the ten deployments. */
    private static final long[][] PROFILES = {{100, 256}, {250, 512}, {500, 1024}, {1000, 2048}, {1500, 4096},
            {250, 100}, {500, 2048}, {1000, 512}, {1500, 1024}, {100, 4096}};
    static final int TYPES = 20;
    private static final int MAX_VCPU = 8;

    /**
     * What a run measured: the scale-up (settled or not, simulated seconds, its cost), the nodes then and the disruption
     * decisions taken before it settled; per simulated minute of steady state its wall milliseconds and the disruption
     * decisions taken in it, the steady state's cost, and {@code stoppedEarly} when the wall limit cut it short.
     */
    record Figures(int pods, int nodes, int settleDisruptions, boolean settled, long settleSimulatedSeconds, RunMeter.Cost settle,
                   double[] wallMsPerMinute, int[] disruptionsPerMinute, RunMeter.Cost steady, boolean stoppedEarly) {

        double medianWallMsPerMinute() {
            double[] sorted = wallMsPerMinute.clone();
            Arrays.sort(sorted);
            if (sorted.length == 0) return Double.NaN;
            int m = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
        }
    }

    private SteadyState() {
    }

    /** The 20 instance types of the run: at most 8 vCPUs, taken evenly from the benchmark's 400. */
    static List<String> instanceTypes(Catalog catalog) {
        List<String> small = new ArrayList<>();
        for (String name : BenchmarkWorkload.instanceTypes(catalog)) {
            if (catalog.find(name).map(InstanceType::vcpu).orElse(Integer.MAX_VALUE) <= MAX_VCPU) small.add(name);
        }
        List<String> out = new ArrayList<>();
        double step = small.size() / (double) TYPES;
        for (int i = 0; i < TYPES; i++) out.add(small.get((int) (i * step)));
        return out;
    }

    /**
     * Scales up to {@code pods}, waits up to 30 simulated minutes for it to settle, then plays {@code minutes} of steady
     * state, stopping early once {@code wallLimitSeconds} of wall have gone on the steady state (0: no limit).
     */
    static Figures play(Catalog catalog, int pods, int minutes, double wallLimitSeconds) {
        SchedulingInput.Pool pool = BenchmarkWorkload.pool(catalog, instanceTypes(catalog));
        SimulatedWorld world = new SimulatedWorld(catalog, List.of(BenchmarkWorkload.ZONES), false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        world.cluster().put(pool.pool());
        world.cluster().put(NodeClass.al2023(pool.pool().nodeClassName()));
        RunMeter meter = RunMeter.start();
        for (int d = 0; d < PROFILES.length; d++) {
            long[] profile = PROFILES[d];
            Map<String, String> labels = Map.of("app", "app-" + d);
            world.replicaSets().scale(new SimulatedReplicaSets.ReplicaSet("default", "app-" + d,
                    name -> Pod.of("default", name, ResourceList.of(profile[0], profile[1]), labels)), replicas(pods, d));
        }
        long t0 = world.clock().instant().getEpochSecond();
        boolean settled = world.waitUntilSettled(Duration.ofMinutes(30));
        long settleSimulated = world.clock().instant().getEpochSecond() - t0;
        RunMeter.Cost settle = meter.read();
        int nodes = world.cluster().snapshot().nodes().size();

        RunMeter steadyMeter = RunMeter.start();
        double[] wall = new double[minutes];
        int[] disruptions = new int[minutes];
        int played = 0;
        int settleDisruptions = disruptions(world);
        int seen = settleDisruptions;
        for (; played < minutes; played++) {
            long start = System.nanoTime();
            world.runFor(Duration.ofMinutes(1));
            wall[played] = (System.nanoTime() - start) / 1e6;
            int now = disruptions(world);
            disruptions[played] = now - seen;
            seen = now;
            if (wallLimitSeconds > 0 && steadyMeter.read().wallSeconds() > wallLimitSeconds) {
                played++;
                break;
            }
        }
        return new Figures(pods, nodes, settleDisruptions, settled, settleSimulated, settle, Arrays.copyOf(wall, played),
                Arrays.copyOf(disruptions, played), steadyMeter.read(), played < minutes);
    }

    /** Deployment {@code d}'s share of {@code pods}: a tenth, the first ones taking the remainder. */
    private static int replicas(int pods, int d) {
        return pods / PROFILES.length + (d < pods % PROFILES.length ? 1 : 0);
    }

    private static int disruptions(SimulatedWorld world) {
        int n = 0;
        for (TimelineEvent e : world.timeline()) if (e.kind() == TimelineEvent.Kind.DISRUPTION) n++;
        return n;
    }
}
