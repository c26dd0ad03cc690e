package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.kube.TenancyWatch;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.WebhookHarness;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A fresh install against the mock API server, over HTTPS with real AdmissionReviews: no tenancy ConfigMap exists yet,
 * so the webhook judges by a cluster without tenants and admits system pods (cert-manager's, Argo CD's, the
 * monitoring stack's) instead of locking the cluster out; a ConfigMap that then appears and never parses closes it.
 */
@EnableKubernetesMockClient(crud = true)
class TenancyAbsentIT {

    static KubernetesClient client;

    @Test
    void aClusterWithNoTenancyYetAdmitsItsSystemPodsAndAConfigMapThatNeverParsedKeepsItClosed() throws Exception {
        try (WebhookHarness webhook = new WebhookHarness(client, Files.createTempDirectory("tls"), false, Set.of())) {
            await(webhook.watch::isAbsent);
            assertThat(webhook.get("/readyz").statusCode()).as("no tenancy at all: a cluster without tenants, not a locked one").isEqualTo(200);
            for (String ns : List.of("cert-manager", "argocd", "default", "monitoring")) {
                String pod = Requests.review(Requests.pod(Operation.CREATE, Pods.pod(ns, "controller"), null));
                assertThat(webhook.review("/validate", pod).path("response").path("allowed").asBoolean()).as(ns).isTrue();
                assertThat(webhook.review("/mutate", pod).path("response").path("allowed").asBoolean()).as(ns + " (mutate)").isTrue();
            }
            assertThat(webhook.get("/metrics").body()).contains("jig_webhook_tenancy_absent 1.0");

            client.configMaps().inNamespace(Tenancy.CONFIG_MAP_NAMESPACE).resource(new io.fabric8.kubernetes.api.model.ConfigMapBuilder()
                    .withNewMetadata().withName(Tenancy.CONFIG_MAP_NAME).withNamespace(Tenancy.CONFIG_MAP_NAMESPACE).endMetadata()
                    .addToData(Tenancy.DATA_KEY, "{ not json").build()).create();
            await(() -> !webhook.watch.isSynced());
            assertThat(webhook.get("/readyz").statusCode()).as("a tenancy that exists but never parsed: closed").isEqualTo(503);
            String pod = Requests.review(Requests.pod(Operation.CREATE, Pods.pod("default", "web"), null));
            JsonNode refused = webhook.review("/validate", pod).path("response");
            assertThat(refused.path("allowed").asBoolean()).isFalse();
            assertThat(refused.path("status").path("message").asText()).contains("JIG0530");
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met in time");
            Thread.sleep(20);
        }
    }
}
