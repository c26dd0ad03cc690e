package dev.jig.aws.bench;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The EC2 calls the provider makes, counted by the loopback EC2 (not by the provider, so nothing the
 * provider does is missed). Two figures:
 *
 * <ol>
 *   <li><b>Steady state</b>: N instances launched and claimed, then one minute of controller ticks, 1 s apart on the
 *   fixture's clock, each replaying what the controller asks of the cloud every tick when nothing changes:
 *   {@code list()} (OrphanCollection), {@code isDrifted} for every NodeClaim (disruption's Drift, each pass) and
 *   {@code instanceTypes} twice (SchedulingInputs, DisruptionState). The provider's background refresh runs between
 *   ticks as its thread would ({@link Ec2Provider#refreshDue()}). Prints the calls per minute by action.</li>
 *   <li><b>Scale-up</b>: 100 NodeClaims launched by {@code create} from a pool of 10 threads against the loopback EC2
 *   with {@code latency} ms added to every call. Prints the wall time and the calls it took.</li>
 * </ol>
 *
 * Usage: {@code Ec2CallsBenchmark [latencyMillis=300] [sizes=50,500]}; see {@code bench/ec2-calls.sh}.
 */
public final class Ec2CallsBenchmark {

    private Ec2CallsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long latency = args.length > 0 ? Long.parseLong(args[0]) : 300;
        String sizes = args.length > 1 ? args[1] : "50,500";
        System.out.printf("java %s, %d cores%n", System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.println("steady state: one minute of 1 s ticks (list + isDrifted per NodeClaim + instanceTypes x2 per tick)");
        for (String n : sizes.split(",")) if (!n.isBlank() && !n.equals("none")) steady(Integer.parseInt(n.trim()));
        scaleUp(100, 10, latency);
    }

    private static void steady(int nodes) throws Exception {
        try (LoopbackFixture f = new LoopbackFixture()) {
            Ec2Provider ec2 = new Ec2Provider(f);
            CloudProvider cloud = ec2.provider;
            NodeClass nodeClass = TestNodeClasses.defaultClass();
            NodePool pool = pool();
            List<NodeClaim> claims = launch(cloud, nodeClass, nodes);
            tick(ec2, cloud, pool, nodeClass, claims);
            int before = f.loopback.calls().size();
            int ticks = 60;
            long started = System.nanoTime();
            for (int t = 0; t < ticks; t++) {
                f.clock.advance(Duration.ofSeconds(1));
                tick(ec2, cloud, pool, nodeClass, claims);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            List<String> calls = f.loopback.calls().subList(before, f.loopback.calls().size());
            System.out.printf("  %4d nodes: %5d EC2 calls per minute %s (replay took %.1f s)%n", nodes, calls.size(), byAction(calls), seconds);
        }
    }

    private static void tick(Ec2Provider ec2, CloudProvider cloud, NodePool pool, NodeClass nodeClass, List<NodeClaim> claims) {
        ec2.refreshDue();
        cloud.list();
        for (NodeClaim c : claims) cloud.isDrifted(c, pool, nodeClass);
        cloud.instanceTypes(pool, nodeClass);
        cloud.instanceTypes(pool, nodeClass);
    }

    private static void scaleUp(int claims, int threads, long latencyMillis) throws Exception {
        try (LoopbackFixture f = new LoopbackFixture()) {
            Ec2Provider ec2 = new Ec2Provider(f);
            NodeClass nodeClass = TestNodeClasses.defaultClass();
            f.loopback.latency(Duration.ofMillis(latencyMillis));
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            AtomicInteger retries = new AtomicInteger();
            long started = System.nanoTime();
            List<Future<Instance>> launched = new ArrayList<>();
            for (int i = 0; i < claims; i++) {
                NodeClaim claim = claim("scale-" + i);
                launched.add(pool.submit(() -> launch(ec2, claim, nodeClass, retries)));
            }
            try { for (Future<Instance> l : launched) l.get(); } finally { pool.shutdownNow(); }
            double seconds = (System.nanoTime() - started) / 1e9;
            pool.shutdown();
            List<String> calls = f.loopback.calls();
            System.out.printf("scale-up: %d NodeClaims, %d in flight, %d ms per EC2 call: %.1f s, %d EC2 calls %s, %d launches retried, %d instances running%n",
                    claims, threads, latencyMillis, seconds, calls.size(), byAction(calls), retries.get(), f.world.running().size());
        }
    }

    /** {@code create}, tried again at once when it fails retryably, as the controller does at its next tick. */
    private static Instance launch(Ec2Provider ec2, NodeClaim claim, NodeClass nodeClass, AtomicInteger retries) {
        for (int attempt = 1; ; attempt++) {
            try {
                return ec2.provider.create(claim, nodeClass);
            } catch (CloudOperationException e) {
                if (!e.retryable() || attempt == 5) throw e;
                retries.incrementAndGet();
            }
        }
    }

    private static List<NodeClaim> launch(CloudProvider cloud, NodeClass nodeClass, int nodes) {
        List<NodeClaim> out = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            NodeClaim claim = claim("node-" + i);
            Instance in = cloud.create(claim, nodeClass);
            out.add(claim.withStatus(new NodeClaim.Status(in.providerId(), in.type().name(), in.zone(), in.capacityType(), in.pricePerHour(),
                    in.type().capacity(), in.type().allocatable(), null, List.of())));
        }
        return out;
    }

    private static Map<String, Long> byAction(List<String> calls) {
        Map<String, Long> out = new TreeMap<>();
        for (String c : calls) out.merge(c, 1L, Long::sum);
        return out;
    }

    private static NodePool pool() {
        return new NodePool("default", 0, Map.of(), List.of(), List.of(), List.of(), "default", Limits.NONE, Disruption.DEFAULT);
    }

    private static NodeClaim claim(String name) {
        return new NodeClaim(name, "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(new Requirement(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, List.of("m5.large", "c5.large")),
                        new Requirement(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, List.of("on-demand"))),
                ResourceList.of(500, 1024), List.of(), List.of(), Instant.parse("2026-11-25T11:59:00Z"), false, null);
    }
}
