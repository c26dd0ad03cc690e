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
 * The tenancy view's life cycle against the mock API server: not ready and failing closed until
 * the ConfigMap, Nodes and NodePools are read; a malformed or deleted ConfigMap keeps the last good
 * view (stale, counted); Nodes added later are seen.
 */
@EnableKubernetesMockClient(crud = true)
class TenancySyncIT {

    static KubernetesClient client;

    @Test
    void failsClosedUntilSyncedThenKeepsTheLastGoodView() throws Exception {
        try (WebhookHarness webhook = new WebhookHarness(client, Files.createTempDirectory("tls"), false, Set.of())) {
            String pod = Requests.review(Requests.pod(Operation.CREATE, Pods.steered(Pods.pod("storefront", "p"), "storefront", false), null));
            String system = Requests.review(Requests.pod(Operation.CREATE, Pods.pod("kube-system", "coredns"), null));
            assertThat(webhook.review("/validate", system).path("response").path("allowed").asBoolean()).as("exempt namespaces never wait").isTrue();

            WebhookHarness.seed(client);
            webhook.awaitSynced();
            assertThat(webhook.get("/readyz").statusCode()).isEqualTo(200);
            assertThat(webhook.review("/validate", pod).path("response").path("allowed").asBoolean()).isTrue();

            ConfigMap cm = client.configMaps().inNamespace(Tenancy.CONFIG_MAP_NAMESPACE).withName(Tenancy.CONFIG_MAP_NAME).get();
            cm.getData().put(Tenancy.DATA_KEY, "{ not json");
            client.resource(cm).update();
            await(webhook.watch::isStale);
            assertThat(webhook.get("/readyz").statusCode()).as("last good view kept").isEqualTo(200);
            assertThat(webhook.review("/validate", pod).path("response").path("allowed").asBoolean()).isTrue();
            String metrics = webhook.get("/metrics").body();
            assertThat(metrics).contains("jig_webhook_tenancy_stale 1.0").contains("jig_webhook_tenancy_errors_total{source=\"configmap\"}");

            client.resource(cm).delete();
            await(() -> !client.configMaps().inNamespace(Tenancy.CONFIG_MAP_NAMESPACE).list().getItems().stream().findAny().isPresent());
            assertThat(webhook.watch.isStale()).isTrue();
            assertThat(webhook.review("/validate", pod).path("response").path("allowed").asBoolean()).isTrue();

            client.nodes().resource(new NodeBuilder().withNewMetadata().withName("storefront-node-2")
                    .withLabels(Map.of("jig.dev/tenant", "storefront")).endMetadata().build()).create();
            await(() -> webhook.watch.view().orElseThrow().tenantOfNode("storefront-node-2").isPresent());
            String binding = Requests.review(Requests.binding("storefront", "p", "storefront-node-2"));
            assertThat(webhook.review("/validate", binding).path("response").path("allowed").asBoolean()).isTrue();

            // quota sums take the other pools' limits from the cluster: a pool labelled for payments
            // that slipped in (the mock API server has no admission chain) counts against its quota
            String compiledPool = Requests.review(Requests.pool(Operation.CREATE, Acme.object("NodePool", "payments-api"), null));
            assertThat(webhook.review("/validate", compiledPool).path("response").path("allowed").asBoolean()).isTrue();
            ObjectNode burst = Acme.object("NodePool", "storefront-web");
            ((ObjectNode) burst.get("metadata")).put("name", "payments-burst").putObject("labels").put("jig.dev/tenant", "payments");
            ((ObjectNode) burst.at("/spec/limits")).put("cpu", 8).put("memory", "32Gi");
            client.genericKubernetesResources(TenancyWatch.NODE_POOLS).resource(new KubernetesSerialization().convertValue(burst, GenericKubernetesResource.class)).create();
            await(() -> webhook.watch.view().orElseThrow().nodePools().containsKey("payments-burst"));
            JsonNode over = webhook.review("/validate", compiledPool).path("response");
            assertThat(over.path("allowed").asBoolean()).isFalse();
            assertThat(over.path("status").path("message").asText()).contains("JIG0505").contains("cpu limits add up to 808");
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
