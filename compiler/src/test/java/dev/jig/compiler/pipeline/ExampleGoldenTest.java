package dev.jig.compiler.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.compiler.emit.ManifestWriter;
import dev.jig.compiler.source.DirectorySourceTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The bundled example repository compiles cleanly, every object passes the Karpenter rules, and the
 * output is byte-for-byte the golden file. After an intended change, regenerate the golden file with
 * {@code mvn -pl compiler test -Dtest=ExampleGoldenTest -Djig.golden.update=true} and review its diff.
 */
class ExampleGoldenTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", ".."));
    private static final Path EXAMPLE = ROOT.resolve("examples/acme/policies");
    private static final Path GOLDEN = ROOT.resolve("compiler/src/test/resources/golden/acme.yaml");

    @Test
    void theExampleCompilesToTheGoldenOutput() throws Exception {
        Compiler.Result r = new Compiler(Catalog.bundled()).compile(new DirectorySourceTree(EXAMPLE).files(), Optional.empty());
        assertThat(r.diagnostics()).as("the example is lint-clean").isEmpty();
        String actual = ManifestWriter.stream(r.objects());
        if (Boolean.getBoolean("jig.golden.update")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, actual);
        }
        assertThat(actual).isEqualTo(Files.readString(GOLDEN));
    }

    @Test
    void everyEmittedKarpenterObjectPassesTheCrdRules() throws Exception {
        Compiler.Result r = new Compiler(Catalog.bundled()).compile(new DirectorySourceTree(EXAMPLE).files(), Optional.empty());
        assertThat(r.objects()).filteredOn(o -> o.kind().equals("NodePool")).hasSizeGreaterThanOrEqualTo(10);
        r.objects().stream().filter(o -> o.kind().equals("NodePool") || o.kind().equals("EC2NodeClass"))
                .forEach(o -> assertThat(KarpenterRules.validate(o.body())).as(o.name()).isEmpty());
    }
}
