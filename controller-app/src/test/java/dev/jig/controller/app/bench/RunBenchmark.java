package dev.jig.controller.app.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.aws.loopback.Ec2World;
import dev.jig.controller.app.AwsControllerProcess;
import dev.jig.controller.app.KarpenterApi;
import dev.jig.aws.loopback.LoopbackEc2;
import dev.jig.controller.kube.KubeCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.InetAddress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * {@code jig-controller run} as it runs in a cluster, measured from outside: the shaded jar in its own JVM (the chart's
 * {@code -XX:+UseSerialGC} and a heap of 60% of the chart's 1 GiB limit) against fabric8's mock API server in CRUD mode and
 * the loopback EC2 with {@code createMillis} added to every EC2 call, with {@link ClusterEmulator} playing kubelets,
 * kube-scheduler, ReplicaSets and evictions. The workload is Karpenter's performance suite's <b>basic</b> test
 * ({@code examples/scenarios/perf/basic.yaml}: 500 pods of 900m/3100Mi and 500 of 3500m/28Gi on c5, m5, r5, c6g, m6g and
 * r6g below 32 CPUs in 4 zones), scaled by {@code pods}; between its scale-out and its consolidation, the <b>pod
 * latency</b> probe: pods that each need a node of their own, alone (idle) and while floods of 100 such pods keep up to
 * 100 launches in flight (the probes come once a flood's NodeClaims exist), each timed from its creation to the first
 * sight of its NodeClaim, or of its {@code Nominated} Event when the controller placed it on a NodeClaim already in
 * flight (one a flood pod was planned for and the kube-scheduler bound elsewhere).
 *
 * <p>Per phase it prints the wall time, the nodes, the controller process's peak and p95 resident memory and its
 * average CPU (from {@code /proc}), and the EC2 calls; then the EC2 calls of one quiet minute. Upstream's thresholds
 * for basic are beside them.
 *
 * <p>Arguments: {@code jar [pods=1000] [createMillis=300] [floods=3] [consolidateLimitSeconds=600]}; see {@code bench/run.sh}.
 */
public final class RunBenchmark {

    private static final ClusterEmulator.Deployment SMALL = new ClusterEmulator.Deployment("small-resource-app", "900m", "3100Mi");
    private static final ClusterEmulator.Deployment LARGE = new ClusterEmulator.Deployment("large-resource-app", "3500m", "28Gi");
    private static final ClusterEmulator.Deployment FLOOD = new ClusterEmulator.Deployment("flood", "15", "1Gi");
    private static final List<String> ZONES = List.of("us-east-1a", "us-east-1b", "us-east-1c", "us-east-1d");

    private RunBenchmark() {
    }

    /** Held, so that the level set on it stays (java.util.logging keeps its loggers weakly). */
    private static final java.util.logging.Logger MOCK_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

    public static void main(String[] args) throws Exception {
        MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
        if (org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof ch.qos.logback.classic.Logger root) {
            root.setLevel(ch.qos.logback.classic.Level.WARN);
        }
        Path jar = Path.of(args[0]);
        int pods = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        long createMillis = args.length > 2 ? Long.parseLong(args[2]) : 300;
        int floods = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        long consolidateLimit = args.length > 4 ? Long.parseLong(args[4]) : 600;
        System.out.printf(Locale.ROOT, "jig-controller run vs the mock API server and the loopback EC2 (+%d ms a call): basic with %d pods; controller on %s, %d cpus%n",
                createMillis, pods, javaVersion(AwsControllerProcess.java()), Runtime.getRuntime().availableProcessors());
        System.out.println("controller JVM options (the chart's): " + String.join(" ", AwsControllerProcess.chartJvmOptions()));

        Ec2World world = world();
        KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        Path dir = Files.createTempDirectory("jig-run-bench");
        // The emulated cluster (kube-scheduler, kubelets, ReplicaSets) runs on the Vert.x client it was first measured
        // with; the controller under test runs on the JDK client it ships with.
        try (LoopbackEc2 ec2 = new LoopbackEc2(world); KubernetesClient client = server.createClient(new VertxHttpClientFactory())) {
            ec2.latency(Duration.ofMillis(createMillis));
            karpenter(client);
            AwsControllerProcess run = new AwsControllerProcess(jar, dir, client.getMasterUrl().toString(), ec2.uri().toString(), List.of(), Map.of());
            Process controller = run.process;
            ProcessSampler sampler = new ProcessSampler(controller.pid());
            try (ClusterEmulator cluster = new ClusterEmulator(client, world, Duration.ofSeconds(2))) {
                await("the controller's /readyz", Duration.ofMinutes(2), run::ready, controller, dir);
                List<Row> rows = new ArrayList<>();

                // Phase 1: basic's scale-out
                int small = pods / 2;
                int large = pods - small;
                Mark m = new Mark(sampler, ec2);
                cluster.deployment(SMALL, small);
                cluster.deployment(LARGE, large);
                await("all " + pods + " pods bound", Duration.ofMinutes(15), () -> cluster.boundAndPending()[0] >= pods && cluster.boundAndPending()[1] == 0,
                        controller, dir);
                rows.add(m.row("basic scale-out", pods, nodes(client), "< 2m", "< 260", "< 0.5", utilisation(client)));

                // Pod latency: alone, then while floods keep about 100 launches in flight
                m = new Mark(sampler, ec2);
                List<Double> idle = new ArrayList<>();
                List<Double> flooded = new ArrayList<>();
                List<Integer> inFlight = new ArrayList<>();
                List<Probe> probes = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    probes.add(probe(cluster));
                    Thread.sleep(3000);
                }
                idle.addAll(latencies(cluster, probes));
                probes.clear();
                for (int f = 0; f < floods; f++) {
                    int before = claims(client);
                    for (int i = 0; i < 100; i++) cluster.createPod(FLOOD);
                    // the probes come once the flood's NodeClaims exist and launch, not into the flood's own batch
                    long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                    while (claims(client) < before + 100 && System.nanoTime() < end) Thread.sleep(100);
                    for (int i = 0; i < 4; i++) {
                        inFlight.add(inFlight(client));
                        probes.add(probe(cluster));
                        Thread.sleep(2000);
                    }
                    Thread.sleep(3000);
                }
                Thread.sleep(3000);
                flooded.addAll(latencies(cluster, probes));
                rows.add(m.row("probes and " + floods + " floods of 100", 0, nodes(client), "", "", "", ""));

                // Phase 2: basic's consolidation, after the probes and floods are gone
                m = new Mark(sampler, ec2);
                cluster.deletePods("probe");
                cluster.deletePods(FLOOD.name());
                cluster.scale(SMALL.name(), small * 7 / 10);
                cluster.scale(LARGE.name(), large * 7 / 10);
                int remaining = small * 7 / 10 + large * 7 / 10;
                settle(client, cluster, remaining, Duration.ofSeconds(consolidateLimit));
                rows.add(m.row("basic consolidation", remaining, nodes(client), "< 20m", "< 260", "< 0.25", utilisation(client)));

                // One quiet minute: the EC2 calls of the whole controller with nothing to do
                m = new Mark(sampler, ec2);
                Thread.sleep(60_000);
                Row quiet = m.row("quiet minute", remaining, nodes(client), "", "", "", "");
                rows.add(quiet);

                System.out.printf(Locale.ROOT, "%-30s %6s %6s %10s %13s %13s %13s %8s %10s  %s%n", "phase", "pods", "nodes", "wall", "peak RSS MB",
                        "p95 RSS MB", "avg cores", "CPU s", "EC2 calls", "utilisation cpu/mem");
                for (Row r : rows) System.out.println(r);
                System.out.printf(Locale.ROOT, "pod latency, creation -> its NodeClaim (or Nominated Event) seen: idle p50 %.2f s p99 %.2f s (%d probes); "
                                + "under floods p50 %.2f s p99 %.2f s (%d probes, launches in flight at probe median %d, max %d) [goal p99 <= 2 s]%n",
                        pct(idle, 50), pct(idle, 99), idle.size(), pct(flooded, 50), pct(flooded, 99), flooded.size(),
                        median(inFlight), inFlight.stream().mapToInt(Integer::intValue).max().orElse(0));
                System.out.println("  idle probes (s): " + sorted(idle) + "; under floods (s): " + sorted(flooded) + ", launches in flight: " + inFlight
                        + "; probes placed on a NodeClaim already in flight (timed to their Nominated Event): " + ONTO_IN_FLIGHT.get()
                        + "; bound to a node already there (no NodeClaim needed, left out): " + ON_EXISTING_NODES.get());
                System.out.printf(Locale.ROOT, "EC2 calls in the quiet minute: %d %s [goal <= 20]%n", quiet.calls, quiet.byAction);
                if (cluster.lastError() != null) System.out.println("emulator's last error: " + cluster.lastError());
            } finally {
                sampler.close();
                run.close();
            }
        } finally {
            server.destroy();
        }
    }

    private static Ec2World world() {
        Catalog catalog = Catalog.bundled();
        Ec2World world = new Ec2World(Clock.systemUTC(), catalog);
        Set<String> families = Set.of("c5", "m5", "r5", "c6g", "m6g", "r6g");
        for (InstanceType t : catalog.all()) {
            if (families.contains(t.family()) && t.vcpu() < 32 && !t.bareMetal()) world.offer(t.name(), 0.4, ZONES.toArray(String[]::new));
        }
        Map<String, String> discovery = Map.of("karpenter.sh/discovery", "demo");
        // /19 subnets, as eksctl makes them: room for every instance of the run
        for (int i = 0; i < ZONES.size(); i++) world.subnet("subnet-0" + (char) ('a' + i), ZONES.get(i), 8187, discovery);
        return world.securityGroup("sg-0node", "demo-node", discovery)
                .image("ami-0amd64", "amazon-eks-node-al2023-x86_64-standard-1.31-v20261101", "x86_64", "2026-11-01T00:00:00.000Z", Map.of())
                .image("ami-0arm64", "amazon-eks-node-al2023-arm64-standard-1.31-v20261101", "arm64", "2026-11-01T00:00:00.000Z", Map.of());
    }

    /** Karpenter's CRDs, basic's NodePool and its EC2NodeClass. */
    private static void karpenter(KubernetesClient client) {
        dev.jig.controller.kube.MockCluster.crds(client);
        KarpenterApi.create(client, KubeCluster.NODE_POOLS, """
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
                 "spec": {"template": {"spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
                   "expireAfter": "Never",
                   "requirements": [{"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]},
                                    {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]},
                                    {"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["c5", "m5", "r5", "c6g", "m6g", "r6g"]},
                                    {"key": "karpenter.k8s.aws/instance-cpu", "operator": "Lt", "values": ["32"]}]}},
                  "disruption": {"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "30s", "budgets": [{"nodes": "100%"}]}}}""");
        KarpenterApi.create(client, KubeCluster.NODE_CLASSES, """
                {"apiVersion": "karpenter.k8s.aws/v1", "kind": "EC2NodeClass", "metadata": {"name": "default"},
                 "spec": {"instanceProfile": "demo-nodes", "amiSelectorTerms": [{"id": "ami-0amd64"}, {"id": "ami-0arm64"}],
                   "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
                   "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}}""");
    }


    /** The first line {@code java -version} prints ({@code openjdk version "17.0.15" 2025-04-15}). */
    private static String javaVersion(Path java) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
        String first = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().findFirst().orElse("?");
        p.waitFor();
        return first;
    }

    private static void await(String what, Duration limit, BooleanSupplier done, Process controller, Path dir) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            if (!controller.isAlive() || System.nanoTime() > end) {
                throw new IllegalStateException("not reached within " + limit + ": " + what + " (controller " + (controller.isAlive() ? "running" : "exited")
                        + "; its output is in " + dir + ")");
            }
            Thread.sleep(250);
        }
    }

    /** Waits until the pods are bound and the nodes have not changed for a minute, with no NodeClaim deleting, or the limit. */
    private static void settle(KubernetesClient client, ClusterEmulator cluster, int pods, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        Set<String> last = Set.of();
        long stableSince = System.nanoTime();
        while (System.nanoTime() < end) {
            Set<String> now = new java.util.TreeSet<>();
            boolean deleting = false;
            for (GenericKubernetesResource c : client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems()) {
                now.add(c.getMetadata().getName());
                deleting |= c.getMetadata().getDeletionTimestamp() != null;
            }
            if (!now.equals(last) || deleting || cluster.boundAndPending()[1] > 0 || cluster.boundAndPending()[0] != pods) {
                last = now;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > Duration.ofSeconds(60).toNanos()) {
                return;
            }
            Thread.sleep(1000);
        }
        System.out.println("(the consolidation phase was cut at its limit of " + limit.toSeconds() + " s)");
    }

    private static int nodes(KubernetesClient client) {
        return client.nodes().list().getItems().size();
    }

    private static int claims(KubernetesClient client) {
        return client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().size();
    }

    private static int inFlight(KubernetesClient client) {
        int n = 0;
        for (GenericKubernetesResource c : client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems()) {
            Object status = c.getAdditionalProperties().get("status");
            if (!(status instanceof Map<?, ?> s) || s.get("providerID") == null) n++;
        }
        return n;
    }

    /** Average over the nodes with pods of requests / allocatable, for CPU and memory (upstream's reserved utilisation). */
    private static String utilisation(KubernetesClient client) {
        Map<String, double[]> used = new TreeMap<>();
        for (Pod p : client.pods().inNamespace(ClusterEmulator.NAMESPACE).list().getItems()) {
            String node = p.getSpec().getNodeName();
            if (node == null || node.isEmpty()) continue;
            double[] u = used.computeIfAbsent(node, k -> new double[2]);
            for (var c : p.getSpec().getContainers()) {
                u[0] += Quantity.getAmountInBytes(c.getResources().getRequests().get("cpu")).doubleValue();
                u[1] += Quantity.getAmountInBytes(c.getResources().getRequests().get("memory")).doubleValue();
            }
        }
        double cpu = 0;
        double memory = 0;
        int n = 0;
        for (var node : client.nodes().list().getItems()) {
            double[] u = used.get(node.getMetadata().getName());
            if (u == null) continue;
            cpu += u[0] / Quantity.getAmountInBytes(node.getStatus().getAllocatable().get("cpu")).doubleValue();
            memory += u[1] / Quantity.getAmountInBytes(node.getStatus().getAllocatable().get("memory")).doubleValue();
            n++;
        }
        return n == 0 ? "" : String.format(Locale.ROOT, "%.2f / %.2f", cpu / n, memory / n);
    }

    /** A probe: a pod that needs a node of its own (15 CPUs on types below 32), of a memory no other pod asks for. */
    private static Probe probe(ClusterEmulator cluster) {
        ClusterEmulator.Deployment d = new ClusterEmulator.Deployment("probe", "15", (2048 + PROBES.incrementAndGet()) + "Mi");
        return new Probe(cluster.createPod(d), d.memory());
    }

    /** A probe pod and the memory it alone asks for. */
    private record Probe(String pod, String memory) {
    }

    private static final java.util.concurrent.atomic.AtomicInteger PROBES = new java.util.concurrent.atomic.AtomicInteger();
    /** Probes placed on a NodeClaim already in flight (a flood's whose pod the kube-scheduler bound elsewhere): timed to their Nominated Event. */
    private static final java.util.concurrent.atomic.AtomicInteger ONTO_IN_FLIGHT = new java.util.concurrent.atomic.AtomicInteger();
    /** Probes the kube-scheduler bound to a node already there (one a scale-out left 15 CPUs free on): left out of the latencies. */
    private static final java.util.concurrent.atomic.AtomicInteger ON_EXISTING_NODES = new java.util.concurrent.atomic.AtomicInteger();

    private static List<Double> latencies(ClusterEmulator cluster, List<Probe> probes) {
        List<Double> out = new ArrayList<>();
        for (Probe p : probes) {
            double own = cluster.claimSeconds(p.pod(), p.memory());
            double told = cluster.nominatedSeconds(p.pod());
            if (own < 0 && told >= 0) ONTO_IN_FLIGHT.incrementAndGet();
            double bound = cluster.boundSeconds(p.pod());
            if (own < 0 && told < 0 && bound >= 0 && bound <= 1.0) {
                // the kube-scheduler found room for it on a node already there within a second, before any batch could
                // close: no NodeClaim was needed, nothing to time (bound later, it still counts as never placed)
                ON_EXISTING_NODES.incrementAndGet();
                continue;
            }
            double s = own < 0 ? told : told < 0 ? own : Math.min(own, told);
            out.add(s < 0 ? Double.POSITIVE_INFINITY : s);
        }
        return out;
    }

    private static String sorted(List<Double> values) {
        return values.stream().sorted().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList().toString();
    }

    static double pct(List<Double> values, int p) {
        if (values.isEmpty()) return Double.NaN;
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v[Math.min(v.length - 1, (int) Math.ceil(p / 100.0 * v.length) - 1)];
    }

    private static int median(List<Integer> values) {
        if (values.isEmpty()) return 0;
        int[] v = values.stream().mapToInt(Integer::intValue).sorted().toArray();
        return v[v.length / 2];
    }

    /** A phase's start: the sampler's and the loopback EC2's positions. */
    private static final class Mark {
        final ProcessSampler sampler;
        final LoopbackEc2 ec2;
        final long started = System.nanoTime();
        final int sample;
        final double cpu;
        final int calls;

        Mark(ProcessSampler sampler, LoopbackEc2 ec2) {
            this.sampler = sampler;
            this.ec2 = ec2;
            this.sample = sampler.samples();
            this.cpu = sampler.cpuSeconds();
            this.calls = ec2.calls().size();
        }

        Row row(String phase, int pods, int nodes, String wallGoal, String rssGoal, String cpuGoal, String utilisation) {
            double wall = (System.nanoTime() - started) / 1e9;
            long[] rss = sampler.rssSince(sample);
            List<String> calls = ec2.calls().subList(this.calls, ec2.calls().size());
            Map<String, Integer> byAction = new TreeMap<>();
            for (String c : calls) byAction.merge(c, 1, Integer::sum);
            return new Row(phase, pods, nodes, wall, wallGoal, rss.length == 0 ? 0 : rss[rss.length - 1], percentile(rss, 95), rssGoal,
                    (sampler.cpuSeconds() - cpu) / wall, cpuGoal, calls.size(), byAction, utilisation);
        }

        private static long percentile(long[] sorted, int p) {
            return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
        }
    }

    private record Row(String phase, int pods, int nodes, double wall, String wallGoal, long peakKb, long p95Kb, String rssGoal, double cores,
                       String cpuGoal, int calls, Map<String, Integer> byAction, String utilisation) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%-30s %6d %6d %10s %13s %13s %13s %8.1f %10d  %s", phase, pods, nodes,
                    String.format(Locale.ROOT, "%dm%02ds", (long) wall / 60, (long) wall % 60) + goal(wallGoal),
                    (peakKb / 1024) + goal(rssGoal), String.valueOf(p95Kb / 1024), String.format(Locale.ROOT, "%.2f", cores) + goal(cpuGoal),
                    cores * wall, calls, utilisation);
        }

        private static String goal(String g) {
            return g.isEmpty() ? "" : " [" + g + "]";
        }
    }

    /** Resident memory and CPU time of a process, read from {@code /proc} every 250 ms. */
    private static final class ProcessSampler implements AutoCloseable {
        private final long pid;
        private final List<Long> rssKb = new ArrayList<>();
        private final Thread thread;
        private final double ticksPerSecond = 100; // USER_HZ, which Linux fixes at 100 for /proc

        ProcessSampler(long pid) {
            this.pid = pid;
            thread = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    long rss = rss();
                    synchronized (rssKb) {
                        if (rss > 0) rssKb.add(rss);
                    }
                    try {
                        Thread.sleep(250);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "process-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        int samples() {
            synchronized (rssKb) {
                return rssKb.size();
            }
        }

        long[] rssSince(int from) {
            synchronized (rssKb) {
                long[] v = rssKb.subList(from, rssKb.size()).stream().mapToLong(Long::longValue).toArray();
                Arrays.sort(v);
                return v;
            }
        }

        private long rss() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                    if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
                }
            } catch (IOException | NumberFormatException e) {
                return 0;
            }
            return 0;
        }

        /** utime + stime of the process, in seconds. */
        double cpuSeconds() {
            try {
                String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / ticksPerSecond;
            } catch (IOException e) {
                return 0;
            }
        }

        @Override
        public void close() {
            thread.interrupt();
        }
    }
}
