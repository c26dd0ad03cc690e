package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.NodeClaimClasses;
import dev.jig.webhook.testing.PoolClasses;
import dev.jig.webhook.testing.PoolClasses.MutationCase;
import dev.jig.webhook.testing.PoolWorld;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.WebhookHarness;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.zjsonpatch.JsonPatch;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The NodePool and EC2NodeClass review classes over real HTTPS with real AdmissionReview v1 JSON,
 * the tenancy view fed by the informers from the mock API server into which {@link PoolWorld}'s
 * compiled ConfigMap and NodePools were created: weight bands from compiled data (3),
 * metadata-only updates (4), the isolation taint where it isolates (6), node classes (7), strict
 * JSON bodies (10) and the node tenancy key on pools.
 */
@EnableKubernetesMockClient(crud = true)
class PoolClassesIT {

    static KubernetesClient client;
    static WebhookHarness webhook;

    @BeforeAll
    static void start() throws Exception {
        PoolWorld.seed(client);
        webhook = new WebhookHarness(client, Files.createTempDirectory("jig-webhook-tls"), false, Set.of());
        webhook.awaitSynced();
    }

    @AfterAll
    static void stop() {
        webhook.close();
    }

    static Stream<Arguments> validations() {
        return Stream.of(
                PoolClasses.weightBands().stream().map(c -> Arguments.of("3 weight band", c)),
                PoolClasses.metadataUpdates().stream().map(c -> Arguments.of("4 metadata-only update", c)),
                PoolClasses.isolationPlacement().stream().map(c -> Arguments.of("6 isolation placement", c)),
                PoolClasses.nodeClasses().stream().map(c -> Arguments.of("7 node class", c)),
                PoolClasses.nodeClassClaims().stream().map(c -> Arguments.of("7 node class owner", c)),
                PoolClasses.nodeTenancyKey().stream().map(c -> Arguments.of("node tenancy key on pools", c)),
                NodeClaimClasses.writers().stream().map(c -> Arguments.of("NodeClaim writers", c))).flatMap(s -> s);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("validations")
    void eachRequestGetsItsDecisionOverHttps(String reviewClass, Case c) throws Exception {
        JsonNode response = webhook.review("/validate", Requests.review(c.input())).path("response");
        assertThat(response.path("uid").asText()).isEqualTo(c.input().uid());
        String message = response.path("status").path("message").asText();
        if (c.expected() == null) {
            assertThat(response.path("allowed").asBoolean()).as(c.name() + ": " + message).isTrue();
        } else {
            assertThat(response.path("allowed").asBoolean()).as(c.name()).isFalse();
            assertThat(response.path("status").path("code").asInt()).isEqualTo(403);
            assertThat(message).as(c.name()).contains(c.expected().id()).contains("Fix: ");
        }
    }

    static Stream<MutationCase> mutations() {
        return PoolClasses.metadataMutations().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutations")
    void defaultingRunsOnCreateAndContentChangesOnly(MutationCase c) throws Exception {
        JsonNode response = webhook.review("/mutate", Requests.review(c.input())).path("response");
        assertThat(response.path("allowed").asBoolean()).isTrue();
        JsonNode patch = response.has("patch") ? Acme.JSON.readTree(Base64.getDecoder().decode(response.path("patch").asText()))
                : Acme.JSON.createArrayNode();
        assertThat(patch.isEmpty()).as(c.name() + ": " + patch).isEqualTo(!c.patched());
        if (c.patched()) {
            JsonNode patched = JsonPatch.apply(patch, c.input().object());
            boolean nodeClass = c.input().kind().equals("EC2NodeClass");
            assertThat(patched.at(nodeClass ? "/spec/blockDeviceMappings/0/ebs/encrypted" : "/spec/disruption/budgets/0/nodes").asText())
                    .isEqualTo(nodeClass ? "true" : "10%");
        }
    }

    static String valid() {
        return Requests.review(Requests.pool(Operation.CREATE, PoolWorld.nodePool("alpha-web"), null));
    }

    static Stream<Arguments> malformedBodies() {
        String valid = valid();
        int object = valid.indexOf("\"object\":{") + "\"object\":{".length();
        ObjectNode numericUid = Acme.parse(valid);
        ((ObjectNode) numericUid.get("request")).put("uid", 12345);
        ObjectNode textualDryRun = Acme.parse(valid);
        ((ObjectNode) textualDryRun.get("request")).put("dryRun", "false");
        ObjectNode singleGroup = Acme.parse(valid);
        ((ObjectNode) singleGroup.at("/request/userInfo")).put("groups", "system:masters");
        ObjectNode objectOperation = Acme.parse(valid);
        ((ObjectNode) objectOperation.get("request")).putObject("operation").put("value", "CREATE");
        byte[] latin1 = valid.replace("\"name\":\"alpha-web\"", "\"name\":\"alpha-w\u00e9b\"").getBytes(StandardCharsets.ISO_8859_1);
        return Stream.of(
                Arguments.of("bytes that are not UTF-8 in a string", latin1),
                Arguments.of("trailing garbage after the review", valid + "garbage"),
                Arguments.of("a second JSON document after the review", valid + "{\"apiVersion\":\"admission.k8s.io/v1\"}"),
                Arguments.of("a trailing closing brace", valid + "}"),
                Arguments.of("duplicate key at the top level", valid.replaceFirst("\\{", "{\"kind\":\"AdmissionReview\",")),
                Arguments.of("duplicate request", valid.substring(0, valid.length() - 1) + ",\"request\":{\"uid\":\"x\"}}"),
                Arguments.of("duplicate key inside the admitted object", valid.substring(0, object) + "\"kind\":\"EC2NodeClass\"," + valid.substring(object)),
                Arguments.of("a block comment", valid.replaceFirst("\\{", "{/* hi */")),
                Arguments.of("a line comment", valid.replaceFirst("\\{", "{// hi\n")),
                Arguments.of("NaN in the admitted object", valid.replace("\"weight\":30", "\"weight\":NaN")),
                Arguments.of("single-quoted strings", valid.replace("\"dryRun\":false", "'dryRun':false")),
                Arguments.of("a trailing comma", valid.replace("\"dryRun\":false", "\"dryRun\":false,")),
                Arguments.of("a leading zero", valid.replace("\"weight\":30", "\"weight\":030")),
                Arguments.of("a number for the uid", numericUid.toString()),
                Arguments.of("a string for dryRun", textualDryRun.toString()),
                Arguments.of("a string for the user's groups", singleGroup.toString()),
                Arguments.of("an object for the operation", objectOperation.toString()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedBodies")
    void malformedJsonIsRefusedWith400(String name, Object body) throws Exception {
        byte[] bytes = body instanceof byte[] b ? b : ((String) body).getBytes(StandardCharsets.UTF_8);
        for (String path : new String[] {"/validate", "/mutate"}) {
            HttpResponse<String> r = webhook.post(path, "application/json", bytes);
            assertThat(r.statusCode()).as(name + " " + path + ": " + r.body()).isEqualTo(400);
            assertThat(Acme.parse(r.body()).path("error").asText()).as(name).isNotEmpty();
        }
    }

    @Test
    void theWellFormedReviewTheMalformedOnesStartFromIsAnswered() throws Exception {
        for (String path : new String[] {"/validate", "/mutate"}) {
            HttpResponse<String> r = webhook.post(path, "application/json", (valid() + "\n  ").getBytes(StandardCharsets.UTF_8));
            assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
            assertThat(Acme.parse(r.body()).path("response").path("allowed").asBoolean()).as(r.body()).isTrue();
        }
    }
}
