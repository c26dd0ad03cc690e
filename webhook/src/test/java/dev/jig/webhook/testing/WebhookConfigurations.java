package dev.jig.webhook.testing;

import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.WebhookClientConfig;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.WebhookClientConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

/**
 * The webhook configurations as the chart installs them, before any {@code caBundle}: a
 * ValidatingWebhookConfiguration with two webhooks and a MutatingWebhookConfiguration with two,
 * both named {@code jig-webhook}, pointing at the Service {@code jig-system/jig-webhook}.
 */
public final class WebhookConfigurations {

    public static final String NAME = "jig-webhook";

    private WebhookConfigurations() {
    }

    public static void create(KubernetesClient kube) {
        kube.admissionRegistration().v1().validatingWebhookConfigurations().resource(new ValidatingWebhookConfigurationBuilder()
                .withNewMetadata().withName(NAME).endMetadata()
                .addNewWebhook().withName("pools.jig.dev").withClientConfig(service("/validate")).withAdmissionReviewVersions("v1")
                .withSideEffects("None").withFailurePolicy("Fail").endWebhook()
                .addNewWebhook().withName("pods.jig.dev").withClientConfig(service("/validate")).withAdmissionReviewVersions("v1")
                .withSideEffects("None").withFailurePolicy("Fail").endWebhook()
                .build()).create();
        kube.admissionRegistration().v1().mutatingWebhookConfigurations().resource(new MutatingWebhookConfigurationBuilder()
                .withNewMetadata().withName(NAME).endMetadata()
                .addNewWebhook().withName("pools.jig.dev").withClientConfig(service("/mutate")).withAdmissionReviewVersions("v1")
                .withSideEffects("None").withFailurePolicy("Fail").endWebhook()
                .addNewWebhook().withName("pods.jig.dev").withClientConfig(service("/mutate")).withAdmissionReviewVersions("v1")
                .withSideEffects("None").withFailurePolicy("Fail").withReinvocationPolicy("IfNeeded").endWebhook()
                .build()).create();
    }

    public static ValidatingWebhookConfiguration validating(KubernetesClient kube) {
        return kube.admissionRegistration().v1().validatingWebhookConfigurations().withName(NAME).get();
    }

    public static MutatingWebhookConfiguration mutating(KubernetesClient kube) {
        return kube.admissionRegistration().v1().mutatingWebhookConfigurations().withName(NAME).get();
    }

    /** Every webhook's client config, of both configurations. */
    public static List<WebhookClientConfig> clientConfigs(KubernetesClient kube) {
        return Stream.concat(validating(kube).getWebhooks().stream().map(w -> w.getClientConfig()),
                mutating(kube).getWebhooks().stream().map(w -> w.getClientConfig())).toList();
    }

    /** The certificates in a webhook's {@code caBundle}. */
    public static List<X509Certificate> bundle(WebhookClientConfig config) {
        return dev.jig.webhook.tls.Pem.certificates(new String(Base64.getDecoder().decode(config.getCaBundle()), StandardCharsets.US_ASCII), "caBundle");
    }

    private static WebhookClientConfig service(String path) {
        return new WebhookClientConfigBuilder().withNewService().withNamespace("jig-system").withName(NAME).withPath(path).withPort(443)
                .endService().build();
    }
}
