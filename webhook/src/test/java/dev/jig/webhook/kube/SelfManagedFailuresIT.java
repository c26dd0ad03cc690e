package dev.jig.webhook.kube;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.testing.MovableClock;
import dev.jig.webhook.tls.RenewalPolicy;
import dev.jig.webhook.tls.ServingCertificate;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Failing closed and clearly, against scripted API server answers: a webhook that may not read its
 * Secret starts anyway with a throwaway certificate, is not ready and says which permission it
 * lacks, once; an API server error after it was ready keeps it ready and retries.
 */
@EnableKubernetesMockClient
class SelfManagedFailuresIT {

    static KubernetesMockServer server;
    static KubernetesClient client;

    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    private final Logger log = (Logger) LoggerFactory.getLogger(SelfManagedCertificates.class);
    private final ListAppender<ILoggingEvent> events = new ListAppender<>();

    @BeforeEach
    void capture() {
        events.start();
        log.addAppender(events);
    }

    @AfterEach
    void release() {
        log.detachAppender(events);
    }

    /** The mock API server lives as long as the class, so each test scripts its own Secret and configuration, both named {@code name}. */
    private static SelfManagedCertificates.Settings settings(String name) {
        return new SelfManagedCertificates.Settings("jig-system", name, "jig-webhook", List.of(name), RenewalPolicy.defaults());
    }

