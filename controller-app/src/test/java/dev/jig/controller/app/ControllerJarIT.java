package dev.jig.controller.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.aws.instanceprofile.InstanceProfileName;
import dev.jig.aws.interruption.EventBridgeSamples;
import dev.jig.aws.loopback.Ec2World;
import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.LoopbackIam;
import dev.jig.aws.loopback.LoopbackSqs;
import dev.jig.aws.loopback.LoopbackSsm;
import dev.jig.aws.loopback.LoopbackPricing;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.KubeClusterIT;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The shaded {@code jig-controller.jar} as a user runs it: it logs JSON lines through logback (no
 * SLF4J fallback provider), says which API server it could not reach, and serves its health and
 * metrics endpoints once its informers have synced against an API server.
 */
@EnableKubernetesMockClient(crud = true)
class ControllerJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of(System.getProperty("jig.controller.jar", "target/jig-controller.jar"));

    KubernetesClient client;
    KubernetesMockServer server;

    @Test
    void withoutAnApiServerItSaysWhichServerItTriedAndExitsWithTwo(@TempDir Path dir) throws Exception {
        int closed = freePort();
        Path kubeconfig = kubeconfig(dir, "https://127.0.0.1:" + closed);
        Result r = run(List.of("run", "--kubeconfig", kubeconfig.toString(), "--metrics-port", "0"), Duration.ofSeconds(60), null);
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.stderr).contains("cannot reach the Kubernetes API server at https://127.0.0.1:" + closed, "kubeconfig " + kubeconfig, "--kubeconfig")
                .doesNotContain("SLF4J", "An error has occurred.", "\tat ");
        JsonNode line = jsonLines(r.stdout).stream().filter(l -> l.path("loggerName").asText().endsWith("RunCommand")).findFirst().orElseThrow();
        assertThat(line.path("level").asText()).isEqualTo("ERROR");
        assertThat(line.path("kvpList").toString()).contains("\"event\":\"api-unreachable\"");
    }

    @Test
    void awsPreflightChecksEachNodeClassOfTheClusterOneLineEachAndExitsWithOneOnAFailure(@TempDir Path dir) throws Exception {
        server.setVersionInfo(new VersionInfo.Builder().withMajor("1").withMinor("31").build());
        try (LoopbackFixture ec2 = new LoopbackFixture(); LoopbackIam iam = new LoopbackIam().role("demo-node-role");
             dev.jig.aws.loopback.LoopbackSqs sqs = new dev.jig.aws.loopback.LoopbackSqs().createQueue("demo-interruption")) {
            aPendingPodForAnEc2NodeClass("default", """
                    {"role": "demo-node-role", "amiSelectorTerms": [{"id": "ami-0amd64"}],
                     "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
                     "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}""");
            Path kubeconfig = kubeconfig(dir, client.getMasterUrl().toString());
            Result r = run(List.of("aws-preflight", "--kubeconfig", kubeconfig.toString(), "--cluster-name", "demo", "--region", "us-east-1",
                            "--interruption-queue", "demo-interruption"),
                    Map.of("AWS_ACCESS_KEY_ID", "AKIDTEST", "AWS_SECRET_ACCESS_KEY", "secret", "AWS_ENDPOINT_URL_EC2", ec2.loopback.uri().toString(),
                            "AWS_ENDPOINT_URL_IAM", iam.endpoint().toString(), "AWS_ENDPOINT_URL_SQS", sqs.endpoint().toString()),
                    Duration.ofSeconds(60), null);
            // the queue has no policy for EventBridge, and the account no spot service-linked role
            assertThat(r.exit).as(r.stdout + r.stderr).isEqualTo(1);
            assertThat(r.stdout.lines().filter(l -> !l.startsWith("{")).toList()).containsSubsequence(
                    "ok    credentials and region: EC2 answers in us-east-1: 4 instance types in [us-east-1a, us-east-1b]",
                    "ok    EC2NodeClass default subnets: subnet-0a (us-east-1a, 250 free addresses), subnet-0b (us-east-1b, 250 free addresses)",
                    "ok    EC2NodeClass default security groups: sg-0node (demo-node)",
                    "FAIL  interruption queue demo-interruption: its policy does not let EventBridge (events.amazonaws.com) sqs:SendMessage to it: "
                            + "spot interruptions would never arrive",
                    "2 of 8 checks failed");
            assertThat(r.stdout).contains("ok    EC2NodeClass default launch (dry run): RunInstances of a m5.large with ami-0amd64 in subnet-0a would succeed",
                    "FAIL  spot service-linked role: AWSServiceRoleForEC2Spot is missing");
            assertThat(ec2.world.running()).as("a dry run launches nothing").isEmpty();
            assertThat(r.stderr).doesNotContain("\tat ");
        }
    }

    @Test
    void runOnAwsWithMissingOrWrongSettingsNamesEachAndExitsWithTwoBeforeAnythingStarts() throws Exception {
        Result r = run(List.of("run", "--cloud", "aws", "--cluster-name", "demo", "--region", "us-east-1", "--cluster-endpoint", "http://plain",
                "--metrics-port", "0"), Duration.ofSeconds(60), null);
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.stderr).contains("jig-controller: --cluster-endpoint (JIG_CLUSTER_ENDPOINT) 'http://plain' is not an https:// URL",
                "jig-controller: --cluster-ca-bundle (JIG_CLUSTER_CA_BUNDLE) is required with --cloud aws",
                "jig-controller: --service-cidr (JIG_SERVICE_CIDR) is required with --cloud aws")
                .doesNotContain("--cluster-name", "--region", "Kubernetes API server", "SLF4J", "\tat ");
        JsonNode line = jsonLines(r.stdout).stream().filter(l -> l.path("loggerName").asText().endsWith("RunCommand")).findFirst().orElseThrow();
        assertThat(line.path("kvpList").toString()).contains("\"event\":\"invalid-settings\"");
    }

    @Test
    void onAwsItLaunchesAPendingPodsNodeThroughTheSdkAndWritesTheNodeClassStatus(@TempDir Path dir) throws Exception {
        try (LoopbackFixture ec2 = new LoopbackFixture()) {
            String ca = aPendingPodForAnEc2NodeClass("default", """
                    {"instanceProfile": "demo-nodes", "amiSelectorTerms": [{"id": "ami-0amd64"}],
                     "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
                     "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}""");
            Path kubeconfig = kubeconfig(dir, client.getMasterUrl().toString());
            Result r = run(List.of("run", "--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--identity", "it", "--cloud", "aws",
                            "--cluster-name", "demo", "--region", "us-east-1", "--cluster-endpoint", "https://api.demo.example",
                            "--cluster-ca-bundle", ca, "--service-cidr", "10.100.0.0/16", "--aws-endpoint-url", ec2.loopback.uri().toString()),
                    Map.of("AWS_ACCESS_KEY_ID", "AKIDTEST", "AWS_SECRET_ACCESS_KEY", "secret"), Duration.ofSeconds(90), base -> {
                        assertThat(ec2.world.running()).as("a running instance").hasSize(1);
                        assertThat(client.getKubernetesSerialization().convertValue(client.genericKubernetesResources(KubeCluster.NODE_CLASSES)
                                .withName("default").get(), JsonNode.class).path("status").path("conditions").toString())
                                .contains("\"type\":\"Ready\",\"status\":\"True\"");
                    });
            var instance = ec2.world.running().get(0);
            assertThat(instance.type()).isEqualTo("c5.large");
            assertThat(instance.tags()).containsEntry("kubernetes.io/cluster/demo", "owned").containsKey("karpenter.sh/nodeclaim");
            // the idempotency token is derived from the NodeClaim and fits EC2's 64 characters
            assertThat(ec2.world.fleetRequests().get(0)).containsEntry("ClientToken",
                    dev.jig.aws.fleet.ClientToken.of(instance.tags().get("karpenter.sh/nodeclaim"), 0));
            assertThat(ec2.world.fleetRequests().get(0).get("ClientToken")).hasSizeLessThanOrEqualTo(dev.jig.aws.fleet.ClientToken.MAX_LENGTH);
            assertThat(r.stderr).doesNotContain("\tat ");
        }
    }

    @Test
    void onAwsANodeClassWithAnAl2023AliasAndARoleLaunchesThroughSsmAndIam(@TempDir Path dir) throws Exception {
        client.services().inNamespace("kube-system").resource(new io.fabric8.kubernetes.api.model.ServiceBuilder().withNewMetadata().withName("kube-dns")
                .withNamespace("kube-system").endMetadata().withNewSpec().withClusterIP("10.100.0.53").endSpec().build()).create();
        server.setVersionInfo(new VersionInfo.Builder().withMajor("1").withMinor("31").build());
        String al2023 = "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/";
        try (LoopbackFixture ec2 = new LoopbackFixture(); LoopbackSsm ssm = new LoopbackSsm(); LoopbackIam iam = new LoopbackIam();
             LoopbackPricing pricing = new LoopbackPricing().price("us-east-1", "m5.large", "0.0960000000")) {
            ssm.put(al2023 + "x86_64/standard/recommended/image_id", "ami-0ssmx86")
                    .put(al2023 + "x86_64/nvidia/recommended/image_id", "ami-0ssmnvidia")
                    .put(al2023 + "arm64/standard/recommended/image_id", "ami-0ssmarm");
            iam.role("demo-node-role");
            String ca = aPendingPodForAnEc2NodeClass("alias", """
                    {"role": "demo-node-role", "amiSelectorTerms": [{"alias": "al2023@latest"}],
                     "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
                     "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}""");
            Path kubeconfig = kubeconfig(dir, client.getMasterUrl().toString());
            String profile = InstanceProfileName.of("demo", "us-east-1", "alias");
            // one endpoint per service, through the SDK's own service-specific endpoint variables
            Result r = run(List.of("run", "--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--identity", "it", "--cloud", "aws",
                            "--cluster-name", "demo", "--region", "us-east-1", "--cluster-endpoint", "https://api.demo.example",
                            "--cluster-ca-bundle", ca, "--service-cidr", "10.100.0.0/16"),
                    Map.of("AWS_ACCESS_KEY_ID", "AKIDTEST", "AWS_SECRET_ACCESS_KEY", "secret", "AWS_ENDPOINT_URL_EC2", ec2.loopback.uri().toString(),
                            "AWS_ENDPOINT_URL_SSM", ssm.endpoint().toString(), "AWS_ENDPOINT_URL_IAM", iam.endpoint().toString(),
                            "AWS_ENDPOINT_URL_PRICING", pricing.endpoint().toString()),
                    Duration.ofSeconds(90), base -> {
                        assertThat(ec2.world.running()).as("a running instance").hasSize(1);
                        assertThat(client.getKubernetesSerialization().convertValue(client.genericKubernetesResources(KubeCluster.NODE_CLASSES)
                                .withName("alias").get(), JsonNode.class).path("status").toString())
                                .contains("\"type\":\"Ready\",\"status\":\"True\"", "\"instanceProfile\":\"" + profile + "\"");
                    });
            var instance = ec2.world.running().get(0);
            assertThat(instance.imageId()).as("the standard x86_64 AMI of al2023@latest for 1.31, from SSM").isEqualTo("ami-0ssmx86");
            // the cluster DNS is the kube-dns Service's ClusterIP, not the service CIDR's tenth address
            String userData = new String(java.util.Base64.getDecoder().decode(ec2.world.launchTemplate(instance.launchTemplate()).orElseThrow()
                    .get("UserData")), StandardCharsets.UTF_8);
            assertThat(userData).contains("10.100.0.53").doesNotContain("10.100.0.10");
            assertThat(iam.profile(profile).roles()).containsExactly("demo-node-role");
            assertThat(iam.profile(profile).tags()).containsEntry("kubernetes.io/cluster/demo", "owned");
            assertThat(ssm.calls()).contains("GetParameter");
            assertThat(pricing.calls()).as("on-demand prices from the Price List API, in the background").containsExactly("GetProducts");
            assertThat(r.stderr).doesNotContain("\tat ");
        }
    }

    @Test
    void onAwsASpotInterruptionFromTheQueueReplacesTheNodeClaimAndTerminatesItsInstance(@TempDir Path dir) throws Exception {
        try (LoopbackFixture ec2 = new LoopbackFixture(); LoopbackSqs sqs = new LoopbackSqs().createQueue("demo-interruption");
             SqsClient sender = LoopbackClients.at(sqs).sqs()) {
            String ca = aPendingPodForAnEc2NodeClass("default", """
                    {"instanceProfile": "demo-nodes", "amiSelectorTerms": [{"id": "ami-0amd64"}],
                     "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}],
                     "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}""");
            Path kubeconfig = kubeconfig(dir, client.getMasterUrl().toString());
            String url = sender.getQueueUrl(q -> q.queueName("demo-interruption")).queueUrl();
            AtomicReference<String> interrupted = new AtomicReference<>();
            AtomicReference<String> interruptedClaim = new AtomicReference<>();
            Result r = run(List.of("run", "--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--identity", "it", "--cloud", "aws",
                            "--cluster-name", "demo", "--region", "us-east-1", "--cluster-endpoint", "https://api.demo.example",
                            "--cluster-ca-bundle", ca, "--service-cidr", "10.100.0.0/16", "--interruption-queue", "demo-interruption"),
                    Map.of("AWS_ACCESS_KEY_ID", "AKIDTEST", "AWS_SECRET_ACCESS_KEY", "secret", "AWS_ENDPOINT_URL_EC2", ec2.loopback.uri().toString(),
                            "AWS_ENDPOINT_URL_SQS", sqs.endpoint().toString()),
                    Duration.ofSeconds(120), base -> {
                        if (interrupted.get() == null) {
                            assertThat(ec2.world.running()).as("a running instance").hasSize(1);
                            assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems()).as("its NodeClaim").hasSize(1);
                            String instance = ec2.world.running().get(0).id();
                            interruptedClaim.set(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().get(0).getMetadata().getName());
                            // EventBridge's spot interruption warning, as AWS documents it, for the launched instance
                            sender.sendMessage(m -> m.queueUrl(url).messageBody(EventBridgeSamples.read("spot-interruption")
                                    .replace("i-1234567890abcdef0", instance).replace("us-east-2", "us-east-1")));
                            interrupted.set(instance);
                        }
                        assertThat(ec2.loopback.calls()).as("EC2 calls").contains("TerminateInstances");
                        // the interrupted instance is gone; its pod, pending again, got a replacement at once
                        assertThat(ec2.world.running()).as("running instances").extracting(Ec2World.LaunchedInstance::id)
                                .hasSize(1).doesNotContain(interrupted.get());
                        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems()).as("NodeClaims")
                                .hasSize(1).noneMatch(c -> c.getMetadata().getName().equals(interruptedClaim.get()));
                        assertThat(sqs.depth("demo-interruption")).as("the message is deleted once acknowledged").isZero();
                    });
            assertThat(ec2.world.instances()).extracting(Ec2World.LaunchedInstance::id).contains(interrupted.get());
            assertThat(sqs.calls()).contains("ReceiveMessage", "DeleteMessage");
            assertThat(r.stderr).doesNotContain("\tat ");
        }
    }

    /**
     * Karpenter's CRDs, a NodePool of m5.large and c5.large on-demand nodes of EC2NodeClass {@code nodeClass}
     * ({@code spec} as JSON) and a pending pod; returns a cluster CA bundle for the flags.
     */
    private String aPendingPodForAnEc2NodeClass(String nodeClass, String spec) {
        KubeClusterIT.crd(client, "karpenter.sh", "NodePool", "nodepools");
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        KubeClusterIT.crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
        create(KubeCluster.NODE_POOLS, """
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
                 "spec": {"template": {"spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "%s"},
                   "requirements": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["m5.large", "c5.large"]},
                                    {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}]}}}}""".formatted(nodeClass));
        create(KubeCluster.NODE_CLASSES, """
                {"apiVersion": "karpenter.k8s.aws/v1", "kind": "EC2NodeClass", "metadata": {"name": "%s"}, "spec": %s}""".formatted(nodeClass, spec));
        client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("web").withNamespace("default").endMetadata()
                .withNewSpec().addNewContainer().withName("app").withImage("registry.k8s.io/pause:3.10").withNewResources()
                .addToRequests("memory", new Quantity("1Gi")).endResources().endContainer().endSpec().build()).create();
        return java.util.Base64.getEncoder().encodeToString("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
                .getBytes(StandardCharsets.US_ASCII));
    }

    private void create(io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext context, String json) {
        client.genericKubernetesResources(context).resource(client.getKubernetesSerialization().unmarshal(json, GenericKubernetesResource.class)).create();
    }

    @Test
    void simulateRefusesAnInvalidScenarioWithAJsonDocumentOfLocatedFindings(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("typo.yaml");
        Files.writeString(scenario, "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  nodepools: []\n  steps: [{advance: 1s}]\n");
        Result r = run(List.of("simulate", scenario.toString(), "--format", "json"), Duration.ofSeconds(60), null);
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.stdout).as("stdout is the report and nothing else").startsWith("{\n  \"scenario\"").endsWith("}\n");
        JsonNode finding = JSON.readTree(r.stdout).path("diagnostics").path(0);
        assertThat(finding.path("rule").asText()).isEqualTo("JIG0702");
        assertThat(finding.path("line").asInt()).isEqualTo(4);
        assertThat(finding.path("message").asText()).contains("did you mean 'nodePools'?");
        assertThat(r.stderr).doesNotContain("\tat ");
    }

    @Test
    void againstAnApiServerItLogsJsonAndServesHealthReadinessAndMetrics(@TempDir Path dir) throws Exception {
        Path kubeconfig = kubeconfig(dir, client.getMasterUrl().toString());
        int port = freePort();
        Result r = run(List.of("run", "--kubeconfig", kubeconfig.toString(), "--metrics-port", String.valueOf(port), "--identity", "it"),
                Duration.ofSeconds(60), base -> {
                    HttpClient http = HttpClient.newHttpClient();
                    String root = "http://127.0.0.1:" + port;
                    assertThat(get(http, root + "/healthz").statusCode()).isEqualTo(200);
                    assertThat(get(http, root + "/readyz").body()).as("readyz").isEqualTo("ok");
                    assertThat(get(http, root + "/metrics").body()).contains("jvm_");
                });
        List<JsonNode> lines = jsonLines(r.stdout);
        assertThat(lines).isNotEmpty();
        assertThat(lines).extracting(l -> l.path("kvpList").toString())
                .anyMatch(kv -> kv.contains("\"event\":\"informers-synced\""))
                .anyMatch(kv -> kv.contains("\"event\":\"started\""))
                .anyMatch(kv -> kv.contains("\"event\":\"stopping\""));
        assertThat(r.stderr).doesNotContain("SLF4J");
    }

    private interface Probe {
        void check(String unused) throws Exception;
    }

    private record Result(int exit, String stdout, String stderr) {
    }

    /** Runs the jar; with a probe, waits until the probe passes (or the deadline), then stops the process with SIGTERM. */
    private static Result run(List<String> args, Duration deadline, Probe probe) throws Exception {
        return run(args, Map.of(), deadline, probe);
    }

    /** As {@link #run(List, Duration, Probe)}, with {@code env} added to the process's environment. */
    private static Result run(List<String> args, Map<String, String> env, Duration deadline, Probe probe) throws Exception {
        assertThat(JAR).as("the shaded jar is built in the package phase").exists();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        command.addAll(args);
        Path out = Files.createTempFile("jig-controller", ".out");
        Path err = Files.createTempFile("jig-controller", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        try {
            if (probe != null) {
                long end = System.nanoTime() + deadline.toNanos();
                AssertionError last = null;
                while (System.nanoTime() < end && p.isAlive()) {
                    try {
                        probe.check(null);
                        last = null;
                        break;
                    } catch (AssertionError | IOException e) {
                        last = e instanceof AssertionError a ? a : new AssertionError(e);
                        Thread.sleep(200);
                    }
                }
                if (last != null) {
                    throw new AssertionError(last.getMessage() + "\nstdout:\n" + Files.readString(out) + "\nstderr:\n" + Files.readString(err), last);
                }
                p.destroy();
            }
            assertThat(p.waitFor(deadline.toSeconds(), TimeUnit.SECONDS)).as("the process ends").isTrue();
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            p.destroyForcibly();
        }
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<JsonNode> jsonLines(String stdout) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (line.isBlank()) continue;
            out.add(JSON.readTree(line));
        }
        return out;
    }

    private static Path kubeconfig(Path dir, String server) throws IOException {
        Path f = dir.resolve("kubeconfig");
        Files.writeString(f, """
                apiVersion: v1
                kind: Config
                clusters:
                  - name: it
                    cluster: {server: "%s", insecure-skip-tls-verify: true}
                contexts:
                  - name: it
                    context: {cluster: it, user: it, namespace: jig-system}
                current-context: it
                users:
                  - name: it
                    user: {token: it}
                """.formatted(server), StandardCharsets.UTF_8);
        return f;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
