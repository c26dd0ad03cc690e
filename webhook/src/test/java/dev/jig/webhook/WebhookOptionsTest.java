package dev.jig.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.webhook.kube.SelfManagedCertificates;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Option;
import picocli.CommandLine;

class WebhookOptionsTest {

    private static WebhookOptions parse(String... args) {
        WebhookOptions options = new WebhookOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void everyFlagFallsBackToTheEnvironmentVariableNamedAfterIt() {
        int flags = 0;
        for (Field f : WebhookOptions.class.getDeclaredFields()) {
            Option o = f.getAnnotation(Option.class);
            if (o == null) continue;
            flags++;
            // the one exception: JIG_WEBHOOK_CONFIGURATIONS, the name the chart sets, not JIG_WEBHOOK_WEBHOOK_CONFIGURATIONS
            String env = o.names()[0].equals("--webhook-configurations") ? "JIG_WEBHOOK_CONFIGURATIONS"
                    : "JIG_WEBHOOK_" + o.names()[0].substring(2).toUpperCase().replace('-', '_');
            assertThat(o.defaultValue()).as(o.names()[0]).matches("\\$\\{env:" + env + "(:-[^}]*)?}");
        }
        assertThat(flags).isEqualTo(new CommandLine(new WebhookOptions()).getCommandSpec().options().size());
    }

    @Test
    void flagsOverrideTheFileWhichOverridesTheDefaults() throws Exception {
        Path file = Files.createTempFile("webhook", ".json");
        Files.writeString(file, "{\"port\": 9443, \"tlsCert\": \"/tls/a.crt\", \"drainSeconds\": 7, \"exemptNamespaces\": [\"ops\"]}");
        WebhookConfig cfg = parse("--config", file.toString(), "--port", "10443", "--tls-key", "/k", "--break-glass", "p1,p2",
                "--stop-timeout-seconds", "3").resolve();
        assertThat(cfg.port()).isEqualTo(10443);
        assertThat(cfg.tlsCert()).isEqualTo(Path.of("/tls/a.crt"));
        assertThat(cfg.tlsKey()).isEqualTo(Path.of("/k"));
        assertThat(cfg.drain()).isEqualTo(Duration.ofSeconds(7));
        assertThat(cfg.stopTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(cfg.tlsReload()).isEqualTo(Duration.ofSeconds(10));
        assertThat(cfg.settings().breakGlass()).isEqualTo(Set.of("NodePool/p1", "NodePool/p2"));
        assertThat(cfg.settings().exemptNamespaces()).containsExactly("ops");
        assertThat(cfg.noopEndpoint()).isFalse();
    }

    @Test
    void nodeLabellersComeFromTheFileOrTheFlagAndMustBeTypedPrincipals() throws Exception {
        assertThat(parse().resolve().settings().nodeLabellers()).contains("system:serviceaccount:jig-system:jig-controller");
        Path file = Files.createTempFile("webhook", ".json");
        Files.writeString(file, "{\"nodeLabellers\": [\"group:node-admins\"]}");
        assertThat(parse("--config", file.toString()).resolve().settings().nodeLabellers()).containsExactly("group:node-admins");
        assertThat(parse("--config", file.toString(), "--node-labellers", "system:serviceaccount:ops:labeller").resolve().settings().nodeLabellers())
                .containsExactly("system:serviceaccount:ops:labeller");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--node-labellers", "node-admins").resolve())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'node-admins'");
    }

    @Test
    void breakGlassEntriesNameTheirKindAndAnotherKindIsAUsageError() {
        assertThat(parse("--break-glass", "NodePool/a,EC2NodeClass/b,c").resolve().settings().breakGlass())
                .containsExactlyInAnyOrder("NodePool/a", "EC2NodeClass/b", "NodePool/c");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--break-glass", "Pod/x").resolve())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'Pod/x'");
    }

    @Test
    void withoutFlagsEnvironmentOrFileTheDefaultsHold() {
        WebhookConfig cfg = parse("--exempt-namespaces", "kube-system,ops", "--noop-endpoint").resolve();
        assertThat(cfg.host()).isEqualTo("0.0.0.0");
        assertThat(cfg.port()).isEqualTo(8443);
        assertThat(cfg.settings().exemptNamespaces()).containsExactlyInAnyOrder("kube-system", "ops");
        assertThat(cfg.noopEndpoint()).isTrue();
    }

    @Test
    void filesModeIsTheDefaultAndSelfManagedTakesItsNamespaceFromTheFlagOrPodNamespace() {
        assertThat(parse().selfManaged(n -> "jig-system")).isEmpty();
        SelfManagedCertificates.Settings s = parse("--tls-mode", "self-managed", "--tls-service", "jig-webhook-svc",
                "--webhook-configurations", "jig-validate,jig-mutate").selfManaged(n -> n.equals("POD_NAMESPACE") ? "jig-system" : null).orElseThrow();
        assertThat(s.namespace()).isEqualTo("jig-system");
        assertThat(s.secret()).as("never cert-manager's Secret (deploy/cert-manager.yaml writes jig-webhook-tls)")
                .isEqualTo("jig-webhook-self-managed-tls").isNotEqualTo("jig-webhook-tls");
        assertThat(s.configurations()).containsExactly("jig-validate", "jig-mutate");
        assertThat(s.dnsNames()).containsExactly("jig-webhook-svc", "jig-webhook-svc.jig-system", "jig-webhook-svc.jig-system.svc",
                "jig-webhook-svc.jig-system.svc.cluster.local");
        assertThat(parse("--tls-mode", "self-managed", "--namespace", "ops").selfManaged(n -> "jig-system").orElseThrow().namespace())
                .isEqualTo("ops");
    }

    @Test
    void aSelfManagedModeWithoutNamespaceOrAnUnknownModeIsAUsageError() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--tls-mode", "self-managed").selfManaged(n -> null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--namespace").hasMessageContaining("POD_NAMESPACE");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--tls-mode", "cert-manager").selfManaged(n -> "ns"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown --tls-mode 'cert-manager'");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--tls-mode", "self-managed", "--webhook-configurations", " ")
                .selfManaged(n -> "ns")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--webhook-configurations");
        // a DNS name instead of the Service's name would give certificates for jig-webhook.ns.svc.ns.svc
        for (String notAName : List.of("jig-webhook.jig-system.svc", "Jig-Webhook", "-jig", "jig_webhook")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--tls-mode", "self-managed", "--tls-service", notAName)
                    .selfManaged(n -> "ns")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a Service name");
        }
    }
}
