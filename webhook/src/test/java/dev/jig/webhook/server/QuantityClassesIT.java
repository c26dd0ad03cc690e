package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.tenancy.Provenance;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.kube.TenancyWatch;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.WebhookHarness;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two review classes of issue 9 over real HTTPS with real AdmissionReview v1 JSON, the view fed by
 * the informers from the mock API server: quantities Kubernetes reads differently from a naive parser
 * (they used to count as zero against the quota), and negative limits (they used to offset a
 * tenant's other pools). Each request is an UPDATE of a compiled NodePool by the GitOps principal,
 * restamped as if compiled, so only the rule under test decides. Pools that predate the webhook sit
 * in the cluster beside the compiled ones: {@code search-legacy} (a limit Kubernetes cannot read),
 * {@code storefront-legacy} (no cpu limit) and {@code platform-tools-legacy} (a negative limit).
 */
@EnableKubernetesMockClient(crud = true)
class QuantityClassesIT {

    static KubernetesClient client;
    static WebhookHarness webhook;

    /** One review: the compiled pool, how it is changed, and the rule that must refuse it (null: admitted). */
    record Review(String name, String pool, UnaryOperator<ObjectNode> change, Rule expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        webhook = new WebhookHarness(client, Files.createTempDirectory("jig-webhook-tls"), true, Set.of());
        legacy("search-query", "search-legacy", p -> limit(p, "cpu", "1e1.5"));
        legacy("storefront-web", "storefront-legacy", p -> {
            ((ObjectNode) p.at("/spec/limits")).remove("cpu");
            return p;
        });
        legacy("platform-tools-tools", "platform-tools-legacy", p -> limit(p, "cpu", "-100000"));
        webhook.awaitSynced();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!webhook.watch.view().map(v -> v.nodePools().keySet()).orElse(Set.of()).containsAll(Set.of("search-legacy", "storefront-legacy", "platform-tools-legacy"))) {
            if (System.nanoTime() > deadline) throw new AssertionError("legacy NodePools not seen by the informer");
            Thread.sleep(20);
        }
    }

    @AfterAll
    static void stop() {
        webhook.close();
    }

    /** A NodePool created straight in the API server, as one that predates the webhook would be. */
    private static void legacy(String compiled, String name, UnaryOperator<ObjectNode> change) {
        ObjectNode pool = change.apply(Acme.object("NodePool", compiled));
        ((ObjectNode) pool.get("metadata")).put("name", name);
        webhook.kube.genericKubernetesResources(TenancyWatch.NODE_POOLS)
                .resource(new KubernetesSerialization().convertValue(pool, GenericKubernetesResource.class)).create();
    }

    private static ObjectNode limit(ObjectNode pool, String resource, String value) {
        ((ObjectNode) pool.at("/spec/limits")).put(resource, value);
        return pool;
    }

    private static UnaryOperator<ObjectNode> limit(String resource, String value) {
        return p -> limit(p, resource, value);
    }

    private static UnaryOperator<ObjectNode> limitJson(String resource, String json) {
        return p -> {
            ((ObjectNode) p.at("/spec/limits")).set(resource, Acme.parse("{\"v\":" + json + "}").get("v"));
            return p;
        };
    }

    static Stream<Review> quantitiesKubernetesReadsDifferently() {
        return Stream.of(
                new Review("exponent with leading zeros counts in full (1e00006 cores)", "payments-api", limit("cpu", "1e00006"), Rule.POOL_OVER_QUOTA),
                new Review("long digit string counts in full (70 digits of memory)", "payments-api", limit("memory", "9".repeat(70)), Rule.POOL_OVER_QUOTA),
                new Review("JSON number with an exponent counts in full", "payments-api", limitJson("cpu", "1e6"), Rule.POOL_OVER_QUOTA),
                new Review("one nano core over the quota is over it", "payments-api", limit("cpu", "408.000000001"), Rule.POOL_OVER_QUOTA),
                new Review("pattern-valid exponent Kubernetes cannot parse", "payments-api", limit("cpu", "1e1.5"), Rule.KARPENTER_QUANTITY),
                new Review("exponent Kubernetes would wrap around its 32-bit scale", "payments-api", limit("memory", "1e4294967296"),
                        Rule.KARPENTER_QUANTITY),
                new Review("another pool's limit Kubernetes cannot read: the quota cannot be judged", "search-query", limit("cpu", "147"),
                        Rule.KARPENTER_QUANTITY),
                new Review("another pool without a cpu limit is unlimited, not zero", "storefront-web", limit("cpu", "1"), Rule.POOL_OVER_QUOTA),
                new Review("look-alike: 4.08e00002 cores is exactly the room left", "payments-api", limit("cpu", "4.08e00002"), null),
                new Review("look-alike: 408000m", "payments-api", limit("cpu", "408000m"), null),
                new Review("look-alike: a 60-digit zero-padded 408", "payments-api", limit("cpu", "0".repeat(57) + "408"), null));
    }

    static Stream<Review> negativeLimits() {
        return Stream.of(
                new Review("negative cpu limit", "payments-api", limit("cpu", "-100000"), Rule.NEGATIVE_LIMIT),
                new Review("negative memory limit", "payments-api", limit("memory", "-1Gi"), Rule.NEGATIVE_LIMIT),
                new Review("negative GPU limit as a JSON integer", "payments-api", limitJson("nvidia.com/gpu", "-1"), Rule.NEGATIVE_LIMIT),
                new Review("negative nodes limit with an exponent", "payments-api", limit("nodes", "-1e00003"), Rule.NEGATIVE_LIMIT),
                new Review("negative amount below a nano unit rounds away from zero", "payments-api", limit("cpu", "-0.0000000001"),
                        Rule.NEGATIVE_LIMIT),
                new Review("a negative pool already in the cluster offsets nothing", "platform-tools-tools", limit("cpu", "65"), Rule.POOL_OVER_QUOTA),
                new Review("look-alike: -0 is zero", "payments-api", limit("cpu", "-0"), null),
                new Review("look-alike: +408 is positive", "payments-api", limit("cpu", "+408"), null));
    }

    static Stream<Review> nullLimits() {
        return Stream.of(
                new Review("null cpu limit is missing (unlimited to Karpenter)", "payments-api", limitJson("cpu", "null"), Rule.POOL_LIMITS_MISSING),
                new Review("null cpu limit violates the CRD schema", "payments-api", limitJson("cpu", "null"), Rule.KARPENTER_SCHEMA),
                new Review("null memory limit is missing", "payments-api", limitJson("memory", "null"), Rule.POOL_LIMITS_MISSING),
                new Review("null GPU limit on a tenant's pool is missing", "payments-api", limitJson("nvidia.com/gpu", "null"),
                        Rule.POOL_LIMITS_MISSING),
                new Review("null cpu limit on another tenant's pool is missing", "platform-tools-tools", limitJson("cpu", "null"),
                        Rule.POOL_LIMITS_MISSING),
                new Review("look-alike: a cpu limit of 0 as a JSON integer", "payments-api", limitJson("cpu", "0"), null),
                new Review("look-alike: a GPU limit of \"0\"", "payments-api", limit("nvidia.com/gpu", "0"), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullLimits")
    void nullLimitsAreMissingLimits(Review r) throws Exception {
        verify(r);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quantitiesKubernetesReadsDifferently")
    void quantitiesKubernetesReadsDifferentlyAreJudgedAsKubernetesReadsThem(Review r) throws Exception {
        verify(r);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("negativeLimits")
    void negativeLimitsAreRefused(Review r) throws Exception {
        verify(r);
    }

    private static void verify(Review r) throws Exception {
        ObjectNode pool = r.change().apply(Acme.object("NodePool", r.pool()));
        ((ObjectNode) pool.at("/metadata/annotations")).put(Annotations.CONTENT_HASH, Provenance.contentHash(pool));
        var input = Requests.pool(Operation.UPDATE, pool, Acme.object("NodePool", r.pool()));
        JsonNode response = webhook.review("/validate", Requests.review(input)).path("response");
        assertThat(response.path("uid").asText()).isEqualTo(input.uid());
        String message = response.path("status").path("message").asText();
        if (r.expected() == null) {
            assertThat(response.path("allowed").asBoolean()).as(r.name() + ": " + message).isTrue();
            return;
        }
        assertThat(response.path("allowed").asBoolean()).as(r.name()).isFalse();
        assertThat(response.path("status").path("code").asInt()).isEqualTo(403);
        assertThat(message).as(r.name()).contains(r.expected().id()).contains("Fix: ");
    }
}
