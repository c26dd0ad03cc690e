package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.kube.TenancyWatch;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.server.WebhookServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Set;

/**
 * The webhook as it runs in a cluster, on loopback: its HTTPS server with a generated certificate,
 * its tenancy informers reading the mock API server (CRUD mode) into which the compiled example's
 * tenancy ConfigMap, NodePools and one Node per tenant were created, and an HTTPS client.
 */
public final class WebhookHarness implements AutoCloseable {

    public final KubernetesClient kube;
    public final WebhookMetrics metrics = new WebhookMetrics();
    public final TenancyWatch watch;
    public final WebhookServer server;
    public final Path tlsDir;
    public X509Certificate certificate;
    private final HttpClient http;

    public WebhookHarness(KubernetesClient kube, Path tlsDir, boolean seed, Set<String> breakGlass) throws Exception {
        this.kube = kube;
        this.tlsDir = tlsDir;
        if (seed) seed(kube);
        this.certificate = TestCertificates.write(tlsDir, "jig-webhook.jig-system.svc");
        this.watch = new TenancyWatch(kube, metrics).start();
        WebhookRules rules = new WebhookRules(WebhookSettings.defaults().withBreakGlass(breakGlass));
        this.server = WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0, tlsDir.resolve("tls.crt"), tlsDir.resolve("tls.key"),
                Duration.ofHours(1), Duration.ofSeconds(5), true), in -> rules.validate(in, watch.view()), in -> rules.mutate(in, watch.view()),
                watch::isSynced, metrics);
        this.http = HttpClient.newBuilder().sslContext(TestCertificates.trusting(certificate)).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** Creates the compiled tenancy ConfigMap, all compiled NodePools and the Nodes of {@link Acme#nodes()}. */
    public static void seed(KubernetesClient kube) {
        KubernetesSerialization json = new KubernetesSerialization();
        kube.resource(json.convertValue(Acme.configMap(), ConfigMap.class)).create();
        for (ObjectNode pool : Acme.objects("NodePool")) {
            kube.genericKubernetesResources(TenancyWatch.NODE_POOLS).resource(json.convertValue(pool, GenericKubernetesResource.class)).create();
        }
        Acme.nodes().forEach((name, tenant) -> kube.nodes().resource(new NodeBuilder().withNewMetadata().withName(name)
                .withLabels(Acme.nodeLabels(name, tenant)).endMetadata().build()).create());
    }

    public void awaitSynced() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!watch.isSynced() || watch.isAbsent()) {
            if (System.nanoTime() > deadline) throw new AssertionError("tenancy view did not sync");
            Thread.sleep(20);
        }
    }

    public URI uri(String path) {
        return URI.create("https://localhost:" + server.port() + path);
    }

    public HttpResponse<String> post(String path, String contentType, byte[] body) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Posts an AdmissionReview and returns the parsed response review. */
    public JsonNode review(String path, String reviewJson) throws Exception {
        HttpResponse<String> r = post(path, "application/json", reviewJson.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (r.statusCode() != 200) throw new AssertionError("HTTP " + r.statusCode() + ": " + r.body());
        return Acme.parse(r.body());
    }

    @Override
    public void close() {
        server.close();
        watch.close();
        // close the watches' connections now, so the mock API server can stop without waiting for them
        kube.close();
    }
}
