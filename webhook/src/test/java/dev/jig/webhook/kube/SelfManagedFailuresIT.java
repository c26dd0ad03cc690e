package dev.jig.webhook.kube;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.testing.MovableClock;
import dev.jig.webhook.testing.WebhookConfigurations;
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

    /** The mock API server lives as long as the class, so each test scripts its own Secret. */
    private static SelfManagedCertificates.Settings settings(String secret) {
        return new SelfManagedCertificates.Settings("jig-system", secret, "jig-webhook", List.of(WebhookConfigurations.NAME), RenewalPolicy.defaults());
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
        String bundle = Base64.getEncoder().encodeToString(material.bundlePem().getBytes(StandardCharsets.US_ASCII));
        Secret secret = new SecretBuilder().withNewMetadata().withName("flaky").withNamespace("jig-system").withResourceVersion("1")
                .endMetadata().withType("kubernetes.io/tls").build();
        material.pemData().forEach((k, v) -> secret.getData().put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.US_ASCII))));
        MutatingWebhookConfiguration trusted = new MutatingWebhookConfigurationBuilder().withNewMetadata().withName(WebhookConfigurations.NAME)
                .endMetadata().addNewWebhook().withName("pods.jig.dev").withNewClientConfig().withCaBundle(bundle).endClientConfig().endWebhook().build();
        server.expect().get().withPath(secretPath).andReturn(200, secret).times(2);
        server.expect().get().withPath(secretPath).andReturn(500, new StatusBuilder().withCode(500).withMessage("etcdserver: request timed out")
                .build()).always();
        server.expect().get().withPath("/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/jig-webhook").andReturn(404,
                new StatusBuilder().withCode(404).build()).always();
        server.expect().get().withPath("/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/jig-webhook").andReturn(200, trusted)
                .always();

        // no client-side retries of the 500, so the test sees the error at once (in a pod the client retries with back-off first)
        KubernetesClient noRetries = new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(client.getConfiguration()).withRequestRetryBackoffLimit(0).build()).build();
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
}
