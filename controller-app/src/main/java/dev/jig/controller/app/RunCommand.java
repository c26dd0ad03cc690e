package dev.jig.controller.app;

import dev.jig.api.diag.ExitCode;
import dev.jig.aws.cloud.AwsCloud;
import dev.jig.aws.kube.NodeClassStatusReconciler;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.LeaderElection;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.lifecycle.LaunchPool;
import dev.jig.controller.loop.Cadence;
import dev.jig.controller.loop.ControllerLoop;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.metrics.DisruptionMeters;
import dev.jig.controller.metrics.MeteredCloudProvider;
import dev.jig.controller.metrics.MetricsTimeline;
import dev.jig.controller.metrics.ProvisioningMeters;
import dev.jig.controller.metrics.ReconcileMeters;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.run.RunReconcilers;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jig-controller run}: the controller in a cluster, with a kubeconfig or the in-cluster
 * service account. It first checks that the API server answers (and says which one it tried when
 * it does not), then starts the informers and logs which ones it still waits for; informers feed
 * the reconcilers of {@link RunReconcilers} (interruption, pod events, provisioning, disruption,
 * termination, orphan collection) and the cloud's own, each on its own worker and cadence while this replica holds
 * the Lease; NodeClaims launch on a pool of {@code --launch-concurrency} workers. {@code /metrics},
 * {@code /healthz} and {@code /readyz} are served on {@code --metrics-port}. Every option has an
 * environment fallback, so the Helm chart configures it like the webhook. {@code --cloud aws}
 * launches EC2 instances (see {@link CloudOptions}; wrong settings stop the start with exit code 2);
 * the default, {@code sim}, plans, writes and "launches" NodeClaims for real in the API while no
 * instance starts.
 */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the controller against a cluster (kubeconfig or in-cluster service account).")
