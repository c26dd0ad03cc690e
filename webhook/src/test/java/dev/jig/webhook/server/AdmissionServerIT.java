package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.Catalogue;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.WebhookHarness;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.zjsonpatch.JsonPatch;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule over real HTTPS with real AdmissionReview v1 JSON, the tenancy view fed by the
 * informers from the mock API server: the isolation-bypass catalogue, the look-alikes, mutation,
 * health, metrics and malformed input.
 */
@EnableKubernetesMockClient(crud = true)
class AdmissionServerIT {

    static KubernetesClient client;
    static WebhookHarness webhook;

    @BeforeAll
    static void start() throws Exception {
        Path tls = Files.createTempDirectory("jig-webhook-tls");
        webhook = new WebhookHarness(client, tls, true, Set.of("platform-emergency"));
        webhook.awaitSynced();
    }

    @AfterAll
    static void stop() {
        webhook.close();
    }

    static Stream<Case> bypasses() {
        return Catalogue.bypasses().stream();
    }

    static Stream<Case> lookalikes() {
        return Catalogue.lookalikes().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bypasses")
    void bypassAttemptIsDeniedOverHttps(Case c) throws Exception {
        JsonNode review = webhook.review("/validate", Requests.review(c.input()));
        JsonNode response = review.path("response");
        assertThat(review.path("apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
        assertThat(review.path("kind").asText()).isEqualTo("AdmissionReview");
        assertThat(response.path("uid").asText()).isEqualTo(c.input().uid());
        assertThat(response.path("allowed").asBoolean()).as(c.name()).isFalse();
        assertThat(response.path("status").path("code").asInt()).isEqualTo(403);
        assertThat(response.path("status").path("message").asText()).contains(c.expected().id()).contains("Fix: ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lookalikes")
    void legitimateLookalikeIsAllowedOverHttps(Case c) throws Exception {
        JsonNode response = webhook.review("/validate", Requests.review(c.input())).path("response");
        assertThat(response.path("uid").asText()).isEqualTo(c.input().uid());
        assertThat(response.path("allowed").asBoolean()).as(c.name() + ": " + response.path("status").path("message").asText()).isTrue();
    }

    @Test
    void mutationSteersTheTenantsPodWithAJsonPatchThatApplies() throws Exception {
        ObjectNode pod = Pods.with(Pods.pod("payments-jobs", "batch-1"), "{\"nodeSelector\":{\"kubernetes.io/arch\":\"arm64\"}}");
        JsonNode response = webhook.review("/mutate", Requests.review(Requests.pod(Operation.CREATE, pod, null))).path("response");
        assertThat(response.path("allowed").asBoolean()).isTrue();
        assertThat(response.path("patchType").asText()).isEqualTo("JSONPatch");
        JsonNode patch = Acme.JSON.readTree(Base64.getDecoder().decode(response.path("patch").asText()));
        JsonNode patched = JsonPatch.apply(patch, pod);
        assertThat(patched.at("/spec/nodeSelector").toString()).isEqualTo("{\"kubernetes.io/arch\":\"arm64\",\"node-restriction.kubernetes.io/jig-tenant\":\"payments\"}");
        assertThat(patched.at("/spec/tolerations/0/value").asText()).isEqualTo("payments");
        JsonNode validated = webhook.review("/validate", Requests.review(Requests.pod(Operation.CREATE, patched, null))).path("response");
        assertThat(validated.path("allowed").asBoolean()).isTrue();
    }

    @Test
    void handMadeNodePoolIsDefaultedButOnlyAdmittedThroughBreakGlass() throws Exception {
        ObjectNode pool = Catalogue.unclaimed(Acme.object("NodePool", "storefront-web"), "platform-emergency");
        ((ObjectNode) pool.get("metadata")).remove("annotations");
        ((ObjectNode) pool.get("metadata")).remove("labels");
        ((ObjectNode) pool.get("spec")).remove("disruption");
        JsonNode mutated = webhook.review("/mutate", Requests.review(Requests.pool(Operation.CREATE, pool, null))).path("response");
        JsonNode patched = JsonPatch.apply(Acme.JSON.readTree(Base64.getDecoder().decode(mutated.path("patch").asText())), pool);
        assertThat(patched.at("/spec/disruption/budgets/0/nodes").asText()).isEqualTo("10%");
        JsonNode validated = webhook.review("/validate", Requests.review(Requests.pool(Operation.CREATE, patched, null))).path("response");
        assertThat(validated.path("allowed").asBoolean()).as(validated.toString()).isTrue();
        assertThat(validated.path("warnings").get(0).asText()).contains("JIG0502");
        assertThat(webhook.get("/metrics").body()).contains("rule=\"JIG0502\"");
    }

    @Test
    void aBareBreakGlassNameAdmitsTheNodePoolOnlyNotAnEc2NodeClassOfTheSameName() throws Exception {
        ObjectNode nodeClass = Acme.object("EC2NodeClass", "payments-al2023");
        ((ObjectNode) nodeClass.get("metadata")).put("name", "platform-emergency").remove("annotations");
        JsonNode validated = webhook.review("/validate", Requests.review(Requests.pool(Operation.CREATE, nodeClass, null))).path("response");
        assertThat(validated.path("allowed").asBoolean()).as(validated.toString()).isFalse();
        assertThat(validated.path("status").path("message").asText()).contains("JIG0501").doesNotContain("JIG0502");
    }

    @Test
    void everyDenialIsOneStructuredJsonLogLine() throws Exception {
        ch.qos.logback.classic.Logger audit = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("dev.jig.webhook.audit");
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> events = new ch.qos.logback.core.read.ListAppender<>();
        events.start();
        audit.addAppender(events);
        try {
            Case c = Catalogue.bypasses().get(2);
            webhook.review("/validate", Requests.review(c.input()));
            assertThat(events.list).hasSize(1);
            ch.qos.logback.classic.encoder.JsonEncoder json = new ch.qos.logback.classic.encoder.JsonEncoder();
            json.setContext(audit.getLoggerContext());
            json.start();
            String line = new String(json.encode(events.list.get(0)), StandardCharsets.UTF_8);
            assertThat(line.strip()).doesNotContain("\n");
            JsonNode parsed = Acme.JSON.readTree(line);
            assertThat(parsed.path("level").asText()).isEqualTo("WARN");
            assertThat(parsed.path("kvpList").toString()).contains("{\"event\":\"denied\"}").contains("{\"uid\":\"" + c.input().uid() + "\"}")
                    .contains("{\"rules\":\"" + c.expected().id() + "\"}").contains("{\"namespace\":\"storefront\"}");
            assertThat(parsed.path("message").asText()).contains(c.expected().id());
        } finally {
            audit.detachAppender(events);
        }
    }

    @Test
    void healthReadinessAndMetricsAreServed() throws Exception {
        assertThat(webhook.get("/healthz").statusCode()).isEqualTo(200);
        assertThat(webhook.get("/readyz").statusCode()).isEqualTo(200);
        webhook.review("/validate", Requests.review(Catalogue.bypasses().get(0).input()));
        String metrics = webhook.get("/metrics").body();
        assertThat(metrics).contains("jig_webhook_request_seconds_bucket{endpoint=\"validate\"");
        assertThat(metrics).contains("jig_webhook_request_seconds_count{endpoint=\"validate\"");
        assertThat(metrics).contains("jig_webhook_decisions_total{decision=\"denied\",endpoint=\"validate\",rule=\"JIG0510\"}");
        assertThat(metrics).contains("jig_webhook_tenancy_synced 1.0");
    }

    /**
     * Every webhook metric the chart's alerts and Grafana dashboard name ({@code jig_webhook_*} in
     * {@code charts/jig/files/alerts.yaml} and {@code dashboard.json}) is a sample of the webhook's {@code /metrics}
     * after a review and a malformed request (the controller's are checked by controller-app's MetricsScrapeIT).
     */
    @Test
    void everyWebhookMetricTheChartsAlertsAndDashboardNameIsExported() throws Exception {
        java.nio.file.Path root = java.nio.file.Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
        String chart = java.nio.file.Files.readString(root.resolve("charts/jig/files/alerts.yaml"))
                + java.nio.file.Files.readString(root.resolve("charts/jig/files/dashboard.json"));
        java.util.Set<String> named = new java.util.TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bjig_webhook_[a-z0-9_]+").matcher(chart);
        while (m.find()) named.add(m.group());
        assertThat(named).as("the chart names webhook metrics").hasSizeGreaterThan(4);
        webhook.review("/validate", Requests.review(Catalogue.bypasses().get(0).input()));
        webhook.post("/validate", "application/json", "{".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        java.util.Set<String> samples = new java.util.TreeSet<>();
        for (String line : webhook.get("/metrics").body().split("\n")) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            int end = line.indexOf('{');
            samples.add(end < 0 ? line.substring(0, line.indexOf(' ')) : line.substring(0, end));
        }
        // jig_webhook_tls_trusted is the self-managed certificates' own (SelfManagedTlsIT scrapes it)
        named.remove("jig_webhook_tls_trusted");
        assertThat(named).as("named by the chart, not exported").allSatisfy(n -> assertThat(samples).contains(n));
    }

    static Stream<Object[]> malformed() {
        String valid = Requests.review(Requests.pod(Operation.CREATE, Pods.pod("storefront", "m"), null));
        ObjectNode noUid = Acme.parse(valid);
        ((ObjectNode) noUid.get("request")).remove("uid");
        ObjectNode noRequest = Acme.parse(valid);
        noRequest.remove("request");
        ObjectNode unknown = Acme.parse(valid);
        ((ObjectNode) unknown.at("/request/resource")).put("resource", "configmaps");
        ((ObjectNode) unknown.at("/request/kind")).put("kind", "ConfigMap");
        ObjectNode noObject = Acme.parse(valid);
        ((ObjectNode) noObject.get("request")).remove("object");
        return Stream.of(
                new Object[] {"not JSON", "application/json", "this is { not json".getBytes(StandardCharsets.UTF_8), 400, "not an AdmissionReview"},
                new Object[] {"JSON array", "application/json", "[1,2]".getBytes(StandardCharsets.UTF_8), 400, "not an AdmissionReview"},
                new Object[] {"empty body", "application/json", new byte[0], 400, "empty body"},
                new Object[] {"v1beta1 review", "application/json", valid.replace("admission.k8s.io/v1", "admission.k8s.io/v1beta1").getBytes(StandardCharsets.UTF_8), 400, "expected apiVersion admission.k8s.io/v1"},
                new Object[] {"wrong kind", "application/json", valid.replaceFirst("\"AdmissionReview\"", "\"ConversionReview\"").getBytes(StandardCharsets.UTF_8), 400, "kind AdmissionReview"},
                new Object[] {"no request", "application/json", noRequest.toString().getBytes(StandardCharsets.UTF_8), 400, "has no request"},
                new Object[] {"no uid", "application/json", noUid.toString().getBytes(StandardCharsets.UTF_8), 400, "no uid"},
                new Object[] {"no object", "application/json", noObject.toString().getBytes(StandardCharsets.UTF_8), 400, "has no object"},
                new Object[] {"unknown resource", "application/json", unknown.toString().getBytes(StandardCharsets.UTF_8), 400, "no rules for resource '/configmaps'"},
                new Object[] {"wrong content type", "text/plain", valid.getBytes(StandardCharsets.UTF_8), 415, "content type must be application/json"},
                new Object[] {"body over 3 MiB", "application/json", big(valid), 413, ""});
    }

    private static byte[] big(String valid) {
        ObjectNode review = Acme.parse(valid);
        ((ObjectNode) review.at("/request/object/metadata")).putObject("annotations").put("blob", "x".repeat(3 * 1024 * 1024 + 1));
        return review.toString().getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedInputGetsAClear4xx(String name, String contentType, byte[] body, int status, String message) throws Exception {
        for (String path : new String[] {"/validate", "/mutate"}) {
            HttpResponse<String> r = webhook.post(path, contentType, body);
            assertThat(r.statusCode()).as(name + " " + path + ": " + r.body()).isEqualTo(status);
            assertThat(r.body()).contains(message);
        }
        assertThat(webhook.get("/healthz").statusCode()).isEqualTo(200);
    }

    @Test
    void wrongMethodAndPathAre4xx() throws Exception {
        assertThat(webhook.get("/validate").statusCode()).isBetween(400, 499);
        assertThat(webhook.post("/nothing-here", "application/json", "{}".getBytes(StandardCharsets.UTF_8)).statusCode()).isBetween(400, 499);
    }
}
