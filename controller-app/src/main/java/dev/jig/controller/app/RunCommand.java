package dev.jig.controller.app;

import com.sun.net.httpserver.HttpServer;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.loop.ControllerLoop;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.LeaderElection;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.metrics.MetricsTimeline;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.provisioning.Provisioner;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code jig-controller run}: the controller in a cluster, with the current kubeconfig or in-cluster
 * service account. Informers feed the provisioner, which runs every second while this replica
 * holds the Lease; Prometheus metrics on {@code :PORT/metrics}. The AWS EC2 provider comes with a
 * later issue: until then the cloud is the simulated one, so NodeClaims are planned, written and
 * "launched" for real in the API while no instance starts.
 */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the controller against the cluster of the current kubeconfig.")
final class RunCommand implements Callable<Integer> {

    private static volatile boolean running;

    @Option(names = "--namespace", defaultValue = "jig-system", description = "Namespace of the leader election Lease (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--identity", description = "This replica's name in the Lease (default: host name).")
    String identity;

    @Option(names = "--zones", split = ",", defaultValue = "us-east-1a,us-east-1b,us-east-1c", description = "Zones of the simulated cloud.")
    List<String> zones;

    @Option(names = "--metrics-port", defaultValue = "8080", description = "Port of the /metrics endpoint; 0 to turn it off.")
    int metricsPort;

    static boolean running() {
        return running;
    }

    @Override
    public Integer call() throws Exception {
        running = true;
        String id = identity != null ? identity : System.getenv().getOrDefault("HOSTNAME", "jig-controller-" + new SecureRandom().nextInt(100_000));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Clock clock = Clock.systemUTC();
        KubernetesClient client = new KubernetesClientBuilder().build();
        KubeCluster cluster = new KubeCluster(client);
        while (!cluster.synced()) Thread.sleep(100);
        SimulatedCloud cloud = new SimulatedCloud(new InstanceTypeResolver(Catalog.bundled(), zones, true), clock, Duration.ofSeconds(30),
                new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        Timeline log = new MetricsTimeline(registry, Timeline.slf4j());
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, log);
        Provisioner provisioner = new Provisioner(cluster, cloud, lifecycle, clock, log, new NameGenerator(new SecureRandom()));
        ControllerLoop loop = new ControllerLoop(List.of(Reconciler.of("provisioning", provisioner::reconcile)), Duration.ofSeconds(1));
        HttpServer metrics = metricsPort == 0 ? null : HttpServer.create(new InetSocketAddress(metricsPort), 0);
        if (metrics != null) {
            metrics.createContext("/metrics", exchange -> {
                byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            metrics.start();
        }
        LeaderElection election = new LeaderElection(client, namespace, id, Duration.ofSeconds(15), loop::start, loop::stop);
        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            election.close();
            loop.close();
            cluster.close();
            if (metrics != null) metrics.stop(0);
            client.close();
            done.countDown();
        }));
        done.await();
        return Main.OK;
    }
}
