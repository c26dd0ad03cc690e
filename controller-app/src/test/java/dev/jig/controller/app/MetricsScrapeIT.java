package dev.jig.controller.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.aws.loopback.LoopbackSqs;
import dev.jig.controller.app.bench.ClusterEmulator;
import dev.jig.controller.kube.KubeCluster;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every controller metric the chart's alerts and Grafana dashboard name is one the running controller exports: the
 * shaded jar runs {@code run --cloud aws} against the mock API server, the loopback EC2 and SQS, with a tenancy, one
 * refused launch, one failed read of the interruption queue, a pod that gets a node and leaves it empty (so emptiness
 * decides); its {@code /metrics} is scraped while the node runs and after, and each name of
 * {@code charts/jig/files/alerts.yaml} and {@code dashboard.json} outside {@code jig_webhook_*} must be a sample's
 * name in those scrapes (the webhook's are scraped by the webhook's own test). A panel or alert on a metric that was renamed, or is never exported, fails here.
 */
@EnableKubernetesMockClient(crud = true)
class MetricsScrapeIT {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static final Path JAR = Path.of(System.getProperty("jig.controller.jar", "target/jig-controller.jar"));

    KubernetesClient client;
    KubernetesMockServer server;

    @Test
    void everyControllerMetricOfTheAlertsAndTheDashboardIsExported(@TempDir Path dir) throws Exception {
        Set<String> named = namedByTheChart();
        assertThat(named).as("the chart names controller metrics").hasSizeGreaterThan(10);
        try (LoopbackFixture ec2 = new LoopbackFixture(); LoopbackSqs sqs = new LoopbackSqs().createQueue("demo-interruption")) {
            world(client);
            // one launch EC2 refuses for good, and one failed read of the interruption queue
            ec2.loopback.failNext("CreateFleet", 1, new AwsError(403, "UnauthorizedOperation", "You are not authorized to perform this operation."));
            sqs.failNext("ReceiveMessage", 1, new AwsError(400, "AWS.SimpleQueueService.NonExistentQueue", "The specified queue does not exist."));
            try (AwsControllerProcess run = new AwsControllerProcess(JAR, dir, client.getMasterUrl().toString(), ec2.loopback.uri().toString(),
                    List.of("--interruption-queue", "demo-interruption"), Map.of("AWS_ENDPOINT_URL_SQS", sqs.endpoint().toString()));
                 ClusterEmulator cluster = new ClusterEmulator(client, ec2.world, Duration.ZERO)) {
                await(run, "ready", Duration.ofSeconds(90), run::ready);
                String pod = cluster.createPod(new ClusterEmulator.Deployment("web", "500m", "1Gi"));
                await(run, "the pod bound", Duration.ofSeconds(90), () -> cluster.boundAndPending()[0] == 1);
                // while the node runs: its cost (showback sets it every 30 s)
                Set<String> seen = new TreeSet<>();
                long alive = System.nanoTime() + Duration.ofSeconds(45).toNanos();
                while (!seen.contains("jig_tenant_cost_dollars_per_hour") && System.nanoTime() < alive) {
                    seen.addAll(samples(run.metrics()));
                    Thread.sleep(1000);
                }
                client.pods().inNamespace(ClusterEmulator.NAMESPACE).withName(pod).delete();
                await(run, "emptiness deciding", Duration.ofSeconds(120), () -> run.metrics().contains("jig_voluntary_disruption_decisions_total{"));
                // gauges a periodic reconciler sets (showback every 30 s) may come a little later
                long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                seen.addAll(samples(run.metrics()));
                List<String> missing = missing(named, seen);
                while (!missing.isEmpty() && System.nanoTime() < end) {
                    Thread.sleep(1000);
                    seen.addAll(samples(run.metrics()));
                    missing = missing(named, seen);
                }
                assertThat(missing).as("named by the chart, not exported").isEmpty();
                assertThat(missing(Set.of("jig_not_a_metric_total"), seen)).as("the check can fail").isNotEmpty();
            }
        }
    }

    /** The metric names the alerts and the dashboard use, but the webhook's. */
    private static Set<String> namedByTheChart() throws Exception {
        String text = Files.readString(ROOT.resolve("charts/jig/files/alerts.yaml")) + Files.readString(ROOT.resolve("charts/jig/files/dashboard.json"));
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("\\bjig_[a-z0-9_]+").matcher(text);
        while (m.find()) if (!m.group().startsWith("jig_webhook_")) out.add(m.group());
        return out;
    }

    /** The names of the samples of a scrape. */
    static Set<String> samples(String scrape) {
        Set<String> out = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            int end = line.indexOf('{');
            out.add(end < 0 ? line.substring(0, line.indexOf(' ')) : line.substring(0, end));
        }
        return out;
    }

    /** The names of {@code named} no sample had. */
    static List<String> missing(Set<String> named, Set<String> samples) {
        List<String> out = new ArrayList<>();
        for (String n : named) if (!samples.contains(n)) out.add(n);
        return out;
    }

    private static void await(AwsControllerProcess run, String what, Duration limit, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end || !run.process.isAlive()) {
                throw new AssertionError("not reached within " + limit + ": " + what + "\n" + run.output());
            }
            Thread.sleep(500);
        }
    }

    /** Karpenter's CRDs, a NodePool that consolidates at once, its EC2NodeClass, and a tenancy where tenant alpha owns the pool. */
    private static void world(KubernetesClient client) {
        dev.jig.controller.kube.MockCluster.crds(client);
        KarpenterApi.create(client, KubeCluster.NODE_POOLS, """
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
                 "spec": {"template": {"spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
                   "requirements": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["m5.large", "c5.large"]},
                                    {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}]}},
                  "disruption": {"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "0s"}}}""");
        KarpenterApi.create(client, KubeCluster.NODE_CLASSES, """
                {"apiVersion": "karpenter.k8s.aws/v1", "kind": "EC2NodeClass", "metadata": {"name": "default"},
                 "spec": {"instanceProfile": "demo-nodes", "amiSelectorTerms": [{"id": "ami-0amd64"}],
                   "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
                   "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}}""");
        client.configMaps().inNamespace("jig-system").resource(new ConfigMapBuilder().withNewMetadata().withName("jig-tenancy").withNamespace("jig-system")
                .endMetadata().addToData("tenancy.json", """
                        {"format": "jig.dev/v1alpha1", "cluster": "demo", "tenancyKey": "jig.dev/tenant", "poolLabel": "jig.dev/pool",
                         "labelAdmins": [], "weightBands": {"regular": {"min": 1, "max": 79}, "reserved": {"min": 80, "max": 100}},
                         "tenants": {"alpha": {"isolation": "shared", "namespaces": ["bench"], "quota": {"cpu": "16", "memory": "64Gi"},
                                               "nodePools": ["default"]}},
                         "namespaces": {"bench": "alpha"}, "nodePools": {"default": "alpha"}}""").build()).create();
    }

}
