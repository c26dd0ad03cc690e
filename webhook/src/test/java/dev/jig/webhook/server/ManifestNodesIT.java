package dev.jig.webhook.server;

import static dev.jig.webhook.testing.Pods.pod;
import static dev.jig.webhook.testing.Pods.steered;
import static dev.jig.webhook.testing.Pods.with;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.kube.ManifestTenancy;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.tenancy.TenancyView;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.PodClasses;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.TestCertificates;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The webhook without a cluster ({@code --manifests DIR}): the compiled example's objects and {@code Node} objects
 * in one directory, read by {@link ManifestTenancy}, served over HTTPS. Every rule about node targets
 * ({@code spec.nodeName}, {@code pods/binding}, ephemeral containers) is judged against those Nodes: one labelled
 * as a compiled pool labels it (node key and legacy key), one launched before the upgrade (legacy key only), one
 * of no tenant; a node not in the directory is unknown.
 */
class ManifestNodesIT {

    static WebhookServer server;
    static HttpClient http;
    static TenancyView view;

    @BeforeAll
    static void start() throws Exception {
        Path dir = Files.createTempDirectory("jig-manifests");
        int i = 0;
        for (String kind : List.of("ConfigMap", "NodePool", "EC2NodeClass")) {
            for (ObjectNode o : Acme.objects(kind)) Files.writeString(dir.resolve(kind.toLowerCase() + "-" + i++ + ".json"), o.toString());
        }
        Files.writeString(dir.resolve("node-payments.json"), PodClasses.labelledNode("payments-node-1", "payments").toString());
        Files.writeString(dir.resolve("node-storefront-old.yaml"), "apiVersion: v1\nkind: Node\nmetadata:\n  name: storefront-old-node\n  labels:\n"
                + "    " + WellKnownLabels.JIG_TENANT + ": storefront\n");
        Files.writeString(dir.resolve("node-system.json"), PodClasses.unlabelledNode("system-node-1").toString());
        view = ManifestTenancy.load(dir);
        Path tls = Files.createTempDirectory("jig-webhook-tls");
        var certificate = TestCertificates.write(tls, "localhost");
        WebhookRules rules = new WebhookRules(WebhookSettings.defaults());
        server = WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0, tls.resolve("tls.crt"), tls.resolve("tls.key"), Duration.ofHours(1),
                Duration.ofSeconds(5), false), in -> rules.validate(in, Optional.of(view)), in -> rules.mutate(in, Optional.of(view)),
                () -> true, new WebhookMetrics());
        http = HttpClient.newBuilder().sslContext(TestCertificates.trusting(certificate)).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<Arguments> targets() {
        ObjectNode running = with(steered(pod("storefront", "e1"), "storefront", false), "{\"nodeName\":\"payments-node-1\"}");
        ObjectNode own = with(steered(pod("storefront", "e2"), "storefront", false), "{\"nodeName\":\"storefront-old-node\"}");
        return Stream.of(
                Arguments.of("nodeName of a tenant's pod on another tenant's node", Requests.pod(Operation.CREATE,
                        with(steered(pod("storefront", "n1"), "storefront", false), "{\"nodeName\":\"payments-node-1\"}"), null), Rule.POD_FOREIGN_NODE),
                Arguments.of("nodeName of a pod of no tenant on a node labelled only with the legacy key",
                        Requests.pod(Operation.CREATE, with(pod("sandbox", "n2"), "{\"nodeName\":\"storefront-old-node\"}"), null), Rule.POD_FOREIGN_NODE),
                Arguments.of("binding to a node not in the directory", Requests.binding("payments", "b1", "payments-node-9"), Rule.POD_FOREIGN_NODE),
                Arguments.of("binding of a pod of no tenant to a tenant's node", Requests.binding("default", "b2", "payments-node-1"), Rule.POD_FOREIGN_NODE),
                Arguments.of("ephemeral container on a pod running on another tenant's node",
                        Requests.ephemeral(with(running.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), running),
                        Rule.POD_EPHEMERAL_ON_FOREIGN_NODE),
                Arguments.of("binding to the tenant's own node", Requests.binding("payments", "b3", "payments-node-1"), null),
                Arguments.of("binding of a pod of no tenant to a node of no tenant", Requests.binding("sandbox", "b4", "system-node-1"), null),
                Arguments.of("nodeName on the tenant's own node launched before the upgrade",
                        Requests.pod(Operation.CREATE, own, null), null),
                Arguments.of("ephemeral container on the tenant's own pod", Requests.ephemeral(
                        with(own.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), own), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void nodeTargetsAreJudgedAgainstTheNodesInTheDirectory(String name, AdmissionInput in, Rule expected) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + "/validate"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Requests.review(in)))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode response = Acme.parse(r.body()).path("response");
        String message = response.path("status").path("message").asText();
        if (expected == null) {
            assertThat(response.path("allowed").asBoolean()).as(name + ": " + message).isTrue();
        } else {
            assertThat(response.path("allowed").asBoolean()).as(name).isFalse();
            assertThat(message).contains(expected.id());
        }
    }

    @Test
    void theDirectorysNodesAreTheViewsNodes() {
        assertThat(view.tenantOfNode("payments-node-1")).contains("payments");
        assertThat(view.tenantOfNode("storefront-old-node")).as("legacy key, for one release").contains("storefront");
        assertThat(view.tenantOfNode("system-node-1")).contains("");
        assertThat(view.tenantOfNode("payments-node-9")).isEmpty();
    }
}
