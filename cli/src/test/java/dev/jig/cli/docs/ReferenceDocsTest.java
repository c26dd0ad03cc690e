package dev.jig.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.cli.Programs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code docs/reference/} is what the code generates. After a change to a rule, a command, a
 * metric or a schema, regenerate with {@code -Djig.docs.update=true} and commit the result.
 */
class ReferenceDocsTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();

    @Test
    void theCommittedReferenceIsWhatTheCodeGenerates() throws IOException {
        Map<String, String> generated = new ReferenceDocs(ROOT).all(Programs.all());
        Path dir = ROOT.resolve("docs/reference");
        if (Boolean.getBoolean("jig.docs.update")) {
            Files.createDirectories(dir);
            for (var e : generated.entrySet()) Files.writeString(dir.resolve(e.getKey()), e.getValue());
        }
        for (var e : generated.entrySet()) {
            Path committed = dir.resolve(e.getKey());
            assertThat(committed).as("docs/reference/%s (regenerate with -Djig.docs.update=true)", e.getKey()).exists();
            assertThat(Files.readString(committed)).as("docs/reference/%s (regenerate with -Djig.docs.update=true)", e.getKey())
                    .isEqualTo(e.getValue());
        }
    }

    @Test
    void theReferenceCoversEveryRuleCommandAndTheMetricsTheAlertsUse() {
        ReferenceDocs docs = new ReferenceDocs(ROOT);
        assertThat(docs.rules()).contains("| JIG0229 | error | instance family not in the catalog |", "| JIG0604 |");
        assertThat(docs.cli(Programs.all())).contains("### jig plan", "--fail-on", "### jig-controller run", "--sync-timeout", "## jig-webhook");
        assertThat(docs.metrics()).contains("`jig_tenant_quota_used_ratio` | gauge", "`jig_aws_calls_total` | counter",
                "`jig_disruption_consolidation_moves_total` | counter | `decision`, `nodepool`, `policy`");
        assertThat(docs.schemas()).contains("| `spec.pools[].families` |", "| `spec.cluster.region` |");
    }
}
