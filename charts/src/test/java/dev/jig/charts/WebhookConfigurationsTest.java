package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.rules.WebhookRules;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.RuleWithOperations;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ServiceReference;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The webhook configurations the chart renders agree with what the webhook routes and exempts:
 * every webhook fails closed, exempts exactly the configured namespaces by name (the same list the
 * webhook is started with), and sends only resources the webhook has rules for.
 */
class WebhookConfigurationsTest {

    /** What every webhook of both configurations shares, typed alike. */
    private record Hook(String name, String failurePolicy, String sideEffects, List<String> reviewVersions, String matchPolicy, int timeout,
            ServiceReference service, List<LabelSelectorRequirement> namespaceSelector, List<RuleWithOperations> rules, String reinvocation) {
    }

    private static List<Hook> hooks(List<Object> objects) {
        List<Hook> out = new ArrayList<>();
        for (ValidatingWebhookConfiguration c : StrictObjects.all(objects, ValidatingWebhookConfiguration.class)) {
            for (ValidatingWebhook w : c.getWebhooks()) {
                out.add(new Hook(w.getName(), w.getFailurePolicy(), w.getSideEffects(), w.getAdmissionReviewVersions(), w.getMatchPolicy(),
                        w.getTimeoutSeconds(), w.getClientConfig().getService(), w.getNamespaceSelector().getMatchExpressions(), w.getRules(), null));
            }
        }
        for (MutatingWebhookConfiguration c : StrictObjects.all(objects, MutatingWebhookConfiguration.class)) {
            for (MutatingWebhook w : c.getWebhooks()) {
                out.add(new Hook(w.getName(), w.getFailurePolicy(), w.getSideEffects(), w.getAdmissionReviewVersions(), w.getMatchPolicy(),
                        w.getTimeoutSeconds(), w.getClientConfig().getService(), w.getNamespaceSelector().getMatchExpressions(), w.getRules(),
                        w.getReinvocationPolicy()));
            }
        }
        return out;
    }

