package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.testing.Requests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** The webhook configurations under webhook/deploy/ agree with what the server routes and exempts. */
class WebhookManifestsTest {

    private static final Path DEPLOY = Path.of(System.getProperty("jig.repo.root", ".."), "webhook", "deploy");

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> webhooks(String file) throws IOException {
        Map<String, Object> doc = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(Files.readString(DEPLOY.resolve(file)));
        return (List<Map<String, Object>>) doc.get("webhooks");
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyWebhookFailsClosedWithoutSideEffectsAndExemptsTheSystemNamespacesByName() throws IOException {
        List<Map<String, Object>> all = new ArrayList<>(webhooks("validating-webhook-configuration.yaml"));
        all.addAll(webhooks("mutating-webhook-configuration.yaml"));
        assertThat(all).hasSize(7);
        for (Map<String, Object> w : all) {
            assertThat(w.get("failurePolicy")).as(w.get("name").toString()).isEqualTo("Fail");
            assertThat(w.get("sideEffects")).isEqualTo("None");
            assertThat(w.get("admissionReviewVersions")).isEqualTo(List.of("v1"));
            assertThat((Integer) w.get("timeoutSeconds")).isBetween(1, 10);
            List<Map<String, Object>> expressions = (List<Map<String, Object>>) ((Map<String, Object>) w.get("namespaceSelector")).get("matchExpressions");
            assertThat(expressions).hasSize(1);
            assertThat(expressions.get(0).get("key")).isEqualTo("kubernetes.io/metadata.name");
            assertThat(expressions.get(0).get("operator")).isEqualTo("NotIn");
            assertThat(new HashSet<>((List<String>) expressions.get(0).get("values"))).isEqualTo(WebhookSettings.DEFAULT_EXEMPT);
        }
    }

    @Test
    void podMutationIsReinvokedIfNeeded() throws IOException {
        Map<String, Object> pods = webhooks("mutating-webhook-configuration.yaml").stream()
                .filter(w -> w.get("name").equals("pods.mutate.jig.dev")).findFirst().orElseThrow();
        assertThat(pods.get("reinvocationPolicy")).isEqualTo("IfNeeded");
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyResourceTheConfigurationsSendHasRules() throws IOException {
        Set<String> sent = new HashSet<>();
        WebhookRules rules = new WebhookRules(WebhookSettings.defaults());
        for (String file : List.of("validating-webhook-configuration.yaml", "mutating-webhook-configuration.yaml")) {
            for (Map<String, Object> w : webhooks(file)) {
                for (Map<String, Object> rule : (List<Map<String, Object>>) w.get("rules")) {
                    String group = ((List<String>) rule.get("apiGroups")).get(0);
                    for (String resource : (List<String>) rule.get("resources")) {
                        sent.add(group + "/" + resource);
                        String[] parts = resource.split("/");
                        AdmissionInput in = new AdmissionInput("u", Operation.DELETE, group, "X", parts[0], parts.length > 1 ? parts[1] : "",
                                "default", "x", Requests.DEVELOPER, JsonNodeFactory.instance.objectNode(), null);
                        assertThatCode(() -> rules.validate(in, Optional.empty())).as(group + "/" + resource).doesNotThrowAnyException();
                    }
                }
            }
        }
        assertThat(sent).contains("/pods", "/pods/binding", "/bindings", "/pods/ephemeralcontainers", "/namespaces", "/nodes", "/nodes/status",
                "karpenter.sh/nodepools", "karpenter.sh/nodeclaims",
                "karpenter.k8s.aws/ec2nodeclasses");
    }

    @Test
    @SuppressWarnings("unchecked")
    void nodeUpdatesAreSentSoThatTheirTenancyLabelsAreGuarded() throws IOException {
        Map<String, Object> nodes = validating("nodes.validate.jig.dev");
        Map<String, Object> rule = ((List<Map<String, Object>>) nodes.get("rules")).get(0);
        assertThat(rule.get("operations")).isEqualTo(List.of("UPDATE"));
        assertThat(rule.get("resources")).isEqualTo(List.of("nodes", "nodes/status"));
        assertThat(nodes.get("failurePolicy")).isEqualTo("Fail");
    }

    @Test
    @SuppressWarnings("unchecked")
    void nodeClaimWritesAreSentAndFailClosed() throws IOException {
        Map<String, Object> claims = validating("nodeclaims.validate.jig.dev");
        Map<String, Object> rule = ((List<Map<String, Object>>) claims.get("rules")).get(0);
        assertThat(rule.get("operations")).isEqualTo(List.of("CREATE", "UPDATE"));
        assertThat(rule.get("apiGroups")).isEqualTo(List.of("karpenter.sh"));
        assertThat(rule.get("resources")).isEqualTo(List.of("nodeclaims"));
        assertThat(claims.get("failurePolicy")).isEqualTo("Fail");
    }

    private static Map<String, Object> validating(String name) throws IOException {
        return webhooks("validating-webhook-configuration.yaml").stream().filter(w -> w.get("name").equals(name)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> documents(String file) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object d : new Load(LoadSettings.builder().build()).loadAllFromString(Files.readString(DEPLOY.resolve(file)))) {
            if (d != null) docs.add((Map<String, Object>) d);
        }
        return docs;
    }

    private static Map<String, Object> find(List<Map<String, Object>> docs, String kind, String name) {
        return docs.stream().filter(d -> d.get("kind").equals(kind) && ((Map<?, ?>) d.get("metadata")).get("name").equals(name))
                .findFirst().orElseThrow(() -> new AssertionError(kind + " " + name));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theWebhookSurvivesDrainsAndNodeLossAndIsScheduledFirst() throws IOException {
        List<Map<String, Object>> docs = documents("deployment.yaml");
        Map<String, Object> pod = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) find(docs, "Deployment", "jig-webhook")
                .get("spec")).get("template")).get("spec");
        assertThat(pod.get("priorityClassName")).isEqualTo("system-cluster-critical");
        List<Map<String, Object>> spread = (List<Map<String, Object>>) pod.get("topologySpreadConstraints");
        assertThat(spread).anySatisfy(c -> assertThat(c.get("topologyKey")).isEqualTo("kubernetes.io/hostname"));
        Map<String, Object> pdb = (Map<String, Object>) find(docs, "PodDisruptionBudget", "jig-webhook").get("spec");
        assertThat(pdb.get("minAvailable")).isEqualTo(1);
        assertThat(((Map<String, Object>) pdb.get("selector")).get("matchLabels")).isEqualTo(Map.of("app.kubernetes.io/name", "jig-webhook"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theServingCertificateIsIssuedByACaThatASelfSignedIssuerSigned() throws IOException {
        List<Map<String, Object>> docs = documents("cert-manager.yaml");
        Map<String, Object> serving = (Map<String, Object>) find(docs, "Certificate", "jig-webhook").get("spec");
        assertThat(serving.get("secretName")).isEqualTo("jig-webhook-tls");
        String caIssuer = (String) ((Map<String, Object>) serving.get("issuerRef")).get("name");
        Map<String, Object> ca = (Map<String, Object>) ((Map<String, Object>) find(docs, "Issuer", caIssuer).get("spec")).get("ca");
        assertThat(ca).as("the serving certificate's issuer is a CA issuer").isNotNull();
        Map<String, Object> caCert = docs.stream().filter(d -> d.get("kind").equals("Certificate")
                && ca.get("secretName").equals(((Map<String, Object>) d.get("spec")).get("secretName"))).findFirst().orElseThrow();
        assertThat(((Map<String, Object>) caCert.get("spec")).get("isCA")).isEqualTo(true);
        String root = (String) ((Map<String, Object>) ((Map<String, Object>) caCert.get("spec")).get("issuerRef")).get("name");
        assertThat(((Map<String, Object>) find(docs, "Issuer", root).get("spec"))).containsKey("selfSigned");
        for (String file : List.of("validating-webhook-configuration.yaml", "mutating-webhook-configuration.yaml")) {
            assertThat(Files.readString(DEPLOY.resolve(file))).contains("cert-manager.io/inject-ca-from: jig-system/jig-webhook");
        }
    }
}
