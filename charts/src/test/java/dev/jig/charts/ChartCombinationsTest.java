package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.LintResult;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every documented values combination lints cleanly, renders, parses strictly and renders what it promises. */
class ChartCombinationsTest {

    static List<String> combinations() {
        return Rendered.combinations().toList();
    }

    @Test
    void theDocumentedCombinationsAreTestedAndListedInTheReadme() throws IOException {
        assertThat(combinations()).containsExactlyInAnyOrder("aws", "controller-only", "defaults", "monitoring", "self-managed", "servicemonitor",
                "webhook-only");
        String readme = Files.readString(JigChart.CHART.resolve("README.md"));
        for (String c : combinations()) assertThat(readme).as("charts/jig/README.md lists ci/%s-values.yaml", c).contains("ci/" + c + "-values.yaml");
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void lintsWithoutWarnings(String combination) {
        LintResult lint = JigChart.lint(List.of(JigChart.values(combination)));
        assertThat(lint.isFailed()).as("%s", lint.getMessages()).isFalse();
        // --strict turns warnings into failures; what is left may only be informational (Chart.yaml's icon)
        assertThat(lint.getMessages()).allSatisfy(m -> assertThat(m).startsWith("[INFO]"));
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void everyRenderedObjectParsesStrictlyAndIsUnique(String combination) {
        List<Object> objects = Rendered.objects(combination);
        assertThat(objects).isNotEmpty();
        List<String> keys = objects.stream().map(o -> {
            if (o instanceof HasMetadata h) return h.getKind() + "/" + h.getMetadata().getNamespace() + "/" + h.getMetadata().getName();
            return o.getClass().getSimpleName() + "/" + o;
        }).toList();
        assertThat(new HashSet<>(keys)).as("no object rendered twice").hasSize(keys.size());
        for (Object o : objects) {
            if (o instanceof HasMetadata h && !h.getKind().contains("ClusterRole") && !h.getKind().contains("WebhookConfiguration")) {
                assertThat(h.getMetadata().getNamespace()).as(h.getKind() + " " + h.getMetadata().getName()).isEqualTo(JigChart.NAMESPACE);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void rendersTheComponentsTheCombinationSwitchesOn(String combination) {
        List<Object> objects = Rendered.objects(combination);
        Set<String> deployments = names(StrictObjects.all(objects, Deployment.class));
        Set<String> accounts = names(StrictObjects.all(objects, ServiceAccount.class));
        boolean webhook = !combination.equals("controller-only");
        boolean controller = !combination.equals("webhook-only");
        assertThat(deployments.contains("jig-webhook")).isEqualTo(webhook);
        assertThat(accounts.contains("jig-webhook")).isEqualTo(webhook);
        assertThat(StrictObjects.all(objects, ValidatingWebhookConfiguration.class)).hasSize(webhook ? 1 : 0);
        assertThat(StrictObjects.all(objects, MutatingWebhookConfiguration.class)).hasSize(webhook ? 1 : 0);
        assertThat(deployments.contains("jig-controller")).isEqualTo(controller);
        assertThat(accounts.contains("jig-controller")).isEqualTo(controller);
        boolean certManager = webhook && !combination.equals("self-managed") && !combination.equals("aws");
        assertThat(StrictObjects.all(objects, ExtensionKinds.Certificate.class)).hasSize(certManager ? 2 : 0);
        assertThat(StrictObjects.all(objects, ExtensionKinds.Issuer.class)).hasSize(certManager ? 2 : 0);
        boolean monitoring = combination.equals("monitoring");
        assertThat(StrictObjects.all(objects, ExtensionKinds.ServiceMonitor.class)).hasSize(combination.equals("servicemonitor") ? 2 : monitoring ? 1 : 0);
        assertThat(StrictObjects.all(objects, ExtensionKinds.PrometheusRule.class)).hasSize(monitoring ? 1 : 0);
    }

    private static Set<String> names(List<? extends HasMetadata> objects) {
        return objects.stream().map(o -> o.getMetadata().getName()).collect(Collectors.toSet());
    }

}
