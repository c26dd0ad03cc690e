package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.support.Requests;
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
        assertThat(all).hasSize(5);
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
        assertThat(sent).contains("/pods", "/pods/binding", "/bindings", "/pods/ephemeralcontainers", "/namespaces", "karpenter.sh/nodepools",
                "karpenter.k8s.aws/ec2nodeclasses");
    }
}