    private static Hook hook(List<Object> objects, String name) {
        return hooks(objects).stream().filter(h -> h.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no webhook " + name));
    }

    private static Container webhookContainer(List<Object> objects) {
        return StrictObjects.one(objects, Deployment.class, "jig-webhook").getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    private static Optional<String> arg(Container c, String flag) {
        return c.getArgs().stream().filter(a -> a.startsWith(flag + "=")).map(a -> a.substring(flag.length() + 1)).findFirst();
    }

    @ParameterizedTest
    @ValueSource(strings = {"defaults", "webhook-only", "self-managed", "servicemonitor", "aws"})
    void everyWebhookFailsClosedAndExemptsExactlyTheNamespacesTheWebhookIsStartedWith(String combination) {
        List<Object> objects = Rendered.objects(combination);
        Set<String> exempt = new HashSet<>(List.of(arg(webhookContainer(objects), "--exempt-namespaces").orElseThrow().split(",")));
        assertThat(exempt).contains(JigChart.NAMESPACE);
        List<Hook> all = hooks(objects);
        assertThat(all).hasSize(7);
        for (Hook w : all) {
            assertThat(w.failurePolicy()).as(w.name()).isEqualTo("Fail");
            assertThat(w.sideEffects()).isEqualTo("None");
            assertThat(w.reviewVersions()).containsExactly("v1");
            assertThat(w.matchPolicy()).isEqualTo("Equivalent");
            assertThat(w.timeout()).isBetween(1, 10);
            assertThat(w.service().getName()).isEqualTo("jig-webhook");
            assertThat(w.service().getNamespace()).isEqualTo(JigChart.NAMESPACE);
            assertThat(w.service().getPort()).isEqualTo(443);
            assertThat(w.service().getPath()).isIn("/validate", "/mutate");
            assertThat(w.namespaceSelector()).hasSize(1);
            LabelSelectorRequirement r = w.namespaceSelector().get(0);
            assertThat(r.getKey()).isEqualTo("kubernetes.io/metadata.name");
            assertThat(r.getOperator()).isEqualTo("NotIn");
            assertThat(new HashSet<>(r.getValues())).isEqualTo(exempt);
        }
    }

    @Test
    void theDefaultsExemptWhatTheWebhookExemptsByDefault() {
        Set<String> exempt = new HashSet<>(List.of(arg(webhookContainer(Rendered.objects("defaults")), "--exempt-namespaces").orElseThrow().split(",")));
        assertThat(exempt).isEqualTo(WebhookSettings.DEFAULT_EXEMPT);
    }

    @Test
    void byDefaultCertManagerAndArgoCdAreExemptSoAClusterWithoutTenancyCannotLockThemOut() {
        for (Hook h : hooks(Rendered.objects("defaults"))) {
            assertThat(h.namespaceSelector().get(0).getKey()).isEqualTo("kubernetes.io/metadata.name");
            assertThat(h.namespaceSelector().get(0).getOperator()).isEqualTo("NotIn");
            assertThat(h.namespaceSelector().get(0).getValues()).as(h.name()).contains("cert-manager", "argocd", "kube-system", "jig-system");
        }
    }

    @Test
    void aConfiguredNamespaceIsExemptedAndNoOther() {
        Hook pods = hook(Rendered.objects("aws"), "pods.validate.jig.dev");
        assertThat(pods.namespaceSelector().get(0).getValues())
                .containsExactlyInAnyOrder("kube-system", "kube-public", "kube-node-lease", "jig-system", "cert-manager", "argocd", "amazon-cloudwatch");
    }

    @Test
    void validatingAndMutatingSendToTheirPathsOnTheWebhooksService() {
        List<Object> objects = Rendered.objects("defaults");
        for (Hook h : hooks(objects)) assertThat(h.service().getPath()).isEqualTo(h.name().contains(".mutate.") ? "/mutate" : "/validate");
        Service service = StrictObjects.one(objects, Service.class, "jig-webhook");
        assertThat(service.getSpec().getPorts()).singleElement().satisfies(p -> {
            assertThat(p.getPort()).isEqualTo(443);
            assertThat(p.getTargetPort().getStrVal()).isEqualTo("https");
        });
        assertThat(webhookContainer(objects).getPorts()).anySatisfy(p -> assertThat(p.getName()).isEqualTo("https"));
        assertThat(service.getSpec().getSelector()).isEqualTo(
                StrictObjects.one(objects, Deployment.class, "jig-webhook").getSpec().getSelector().getMatchLabels());
    }

    @Test
    void podMutationIsReinvokedIfNeededAndPoolMutationNever() {
        List<Object> objects = Rendered.objects("defaults");
        assertThat(hook(objects, "pods.mutate.jig.dev").reinvocation()).isEqualTo("IfNeeded");
        assertThat(hook(objects, "nodepools.mutate.jig.dev").reinvocation()).isEqualTo("Never");
    }

    @Test
    void timeoutsComeFromTheValues() {
        List<Object> objects = Rendered.objects("defaults");
        assertThat(hook(objects, "pods.validate.jig.dev").timeout()).isEqualTo(5);
        assertThat(hook(objects, "nodepools.validate.jig.dev").timeout()).isEqualTo(10);
        assertThat(hook(objects, "nodepools.mutate.jig.dev").timeout()).isEqualTo(10);
    }

    @Test
    void nodeUpdatesAndNodeClaimWritesAreSent() {
        List<Object> objects = Rendered.objects("defaults");
        RuleWithOperations nodes = hook(objects, "nodes.validate.jig.dev").rules().get(0);
        assertThat(nodes.getOperations()).containsExactly("UPDATE");
        assertThat(nodes.getResources()).containsExactly("nodes", "nodes/status");
        RuleWithOperations claims = hook(objects, "nodeclaims.validate.jig.dev").rules().get(0);
        assertThat(claims.getOperations()).containsExactly("CREATE", "UPDATE");
        assertThat(claims.getApiGroups()).containsExactly("karpenter.sh");
        assertThat(claims.getResources()).containsExactly("nodeclaims");
    }

    @Test
    void everyResourceTheConfigurationsSendHasRulesInTheWebhook() {
        Set<String> sent = new HashSet<>();
        WebhookRules rules = new WebhookRules(WebhookSettings.defaults());
        Principal developer = new Principal("jane@acme.example", List.of("system:authenticated"));
        for (Hook h : hooks(Rendered.objects("defaults"))) {
            for (RuleWithOperations rule : h.rules()) {
                String group = rule.getApiGroups().get(0);
                for (String resource : rule.getResources()) {
                    sent.add(group + "/" + resource);
                    String[] parts = resource.split("/");
                    AdmissionInput in = new AdmissionInput("u", Operation.DELETE, group, "X", parts[0], parts.length > 1 ? parts[1] : "",
                            "default", "x", developer, JsonNodeFactory.instance.objectNode(), null);
                    assertThatCode(() -> rules.validate(in, Optional.empty())).as(group + "/" + resource).doesNotThrowAnyException();
                }
            }
        }
        assertThat(sent).containsExactlyInAnyOrder("/pods", "/pods/binding", "/bindings", "/pods/ephemeralcontainers", "/namespaces", "/nodes",
                "/nodes/status", "karpenter.sh/nodepools", "karpenter.sh/nodeclaims", "karpenter.k8s.aws/ec2nodeclasses");
    }

    @Test
    void certManagerModeIssuesTheServingCertificateFromACaThatASelfSignedIssuerSignedAndInjectsIt() {
        List<Object> objects = Rendered.objects("defaults");
        List<ExtensionKinds.Certificate> certificates = StrictObjects.all(objects, ExtensionKinds.Certificate.class);
        List<ExtensionKinds.Issuer> issuers = StrictObjects.all(objects, ExtensionKinds.Issuer.class);
        ExtensionKinds.Certificate serving = certificates.stream().filter(c -> c.metadata().getName().equals("jig-webhook")).findFirst().orElseThrow();
        assertThat(serving.spec().secretName()).isEqualTo("jig-webhook-tls");
        assertThat(serving.spec().dnsNames()).containsExactly("jig-webhook.jig-system.svc", "jig-webhook.jig-system.svc.cluster.local");
        assertThat(serving.spec().privateKey().rotationPolicy()).isEqualTo(ExtensionKinds.RotationPolicy.Always);
        ExtensionKinds.Issuer caIssuer = issuers.stream().filter(i -> i.metadata().getName().equals(serving.spec().issuerRef().name())).findFirst().orElseThrow();
        assertThat(caIssuer.spec().ca()).as("the serving certificate's issuer is a CA issuer").isNotNull();
        ExtensionKinds.Certificate ca = certificates.stream().filter(c -> c.spec().secretName().equals(caIssuer.spec().ca().secretName())).findFirst().orElseThrow();
        assertThat(ca.spec().isCA()).isTrue();
        ExtensionKinds.Issuer root = issuers.stream().filter(i -> i.metadata().getName().equals(ca.spec().issuerRef().name())).findFirst().orElseThrow();
        assertThat(root.spec().selfSigned()).isNotNull();
        String injected = "jig-system/" + serving.metadata().getName();
        assertThat(StrictObjects.one(objects, ValidatingWebhookConfiguration.class, "jig-webhook").getMetadata().getAnnotations())
                .containsEntry("cert-manager.io/inject-ca-from", injected);
        assertThat(StrictObjects.one(objects, MutatingWebhookConfiguration.class, "jig-webhook").getMetadata().getAnnotations())
                .containsEntry("cert-manager.io/inject-ca-from", injected);
        Container c = webhookContainer(objects);
        assertThat(arg(c, "--tls-cert")).contains("/etc/jig-webhook/tls/tls.crt");
        assertThat(arg(c, "--tls-key")).contains("/etc/jig-webhook/tls/tls.key");
        assertThat(arg(c, "--tls-mode")).as("files is the webhook's default").isEmpty();
        assertThat(StrictObjects.one(objects, Deployment.class, "jig-webhook").getSpec().getTemplate().getSpec().getVolumes())
                .filteredOn(v -> v.getSecret() != null).singleElement().satisfies(v -> assertThat(v.getSecret().getSecretName()).isEqualTo(serving.spec().secretName()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"self-managed", "aws"})
    void selfManagedModeStartsTheWebhookWithItsSecretServiceAndConfigurationsAndInjectsNothing(String combination) {
        List<Object> objects = Rendered.objects(combination);
        Container c = webhookContainer(objects);
        assertThat(arg(c, "--tls-mode")).contains("self-managed");
        assertThat(arg(c, "--tls-secret")).contains("jig-webhook-self-managed-tls");
        assertThat(arg(c, "--tls-service")).contains("jig-webhook");
        String validating = StrictObjects.one(objects, ValidatingWebhookConfiguration.class, "jig-webhook").getMetadata().getName();
        String mutating = StrictObjects.one(objects, MutatingWebhookConfiguration.class, "jig-webhook").getMetadata().getName();
        assertThat(arg(c, "--webhook-configurations")).contains(validating + "," + mutating);
        assertThat(arg(c, "--tls-cert")).isEmpty();
        assertThat(c.getEnv()).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("POD_NAMESPACE");
            assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.namespace");
        });
        assertThat(StrictObjects.all(objects, ValidatingWebhookConfiguration.class).get(0).getMetadata().getAnnotations()).isNullOrEmpty();
        assertThat(StrictObjects.all(objects, MutatingWebhookConfiguration.class).get(0).getMetadata().getAnnotations()).isNullOrEmpty();
        assertThat(StrictObjects.all(objects, ExtensionKinds.Certificate.class)).isEmpty();
        assertThat(StrictObjects.one(objects, Deployment.class, "jig-webhook").getSpec().getTemplate().getSpec().getVolumes())
                .noneSatisfy(v -> assertThat(v.getSecret()).isNotNull());
    }
}
