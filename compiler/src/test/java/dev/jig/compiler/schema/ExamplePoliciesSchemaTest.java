package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;
import dev.jig.compiler.source.DirectorySourceTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The example policy repository is documentation: it must pass the schemas, exactly as an editor would check it. */
class ExamplePoliciesSchemaTest {

    private static final Pattern MODELINE = Pattern.compile("\\A# yaml-language-server: \\$schema=(\\S+)\\n");

    private static Path examples() {
        String root = System.getProperty("jig.repo.root");
        assumeTrue(root != null, "jig.repo.root is not set");
        Path dir = Path.of(root, "examples", "acme", "policies");
        assumeTrue(Files.isDirectory(dir), "no example policies at " + dir);
        return dir;
    }

    @Test
    void everyExamplePolicyPassesTheSchemas() throws Exception {
        Path dir = examples();
        List<SourceFile> files = new DirectorySourceTree(dir).files();
        List<Diagnostic> findings = new ArrayList<>();
        List<PolicyKind> kinds = new ArrayList<>();
        for (SourceFile file : files) {
            YamlLoader.Result loaded = new YamlLoader().load(file);
            findings.addAll(loaded.diagnostics());
            if (loaded.document().isEmpty()) continue;
            LoadedDocument doc = loaded.document().get();
            findings.addAll(PolicySchemas.bundled().validate(doc));
            PolicyKind.of(doc.root().path("kind").asText()).ifPresent(kinds::add);
        }
        assertThat(findings).isEmpty();
        assertThat(kinds).containsOnlyOnce(PolicyKind.PLATFORM);
        assertThat(kinds).filteredOn(k -> k == PolicyKind.TENANT).hasSizeGreaterThanOrEqualTo(6);
    }

    @Test
    void everyExamplePolicyNamesItsSchemaForEditors() throws Exception {
        Path dir = examples();
        for (SourceFile file : new DirectorySourceTree(dir).files()) {
            Matcher m = MODELINE.matcher(file.text());
            assertThat(m.find()).as("modeline on the first line of " + file.path()).isTrue();
            Path schema = dir.resolve(file.path()).getParent().resolve(m.group(1)).normalize();
            assertThat(schema).as("schema named by " + file.path()).isRegularFile();
            String kind = new YamlLoader().load(file).document().orElseThrow().root().path("kind").asText();
            assertThat(schema.getFileName().toString())
                    .isEqualTo(PolicyKind.of(kind).orElseThrow().schemaFile());
        }
    }
}
