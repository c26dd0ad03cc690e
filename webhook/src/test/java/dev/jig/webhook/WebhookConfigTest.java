package dev.jig.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WebhookConfigTest {

    @Test
    void fileFieldsApplyAndFlagsOverrideThem() throws Exception {
        Path file = Files.createTempFile("webhook", ".json");
        Files.writeString(file, "{\"port\": 9443, \"tlsCert\": \"/tls/a.crt\", \"breakGlass\": [\"p1\"], \"tlsReloadSeconds\": 3,"
                + " \"exemptNamespaces\": [\"kube-system\", \"ops\"], \"platformDefaults\": {\"expireAfter\": \"336h\", \"budgets\": [{\"nodes\": \"5%\"}]}}");
        WebhookConfig cfg = WebhookConfig.defaults().withFile(file);
        assertThat(cfg.port()).isEqualTo(9443);
        assertThat(cfg.tlsCert()).isEqualTo(Path.of("/tls/a.crt"));
        assertThat(cfg.tlsKey()).isEqualTo(Path.of("/etc/jig-webhook/tls/tls.key"));
        assertThat(cfg.tlsReload()).isEqualTo(Duration.ofSeconds(3));
        assertThat(cfg.settings().breakGlass()).containsExactly("NodePool/p1");
        assertThat(cfg.settings().exemptNamespaces()).containsExactlyInAnyOrder("kube-system", "ops");
        assertThat(cfg.settings().expireAfter()).isEqualTo("336h");
        assertThat(cfg.settings().budgets().toString()).isEqualTo("[{\"nodes\":\"5%\"}]");
        WebhookConfig flagged = cfg.with(null, 10443, null, Path.of("/k"), List.of("p2", "EC2NodeClass/p3"), true);
        assertThat(flagged.port()).isEqualTo(10443);
        assertThat(flagged.tlsKey()).isEqualTo(Path.of("/k"));
        assertThat(flagged.settings().breakGlass()).isEqualTo(Set.of("NodePool/p2", "EC2NodeClass/p3"));
        assertThat(flagged.noopEndpoint()).isTrue();
    }

    @Test
    void unknownFieldIsAnErrorNamingIt() throws Exception {
        Path file = Files.createTempFile("webhook", ".json");
        Files.writeString(file, "{\"breakGlas\": [\"p1\"]}");
        assertThatThrownBy(() -> WebhookConfig.defaults().withFile(file)).hasMessageContaining("unknown field 'breakGlas'");
    }
}
