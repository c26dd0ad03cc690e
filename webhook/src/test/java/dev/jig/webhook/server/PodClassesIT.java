package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.PodClasses;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.WebhookHarness;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.zjsonpatch.JsonPatch;
import java.nio.file.Files;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tables of {@link PodClasses} over real HTTPS with real AdmissionReview v1 JSON, the tenancy view fed by the
 * informers from the mock API server: users and groups, identifying node labels, empty values, Node tenancy
 * labels, and the mutation that steers pods of no tenant, applied and validated again as the API server does.
 */
@EnableKubernetesMockClient(crud = true)
class PodClassesIT {

    static KubernetesClient client;
    static WebhookHarness webhook;

    @BeforeAll
    static void start() throws Exception {
        webhook = new WebhookHarness(client, Files.createTempDirectory("jig-webhook-tls"), true, Set.of());
        webhook.awaitSynced();
    }

    @AfterAll
    static void stop() {
        webhook.close();
    }

    /** Every table of {@link PodClasses}, each request with its class. */
    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of("users and groups", PodClasses.identities()), Arguments.of("identifying labels", PodClasses.identifyingLabels()),
                        Arguments.of("empty values", PodClasses.emptyValues()), Arguments.of("node labels", PodClasses.nodeLabels()),
                        Arguments.of("toleration keys", PodClasses.tolerationKeys()))
                .flatMap(a -> ((List<?>) a.get()[1]).stream().map(c -> Arguments.of(a.get()[0], c)));
    }

    static Stream<Arguments> shapes() {
        return PodClasses.steeringShapes().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    /**
     * Users and groups never stand in for each other; every label that identifies a tenant's nodes is guarded in
     * selectors; an empty tenancy label is a label-admin change; only label admins and node labellers change a
     * Node's tenancy labels.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void eachRequestOfEachClassGetsItsDecisionOverHttps(String defectClass, Case c) throws Exception {
        JsonNode response = webhook.review("/validate", Requests.review(c.input())).path("response");
        assertThat(response.path("uid").asText()).isEqualTo(c.input().uid());
        String message = response.path("status").path("message").asText();
        if (c.expected() == null) {
            assertThat(response.path("allowed").asBoolean()).as(defectClass + ": " + c.name() + ": " + message).isTrue();
        } else {
            assertThat(response.path("allowed").asBoolean()).as(defectClass + ": " + c.name()).isFalse();
            assertThat(response.path("status").path("code").asInt()).isEqualTo(403);
            assertThat(message).as(c.name()).contains(c.expected().id()).contains("Fix: ");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void aPodOfNoTenantIsSteeredOffTenantNodesAndTheMutatedPodIsAdmitted(String shape, ObjectNode pod) throws Exception {
        JsonNode mutated = webhook.review("/mutate", Requests.review(Requests.pod(Operation.CREATE, pod, null))).path("response");
        assertThat(mutated.path("allowed").asBoolean()).isTrue();
        assertThat(mutated.path("patchType").asText()).isEqualTo("JSONPatch");
        JsonNode patched = JsonPatch.apply(Acme.JSON.readTree(Base64.getDecoder().decode(mutated.path("patch").asText())), pod);
        for (JsonNode term : patched.at("/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms")) {
            List<String> excluded = term.path("matchExpressions").findParents("operator").stream()
                    .filter(e -> e.path("operator").asText().equals("DoesNotExist")).map(e -> e.path("key").asText()).toList();
            assertThat(excluded).as(shape).contains(WellKnownLabels.NODE_TENANT, WellKnownLabels.JIG_TENANT);
        }
        JsonNode reinvoked = webhook.review("/mutate", Requests.review(Requests.pod(Operation.CREATE, patched, null))).path("response");
        assertThat(reinvoked.has("patch")).as("reinvocation patches nothing").isFalse();
        JsonNode validated = webhook.review("/validate", Requests.review(Requests.pod(Operation.CREATE, patched, null))).path("response");
        assertThat(validated.path("allowed").asBoolean()).as(validated.toString()).isTrue();
    }

    @Test
    void aDaemonSetPodOfNoTenantIsNotPatched() throws Exception {
        JsonNode mutated = webhook.review("/mutate", Requests.review(Requests.pod(Operation.CREATE, PodClasses.daemonSetPod(), null))).path("response");
        assertThat(mutated.path("allowed").asBoolean()).isTrue();
        assertThat(mutated.has("patch")).isFalse();
    }
}