    @Test
    void withoutPermissionItStartsNotReadyAndSaysWhatItLacksOnce() {
        SelfManagedCertificates.Settings settings = settings("jig-webhook-tls");
        server.expect().get().withPath("/api/v1/namespaces/jig-system/secrets/jig-webhook-tls").andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
                .withMessage("secrets \"jig-webhook-tls\" is forbidden: User \"system:serviceaccount:jig-system:jig-webhook\" cannot get resource"
                        + " \"secrets\" in API group \"\" in the namespace \"jig-system\"").build()).always();
        SelfManagedCertificates certs = new SelfManagedCertificates(client, settings, new MovableClock(NOW), new WebhookMetrics());
        ServingCertificate serving = new ServingCertificate(certs.firstKeyStore());
        assertThat(RenewalPolicy.dnsNames(serving.chain().get(0))).as("a throwaway certificate to start with").contains("jig-webhook.jig-system.svc");
        certs.start(serving, Duration.ofHours(1));
        assertThat(certs.reconcile()).isFalse();
        assertThat(certs.reconcile()).isFalse();
        assertThat(certs.ready()).isFalse();
        assertThat(serving.failures()).isPositive();
        assertThat(serving.swaps()).isZero();
        List<String> problems = events.list.stream().filter(e -> e.getKeyValuePairs().toString().contains("tls-self-managed-problem"))
                .map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0)).contains("may not read or write Secret jig-system/jig-webhook-tls").contains("HTTP 403")
                .contains("see the RBAC in webhook/README.md: secrets \"jig-webhook-tls\" is forbidden").doesNotContain("\tat ");
        certs.close();
    }

    @Test
    void anApiServerErrorAfterReadinessKeepsItReadyAndRetries() throws Exception {
        SelfManagedCertificates.Settings settings = settings("flaky");
        String secretPath = "/api/v1/namespaces/jig-system/secrets/flaky";
        ServingMaterial material = RenewalPolicy.defaults().initial(NOW, settings.dnsNames());
        Secret secret = ownSecret("flaky", material);
        MutatingWebhookConfiguration trusted = trusting("flaky", material);
        server.expect().get().withPath(secretPath).andReturn(200, secret).times(2);
        server.expect().get().withPath(secretPath).andReturn(500, new StatusBuilder().withCode(500).withMessage("etcdserver: request timed out")
                .build()).always();
        onlyMutating("flaky", trusted);

        KubernetesClient noRetries = noRetries();
        SelfManagedCertificates certs = new SelfManagedCertificates(noRetries, settings, new MovableClock(NOW), new WebhookMetrics());
        ServingCertificate serving = new ServingCertificate(certs.firstKeyStore());
        assertThat(serving.chain()).containsExactly(material.serving());
        certs.start(serving, Duration.ofHours(1));
        assertThat(certs.reconcile()).as("the Secret's certificate is trusted").isTrue();
        assertThat(certs.reconcile()).as("a 500 keeps the last state").isTrue();
        assertThat(events.list).anySatisfy(e -> assertThat(e.getFormattedMessage())
                .isEqualTo("Kubernetes API error (HTTP 500), retrying: etcdserver: request timed out"));
        certs.close();
        noRetries.close();
    }

    @Test
    void aForbiddenAfterReadinessKeepsTheVerdictWhileTheCertificateHasTimeLeftAndIsCounted() {
        SelfManagedCertificates.Settings settings = settings("rbac-glitch");
        String secretPath = "/api/v1/namespaces/jig-system/secrets/rbac-glitch";
        ServingMaterial material = RenewalPolicy.defaults().initial(NOW, settings.dnsNames());
        server.expect().get().withPath(secretPath).andReturn(200, ownSecret("rbac-glitch", material)).times(2);
        server.expect().get().withPath(secretPath).andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
                .withMessage("secrets \"rbac-glitch\" is forbidden").build()).always();
        onlyMutating("rbac-glitch", trusting("rbac-glitch", material));

        KubernetesClient noRetries = noRetries();
        MovableClock clock = new MovableClock(NOW);
        WebhookMetrics metrics = new WebhookMetrics();
        SelfManagedCertificates certs = new SelfManagedCertificates(noRetries, settings, clock, metrics);
        ServingCertificate serving = new ServingCertificate(certs.firstKeyStore());
        certs.start(serving, Duration.ofHours(1));
        assertThat(certs.reconcile()).as("trusted").isTrue();
        assertThat(certs.reconcile()).as("an RBAC glitch does not take every replica out at once").isTrue();
        assertThat(certs.reconcile()).isTrue();
        assertThat(metrics.scrape()).containsPattern("jig_webhook_tls_problems_total\\{reason=\"forbidden\"} [1-9]");
        assertThat(events.list).filteredOn(e -> e.getKeyValuePairs().toString().contains("tls-self-managed-problem")).singleElement()
                .satisfies(e -> assertThat(e.getFormattedMessage()).contains("HTTP 403").contains("still ready"));

        clock.set(material.serving().getNotAfter().toInstant().minus(SelfManagedCertificates.NEAR_EXPIRY));
        assertThat(certs.reconcile()).as("near expiry, unconfirmed trust no longer counts").isFalse();
        assertThat(certs.notReadyBecause()).hasValueSatisfying(r -> assertThat(r).contains("HTTP 403"));
        certs.close();
        noRetries.close();
    }

    @Test
    void aSecretItDoesNotManageIsNeverWrittenAndItStaysNotReady() {
        SelfManagedCertificates.Settings settings = settings("cert-managers");
        String secretPath = "/api/v1/namespaces/jig-system/secrets/cert-managers";
        // what cert-manager writes: a serving pair and ca.crt, no ca.key, no managed-by label of ours
        ServingMaterial material = RenewalPolicy.defaults().initial(NOW, settings.dnsNames());
        Secret foreign = ownSecret("cert-managers", material);
        foreign.getMetadata().setLabels(java.util.Map.of("app.kubernetes.io/managed-by", "cert-manager"));
        foreign.getData().remove(ServingMaterial.CA_KEY);
        server.expect().get().withPath(secretPath).andReturn(200, foreign).always();
        onlyMutating("cert-managers", trusting("cert-managers", material));

        KubernetesClient noRetries = noRetries();
        WebhookMetrics metrics = new WebhookMetrics();
        SelfManagedCertificates certs = new SelfManagedCertificates(noRetries, settings, new MovableClock(NOW), metrics);
        ServingCertificate serving = new ServingCertificate(certs.firstKeyStore());
        certs.start(serving, Duration.ofHours(1));
        assertThat(certs.reconcile()).isFalse();
        assertThat(certs.reconcile()).isFalse();
        assertThat(serving.swaps()).isZero();
        assertThat(metrics.scrape()).contains("jig_webhook_tls_problems_total{reason=\"foreign-secret\"}");
        assertThat(certs.notReadyBecause()).hasValueSatisfying(r -> assertThat(r)
                .contains("Secret jig-system/cert-managers exists but is not managed by jig-webhook").contains("has no ca.key"));
        assertThat(events.list).noneMatch(e -> e.getKeyValuePairs().toString().contains("tls-secret-replaced"));
        certs.close();
        noRetries.close();
    }

    @Test
    void aCaBundlePatchIsGuardedByTheVersionReadAndARefusalPastTheGraceMakesItNotReady() throws Exception {
        SelfManagedCertificates.Settings settings = settings("reset-bundle");
        ServingMaterial material = RenewalPolicy.defaults().initial(NOW, settings.dnsNames());
        server.expect().get().withPath("/api/v1/namespaces/jig-system/secrets/reset-bundle").andReturn(200, ownSecret("reset-bundle", material)).always();
        String mutatingPath = "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/reset-bundle";
        server.expect().get().withPath("/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/reset-bundle").andReturn(404,
                new StatusBuilder().withCode(404).build()).always();
        server.expect().get().withPath(mutatingPath).andReturn(200, trusting("reset-bundle", material)).once();
        MutatingWebhookConfiguration reset = trusting("reset-bundle", material);
        reset.getMetadata().setResourceVersion("8");
        reset.getWebhooks().get(0).getClientConfig().setCaBundle(null);
        server.expect().get().withPath(mutatingPath).andReturn(200, reset).always();
        server.expect().patch().withPath(mutatingPath).andReturn(422, new StatusBuilder().withCode(422)
                .withMessage("the server rejected our request due to an error in our request").build()).always();

        KubernetesClient noRetries = noRetries();
        MovableClock clock = new MovableClock(NOW);
        WebhookMetrics metrics = new WebhookMetrics();
        SelfManagedCertificates certs = new SelfManagedCertificates(noRetries, settings, clock, metrics);
        certs.start(new ServingCertificate(certs.firstKeyStore()), Duration.ofHours(1));
        assertThat(certs.reconcile()).isTrue();
        assertThat(certs.reconcile()).as("a refused patch keeps the verdict for a grace period").isTrue();
        // the last PATCH, not the last request: start()'s first reconcile runs on the timer thread and may GET last
        io.fabric8.mockwebserver.http.RecordedRequest patch = null;
        for (io.fabric8.mockwebserver.http.RecordedRequest r; (r = server.takeRequest(200, java.util.concurrent.TimeUnit.MILLISECONDS)) != null; ) {
            if (r.getMethod().equals("PATCH") && r.getPath().equals(mutatingPath)) patch = r;
        }
        assertThat(patch).as("a caBundle patch was sent").isNotNull();
        assertThat(patch.getUtf8Body()).as("the patch by index holds only at the version read")
                .startsWith("[{\"op\":\"test\",\"path\":\"/metadata/resourceVersion\",\"value\":\"8\"}");
        clock.advance(SelfManagedCertificates.REJECTION_GRACE);
        assertThat(certs.reconcile()).as("refused for longer than the grace: not ready, not ready forever").isFalse();
        assertThat(certs.notReadyBecause()).hasValueSatisfying(r -> assertThat(r).contains("HTTP 422"));
        assertThat(metrics.scrape()).containsPattern("jig_webhook_tls_problems_total\\{reason=\"rejected\"} [1-9]");
        certs.close();
        noRetries.close();
    }

    /** The webhook's own Secret holding {@code material}, its CA trusted since {@link #NOW}, as the mock API server returns it. */
    private static Secret ownSecret(String name, ServingMaterial material) {
        Secret secret = new SecretBuilder().withNewMetadata().withName(name).withNamespace("jig-system").withResourceVersion("1")
                .addToLabels("app.kubernetes.io/managed-by", "jig-webhook").addToAnnotations("jig.dev/ca-trusted-since", NOW.toString())
                .endMetadata().withType("kubernetes.io/tls").build();
        material.pemData().forEach((k, v) -> secret.getData().put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.US_ASCII))));
        return secret;
    }

    static MutatingWebhookConfiguration trusting(String name, ServingMaterial material) {
        String bundle = Base64.getEncoder().encodeToString(material.bundlePem().getBytes(StandardCharsets.US_ASCII));
        return new MutatingWebhookConfigurationBuilder().withNewMetadata().withName(name).withResourceVersion("7")
                .endMetadata().addNewWebhook().withName("pods.jig.dev").withNewClientConfig().withCaBundle(bundle).endClientConfig().endWebhook().build();
    }

    /** Scripts the configurations named {@code name}: only {@code mutating} exists. */
    private static void onlyMutating(String name, MutatingWebhookConfiguration mutating) {
        server.expect().get().withPath("/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/" + name).andReturn(404,
                new StatusBuilder().withCode(404).build()).always();
        server.expect().get().withPath("/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/" + name).andReturn(200, mutating)
                .always();
    }

    /** No client-side retries of a 5xx, so the test sees the error at once (in a pod the client retries with back-off first). */
    private static KubernetesClient noRetries() {
        return new KubernetesClientBuilder().withConfig(new ConfigBuilder(client.getConfiguration()).withRequestRetryBackoffLimit(0).build()).build();
    }
}