final class RunCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);
    /** How long a leading reconciler may go without beginning a reconcile (beyond its period), or spend in one, before /healthz fails (a reconcile may wait on EC2 retries). */
    private static final Duration LOOP_STALL = Duration.ofMinutes(5);
    private static volatile boolean running;

    @Option(names = "--kubeconfig",
            description = "Kubeconfig file (default: the files in KUBECONFIG, merged as kubectl does, else ~/.kube/config, else the in-cluster service account).")
    String kubeconfig;

    @Option(names = "--context", defaultValue = "${env:JIG_KUBE_CONTEXT}", description = "Kubeconfig context (env JIG_KUBE_CONTEXT; default: the current one).")
    String context;

    @Option(names = "--namespace", defaultValue = "${env:JIG_NAMESPACE:-jig-system}",
            description = "Namespace of the leader election Lease (env JIG_NAMESPACE; default: jig-system).")
    String namespace;

    @Option(names = "--identity", defaultValue = "${env:POD_NAME}", description = "This replica's name in the Lease (env POD_NAME; default: host name).")
    String identity;

    @Option(names = "--zones", split = ",", defaultValue = "${env:JIG_ZONES:-us-east-1a,us-east-1b,us-east-1c}",
            description = "Zones of the simulated cloud (env JIG_ZONES).")
    List<String> zones;

    @Option(names = "--metrics-port", defaultValue = "${env:JIG_METRICS_PORT:-8080}",
            description = "Port of /metrics, /healthz and /readyz (env JIG_METRICS_PORT; default: 8080); 0 to turn them off.")
    int metricsPort;

    @Option(names = "--nominate-pods", arity = "1", defaultValue = "${env:JIG_NOMINATE_PODS:-true}",
            description = "Write status.nominatedNodeName of pending pods planned onto a joining node (env JIG_NOMINATE_PODS; default: true). "
                    + "KEP-5278 (Kubernetes 1.35) documents the field as the kube-scheduler's: false writes none, as Karpenter does.")
    boolean nominatePods;

    @Option(names = "--batch-idle", converter = dev.jig.compiler.cli.CliRunner.DurationConverter.class, defaultValue = "${env:JIG_BATCH_IDLE:-1s}",
            description = "A batch of pending pods is planned once no new one came for this long (env JIG_BATCH_IDLE; default: 1s).")
    Duration batchIdle;

    @Option(names = "--batch-max", converter = dev.jig.compiler.cli.CliRunner.DurationConverter.class, defaultValue = "${env:JIG_BATCH_MAX:-10s}",
            description = "... and at the latest once the batch has been open this long (env JIG_BATCH_MAX; default: 10s).")
    Duration batchMax;

    @Option(names = "--launch-concurrency", defaultValue = "${env:JIG_LAUNCH_CONCURRENCY:-10}",
            description = "NodeClaims launched at once; the others wait their turn (env JIG_LAUNCH_CONCURRENCY; default: 10).")
    int launchConcurrency;

    @Mixin
    CloudOptions cloudOptions = new CloudOptions();

    @Option(names = "--sync-timeout", converter = dev.jig.compiler.cli.CliRunner.DurationConverter.class, defaultValue = "${env:JIG_SYNC_TIMEOUT:-5m}",
            description = "How long to wait for the informers' first list before giving up (env JIG_SYNC_TIMEOUT; a duration such as 90s or 5m, default: 5m).")
    Duration syncTimeout;

    private final java.util.function.BiFunction<Clock, List<String>, CloudWiring> cloudWiring;

    /** Against the simulated cloud (picocli's constructor). */
    RunCommand() {
        this(CloudWiring::simulated);
    }

    /** Against the cloud {@code cloudWiring} builds from the clock and {@code --zones}: its provider and interruption feed. */
    RunCommand(java.util.function.BiFunction<Clock, List<String>, CloudWiring> cloudWiring) {
        this.cloudWiring = cloudWiring;
    }

    static boolean running() {
        return running;
    }

    @Override
    public Integer call() throws Exception {
        List<String> problems = new ArrayList<>(cloudOptions.problems());
        problems.addAll(runtimeProblems());
        if (!problems.isEmpty()) {
            LOG.atError().addKeyValue("event", "invalid-settings").addKeyValue("problems", problems).log("cannot start: {}", String.join("; ", problems));
            for (String p : problems) System.err.println("jig-controller: " + p);
            return ExitCode.USAGE;
        }
        KubeConnection connection = KubeConnection.open(kubeconfig, context);
        Optional<String> unreachable = connection.probe();
        if (unreachable.isPresent()) {
            LOG.atError().addKeyValue("event", "api-unreachable").addKeyValue("server", connection.server())
                    .log("{}", unreachable.get());
            connection.client().close();
            System.err.println("jig-controller: " + unreachable.get());
            return ExitCode.USAGE;
        }
        running = true;
        KubernetesClient client = connection.client();
        String id = identity != null ? identity : System.getenv().getOrDefault("HOSTNAME", "jig-controller-" + new SecureRandom().nextInt(100_000));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        Clock clock = Clock.systemUTC();
        KubeCluster cluster = new KubeCluster(client);
        // Ready only once the controller has started in full (its shutdown hook is in place), so that a
        // SIGTERM after the first ready probe always stops it gracefully.
        AtomicBoolean started = new AtomicBoolean();
        // Unhealthy when the loop leads but has not begun a tick for LOOP_STALL: the kubelet restarts a replica
        // that would otherwise keep the Lease without provisioning, disrupting or draining.
        java.util.concurrent.atomic.AtomicReference<ControllerLoop> running = new java.util.concurrent.atomic.AtomicReference<>();
        OpsServer ops = metricsPort == 0 ? null : new OpsServer("0.0.0.0", metricsPort, registry,
                () -> !cluster.synced() ? Optional.of("waiting for informers: " + String.join(", ", cluster.unsynced()))
                        : started.get() ? Optional.empty() : Optional.of("starting"),
                () -> {
                    List<String> stalled = running.get() == null ? List.of() : running.get().stalledReconcilers(LOOP_STALL);
                    return stalled.isEmpty() ? Optional.empty()
                            : Optional.of("reconcilers stalled (no reconcile begun, or one running, for " + LOOP_STALL + "): " + String.join(", ", stalled));
                });
        if (!awaitSync(cluster, clock)) {
            String message = "informers did not list within " + syncTimeout + ": " + String.join(", ", cluster.unsynced())
                    + ". Are the Karpenter CRDs installed, and may this service account list these resources?";
            LOG.atError().addKeyValue("event", "sync-timeout").addKeyValue("unsynced", cluster.unsynced()).log("{}", message);
            System.err.println("jig-controller: " + message);
            if (ops != null) ops.close();
            cluster.close();
            client.close();
            return ExitCode.USAGE;
        }
        CloudWiring wiring = cloudOptions.aws() ? awsWiring(client, clock, registry) : cloudWiring.apply(clock, zones);
        CloudProvider cloud = new MeteredCloudProvider(wiring.provider(), registry);
        CloudEventSource events = wiring.events();
        Timeline log = new MetricsTimeline(registry, Timeline.slf4j());
        DisruptionMeters meters = new DisruptionMeters(registry);
        LaunchPool launches = LaunchPool.of(launchConcurrency);
        List<Cadence> cadences = new ArrayList<>(RunReconcilers.schedule(cluster, cloud, events, clock, log, new NameGenerator(new SecureRandom()),
                new RunReconcilers.Metrics(meters, meters, new ProvisioningMeters(registry)),
                new RunReconcilers.Options(nominatePods, batchIdle, batchMax, launches)));
        for (Reconciler r : wiring.reconcilers()) cadences.add(new Cadence(r, RunReconcilers.PROVIDER));
        cadences.add(new Cadence(new KarpenterDetector(client, registry), KarpenterDetector.PERIOD));
        cadences.add(new Cadence(new dev.jig.controller.metrics.Showback(cluster, registry), java.time.Duration.ofSeconds(30)));
        ControllerLoop loop = new ControllerLoop(cadences, new ReconcileMeters(registry));
        RunReconcilers.wakeProvisioningOnPods(cluster, loop);
        running.set(loop);
        // leader loss: no reconcile starts, the running ones end (bounded), queued launches are dropped for the next leader
        Runnable stopLeading = () -> {
            loop.stop();
            launches.stop(ControllerLoop.STOP_WAIT);
        };
        CountDownLatch done = new CountDownLatch(1);
        AtomicBoolean lost = new AtomicBoolean();
        // a replica that loses the Lease exits (code 1) rather than lead again with the state of its last term
        LeaderElection election = new LeaderElection(client, namespace, id, Duration.ofSeconds(15), loop::start, stopLeading, () -> {
            lost.set(true);
            done.countDown();
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.atInfo().addKeyValue("event", "stopping").log("controller stopping");
            election.close();
            loop.close();
            launches.close();
            wiring.close();
            cluster.close();
            if (ops != null) ops.close();
            client.close();
            done.countDown();
        }));
        LOG.atInfo().addKeyValue("event", "started").addKeyValue("identity", id).addKeyValue("cloud", cloud.name())
                .addKeyValue("metricsPort", ops == null ? 0 : ops.port()).log("controller started; campaigning for the Lease {}/{}", namespace, LeaderElection.LEASE_NAME);
        started.set(true);
        done.await();
        if (lost.get()) {
            System.err.println("jig-controller: lost the Lease " + namespace + "/" + LeaderElection.LEASE_NAME + "; exiting so that a clean replica takes over");
            return ExitCode.FINDINGS;
        }
        return ExitCode.OK;
    }

    /** What is wrong with the runtime options ({@code --batch-idle}, {@code --batch-max}, {@code --launch-concurrency}). */
    List<String> runtimeProblems() {
        List<String> out = new ArrayList<>();
        if (batchIdle == null || batchIdle.isNegative() || batchIdle.isZero()) out.add("--batch-idle must be a positive duration, got " + batchIdle);
        if (batchMax == null || batchIdle != null && batchMax.compareTo(batchIdle) < 0) {
            out.add("--batch-max must be at least --batch-idle (" + batchIdle + "), got " + batchMax);
        }
        if (launchConcurrency < 1) out.add("--launch-concurrency must be at least 1, got " + launchConcurrency);
        return out;
    }

    /** {@code --cloud aws}: the EC2 provider, the SQS interruption feed ({@code --interruption-queue}), and the provider's own reconcilers. */
    private CloudWiring awsWiring(KubernetesClient client, Clock clock, PrometheusMeterRegistry registry) {
        AwsCloud aws = AwsComposition.create(cloudOptions, () -> kubernetesVersion(client), kubeDns(client), clock, registry);
        return new CloudWiring(aws.provider(), AwsComposition.events(cloudOptions, clock, registry), List.of(aws.launchTemplateCollection(),
                new NodeClassStatusReconciler(client, aws.resolver(), clock, Duration.ofSeconds(30), registry), aws.nodeClassTermination(client, registry)), aws);
    }

    /**
     * The ClusterIP of {@code kube-system/kube-dns}, the cluster DNS the kubelets are given unless a node class sets
     * {@code kubelet.clusterDNS} (Karpenter reads it the same way); empty, and said, when it cannot be read: then the
     * service CIDR's tenth address is used, as EKS assigns it.
     */
    static Optional<String> kubeDns(KubernetesClient client) {
        try {
            var service = client.services().inNamespace("kube-system").withName("kube-dns").get();
            String ip = service == null || service.getSpec() == null ? null : service.getSpec().getClusterIP();
            if (ip != null && !ip.isBlank() && !ip.equals("None")) {
                LOG.atInfo().addKeyValue("event", "cluster-dns").addKeyValue("ip", ip).log("cluster DNS {} (the kube-system/kube-dns Service)", ip);
                return Optional.of(ip);
            }
            LOG.atWarn().addKeyValue("event", "cluster-dns").log("no kube-system/kube-dns Service with a ClusterIP; the cluster DNS is the service CIDR's tenth address");
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            LOG.atWarn().addKeyValue("event", "cluster-dns").log("cannot read kube-system/kube-dns ({}); the cluster DNS is the service CIDR's tenth address",
                    e.getCode() == 403 ? "forbidden" : e.getMessage());
        }
        return Optional.empty();
    }

    /** The API server's Kubernetes version as {@code major.minor} ({@code 1.31}), for AMI aliases. */
    static String kubernetesVersion(KubernetesClient client) {
        var v = client.getKubernetesVersion();
        return v.getMajor().replaceAll("\\D", "") + "." + v.getMinor().replaceAll("\\D", "");
    }

    /** Waits for every informer's first list, logging every 10 s which ones it still waits for. */
    private boolean awaitSync(KubeCluster cluster, Clock clock) throws InterruptedException {
        Instant start = clock.instant();
        Instant nextLog = start;
        while (!cluster.synced()) {
            Instant now = clock.instant();
            if (now.isAfter(start.plus(syncTimeout))) return false;
            if (!now.isBefore(nextLog)) {
                LOG.atInfo().addKeyValue("event", "waiting-for-informers").addKeyValue("unsynced", cluster.unsynced())
                        .log("waiting for informers: {}", String.join(", ", cluster.unsynced()));
                nextLog = now.plusSeconds(10);
            }
            Thread.sleep(100);
        }
        LOG.atInfo().addKeyValue("event", "informers-synced").log("informers synced in {} ms", Duration.between(start, clock.instant()).toMillis());
        return true;
    }
}
