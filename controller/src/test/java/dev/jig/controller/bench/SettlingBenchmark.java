package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.simulate.KubeSchedulerNominations;
import dev.jig.controller.simulate.KubeSchedulerScoring;
import dev.jig.controller.simulate.SimulatedReplicaSets;
import dev.jig.controller.simulate.SimulatedWorld;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Plays {@link BenchmarkWorkload} through the whole simulated world (provisioner, simulated cloud
 * with 30 s boot and 10 s ready latency, kubelets and the simulated kube-scheduler) and prints, per
 * mix, size, kube-scheduler scoring and nominations (Honored, as Kubernetes 1.35 reads the provisioner's
 * {@code nominatedNodeName}, and Ignored, so that one run gives both), the <em>planned</em> cost (NodeClaims launched for new
 * demand), the <em>settled</em> cost (the nodes once every pod is bound and nothing is in flight),
 * both against the LP lower bounds of {@link SchedulingBenchmark#lowerBound} (without, and with a node of its
 * own for each pod of the largest hostname anti-affinity group), and how long the last
 * pod waited to be bound (simulated time).
 *
 * <p>Consolidation is left out ({@code consolidateAfter: Never}): the settled cost is what the
 * provisioner and the kube-scheduler leave, and a consolidation decided while pods are still being
 * bound would count its replacement, still empty when the pods settle, in it. {@code bench/disruption.sh}
 * measures consolidation; {@code -Dsettle.consolidate=true} keeps the pool's default (consolidate
 * after 0 s) here, and makes each pod a ReplicaSet of one, so that a pod consolidation evicts comes back as a new
 * pending pod: the settled cost is then what the cluster ends with once consolidation has finished.
 *
 * <p>Arguments: {@code [sizes...]}, default {@code 1000 5000}.
 */
public final class SettlingBenchmark {

    public static void main(String[] args) {
        int[] sizes = args.length > 0 ? Arrays.stream(args).mapToInt(Integer::parseInt).toArray() : new int[] {1000, 5000};
        Catalog catalog = Catalog.bundled();
        SchedulingInput.Pool pool = withoutConsolidation(BenchmarkWorkload.pool(catalog));
        System.out.printf(Locale.ROOT, "%-8s %6s %-15s %-11s %7s %10s %7s %7s %10s %7s %7s %10s %10s %9s %9s%n", "mix", "pods", "kube-scheduler",
                "nominations", "nodes", "planned", "ratio", "+anti", "settled", "ratio", "+anti", "bound $/h", "+anti $/h", "all bound", "last bind");
        for (String mix : new String[] {"generic", "diverse"}) {
            for (int n : sizes) {
                for (KubeSchedulerScoring scoring : KubeSchedulerScoring.values()) {
                    for (KubeSchedulerNominations nominations : KubeSchedulerNominations.values()) row(catalog, pool, mix, n, scoring, nominations);
                }
            }
        }
    }

    private static SchedulingInput.Pool withoutConsolidation(SchedulingInput.Pool pool) {
        if (Boolean.getBoolean("settle.consolidate")) return pool;
        NodePool p = pool.pool();
        Disruption d = p.disruption();
        NodePool never = new NodePool(p.name(), p.weight(), p.labels(), p.requirements(), p.taints(), p.startupTaints(), p.nodeClassName(),
                p.limits(), new Disruption(d.consolidationPolicy(), "Never", d.expireAfter(), d.budgets(), d.terminationGracePeriod()));
        return new SchedulingInput.Pool(never, pool.instanceTypes());
    }

    private static void row(Catalog catalog, SchedulingInput.Pool pool, String mix, int n, KubeSchedulerScoring scoring,
                            KubeSchedulerNominations nominations) {
        List<Pod> pods = mix.equals("generic") ? BenchmarkWorkload.generic(n, 42) : BenchmarkWorkload.diverse(n, 42);
        SimulatedWorld world = new SimulatedWorld(catalog, List.of(BenchmarkWorkload.ZONES), false, Duration.ofSeconds(30),
                Duration.ofSeconds(10), scoring, nominations);
        world.cluster().put(pool.pool());
        world.cluster().put(NodeClass.al2023(pool.pool().nodeClassName()));
        if (Boolean.getBoolean("settle.consolidate")) {
            // consolidation evicts: each pod is a ReplicaSet of one, so an evicted pod comes back as a new one
            for (Pod p : pods) {
                world.replicaSets().scale(new SimulatedReplicaSets.ReplicaSet(p.namespace(), p.name(),
                        name -> p.with().name(name).uid(p.namespace() + "/" + name).build()), 1);
            }
        } else {
            for (Pod p : pods) world.cluster().put(p.with().created(world.clock().instant()).build());
        }
        long lastBind = 0;
        boolean settled = false;
        for (int s = 0; s < 1800 && !settled; s++) {
            world.tick();
            if (!world.cluster().snapshot().pendingPods().isEmpty()) lastBind = s + 1;
            else settled = world.waitUntilSettled(Duration.ofMinutes(5));
        }
        double planned = 0;
        for (Provisioner.Launch l : world.launches()) if (l.purpose() == Provisioner.Launch.Purpose.DEMAND && !Double.isNaN(l.pricePerHour())) planned += l.pricePerHour();
        double cost = 0;
        for (NodeClaim c : world.cluster().snapshot().nodeClaims()) if (c.status() != null) cost += c.status().pricePerHour();
        double bound = SchedulingBenchmark.lowerBound(pods, pool.instanceTypes());
        double anti = SchedulingBenchmark.lowerBound(pods, pool.instanceTypes(), SchedulingBenchmark.largestAntiAffinityGroup(pods));
        System.out.printf(Locale.ROOT, "%-8s %6d %-15s %-11s %7d %10.2f %7.3f %7.3f %10.2f %7.3f %7.3f %10.2f %10.2f %9s %8ds%n", mix, n,
                scoring.configName(), nominations.configName(), world.cluster().snapshot().nodes().size(), planned, planned / bound, planned / anti, cost, cost / bound,
                cost / anti, bound, anti, settled ? "yes" : "NO", lastBind);
    }
}
