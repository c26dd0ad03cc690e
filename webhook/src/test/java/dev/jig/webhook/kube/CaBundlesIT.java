package dev.jig.webhook.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.webhook.testing.WebhookConfigurations;
import dev.jig.webhook.tls.RenewalPolicy;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code caBundle} of both webhook configurations against the mock API server (CRUD mode):
 * every webhook gets the bundle, a second sync writes nothing, a reset bundle is patched back, and
 * a missing configuration is a problem, not a crash.
 */
@EnableKubernetesMockClient(crud = true)
class CaBundlesIT {

    static KubernetesClient client;

    private static final List<String> NAMES = List.of("jig-webhook", "jig-webhook.jig-system", "jig-webhook.jig-system.svc",
            "jig-webhook.jig-system.svc.cluster.local");
    private final ServingMaterial material = RenewalPolicy.defaults().initial(Instant.parse("2026-11-25T12:00:00Z"), NAMES);
    private final String wanted = Base64.getEncoder().encodeToString(material.bundlePem().getBytes(StandardCharsets.US_ASCII));

    @BeforeEach
    void configurations() {
        WebhookConfigurations.create(client);
    }

    /** The mock API server lives as long as the class: every test starts from the configurations as installed. */
    @AfterEach
    void deleteConfigurations() {
        client.resource(WebhookConfigurations.validating(client)).delete();
        client.resource(WebhookConfigurations.mutating(client)).delete();
    }

    @Test
    void everyWebhookOfBothConfigurationsGetsTheBundleOnce() {
        CaBundles bundles = new CaBundles(client, List.of(WebhookConfigurations.NAME));
        CaBundles.Sync first = bundles.sync(material.bundlePem(), material.ca(), material.serving());
        assertThat(first.patched()).isEqualTo(2);
        assertThat(first.problems()).isEmpty();
        assertThat(first.trustsSigningCa()).isTrue();
        assertThat(first.trustsServed()).isTrue();
        assertThat(WebhookConfigurations.clientConfigs(client)).hasSize(4).allSatisfy(c -> {
            assertThat(c.getCaBundle()).isEqualTo(wanted);
            assertThat(WebhookConfigurations.bundle(c)).containsExactly(material.ca());
            assertThat(c.getService().getName()).as("the rest of the client config is untouched").isEqualTo("jig-webhook");
        });

        String validatingVersion = WebhookConfigurations.validating(client).getMetadata().getResourceVersion();
        String mutatingVersion = WebhookConfigurations.mutating(client).getMetadata().getResourceVersion();
        CaBundles.Sync again = bundles.sync(material.bundlePem(), material.ca(), material.serving());
        assertThat(again.patched()).as("idempotent").isZero();
        assertThat(again.trustsServed()).isTrue();
        assertThat(WebhookConfigurations.validating(client).getMetadata().getResourceVersion()).isEqualTo(validatingVersion);
        assertThat(WebhookConfigurations.mutating(client).getMetadata().getResourceVersion()).isEqualTo(mutatingVersion);
    }

    @Test
    void aBundleSomeoneResetIsPatchedBack() {
        CaBundles bundles = new CaBundles(client, List.of(WebhookConfigurations.NAME));
        bundles.sync(material.bundlePem(), material.ca(), material.serving());
        ValidatingWebhookConfiguration reset = WebhookConfigurations.validating(client);
        reset.getWebhooks().get(1).getClientConfig().setCaBundle(null);
        client.resource(reset).update();
        assertThat(WebhookConfigurations.validating(client).getWebhooks().get(1).getClientConfig().getCaBundle()).isNull();

        CaBundles.Sync sync = bundles.sync(material.bundlePem(), material.ca(), material.serving());
        assertThat(sync.patched()).isEqualTo(1);
        assertThat(WebhookConfigurations.clientConfigs(client)).allSatisfy(c -> assertThat(c.getCaBundle()).isEqualTo(wanted));
    }

    @Test
    void aCertificateOfAnotherCaIsNotTrusted() {
        ServingMaterial other = RenewalPolicy.defaults().initial(Instant.parse("2026-11-25T12:00:00Z"), NAMES);
        CaBundles.Sync sync = new CaBundles(client, List.of(WebhookConfigurations.NAME)).sync(material.bundlePem(), material.ca(), other.serving());
        assertThat(sync.trustsSigningCa()).isTrue();
        assertThat(sync.trustsServed()).isFalse();
    }

    @Test
    void aMissingConfigurationIsNamedAndNothingIsTrusted() {
        CaBundles.Sync sync = new CaBundles(client, List.of(WebhookConfigurations.NAME, "jig-webhook-extra"))
                .sync(material.bundlePem(), material.ca(), material.serving());
        assertThat(sync.problems()).containsExactly("webhook configuration jig-webhook-extra not found (neither Validating nor Mutating)");
        assertThat(sync.trustsServed()).isFalse();
        assertThat(sync.patched()).as("the ones found are still patched").isEqualTo(2);
    }
}
