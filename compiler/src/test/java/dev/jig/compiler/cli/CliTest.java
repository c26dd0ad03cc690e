package dev.jig.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.compiler.testing.Cli;
import dev.jig.compiler.testing.PolicyFixture;
import dev.jig.compiler.testing.PolicyRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CliTest {

    @TempDir
    Path tmp;

    private Path validRepo() throws IOException {
        return PolicyRepo.write(tmp.resolve("policies"), PolicyFixture.valid().files());
    }

    private Path brokenRepo() throws IOException {
        return PolicyRepo.write(tmp.resolve("policies"),
                PolicyFixture.valid().edit("tenants/beta.yaml", "namespaces: [beta]", "namespaces: [alpha]").files());
    }

    @Test
    void compileWritesManifestsToStdoutAndNothingToStderr() throws IOException {
        Cli.Outcome r = Cli.run("compile", validRepo().toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("---\n").contains("kind: NodePool", "kind: EC2NodeClass", "name: jig-tenancy");
    }

    @Test
    void compileRecordsTheRevisionItIsGiven() throws IOException {
        Path repo = validRepo();
        assertThat(Cli.run("compile", repo.toString(), "--revision", "abc123").out()).contains("jig.dev/revision: abc123");
        assertThat(Cli.run("compile", repo.toString(), "--revision", "").out()).doesNotContain("jig.dev/revision");
    }

    @Test
    void compileIsByteIdenticalAcrossRuns() throws IOException {
        Path repo = validRepo();
        assertThat(Cli.run("compile", repo.toString()).out()).isEqualTo(Cli.run("compile", repo.toString()).out());
    }

    @Test
    void compileToADirectoryWritesOneFilePerObjectAndReplacesStaleFiles() throws IOException {
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve(".jig-output"), "");
        Files.writeString(out.resolve("nodepool-stale.yaml"), "stale");
        Cli.Outcome r = Cli.run("compile", validRepo().toString(), "--out", out.toString());
        assertThat(r.exit()).isZero();
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList())
                    .contains("nodepool-alpha-web.yaml", "ec2nodeclass-alpha-al2023.yaml", "configmap-jig-system-jig-tenancy.yaml")
                    .doesNotContain("nodepool-stale.yaml");
        }
        try (Stream<Path> siblings = Files.list(tmp)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("staging") || n.contains(".old-"));
        }
    }

    @Test
    void compileRefusesToReplaceADirectoryItDidNotWrite() throws IOException {
        Path repo = validRepo();
        Path out = tmp.resolve("precious");
        Files.createDirectories(out);
        Files.writeString(out.resolve("notes.txt"), "keep me");
        Cli.Outcome r = Cli.run("compile", repo.toString(), "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("refusing to replace", "not written by jig");
        assertThat(out.resolve("notes.txt")).hasContent("keep me");
        assertThat(Cli.run("compile", repo.toString(), "--out", repo.toString()).err()).contains("holds the policy directory");
        assertThat(Cli.run("compile", repo.toString(), "--out", repo.resolve("out").toString()).err()).contains("inside the policy directory");
        assertThat(Cli.run("compile", repo.toString(), "--out", tmp.toString()).err()).contains("holds the policy directory");
        assertThat(repo.resolve("platform.yaml")).exists();
    }

    @Test
    void aFailedCompileWritesNothingAndKeepsThePreviousOutput() throws IOException {
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve(".jig-output"), "");
        Files.writeString(out.resolve("nodepool-previous.yaml"), "previous");
        Cli.Outcome r = Cli.run("compile", brokenRepo().toString(), "--out", out.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("error[JIG0204]").contains("hint:").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(out.resolve("nodepool-previous.yaml")).hasContent("previous");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files).hasSize(2);
        }
    }

    @Test
    void lintIsCleanOnAValidRepo() throws IOException {
        Cli.Outcome r = Cli.run("lint", validRepo().toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("0 errors, 0 warnings");
    }

    @Test
    void lintReportsLocatedFindingsWithPathsAsTheUserGaveThem() throws IOException {
        Path repo = brokenRepo();
        Cli.Outcome r = Cli.run("lint", repo.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains(repo + "/tenants/beta.yaml:6:16: error[JIG0204] namespace 'alpha' is claimed by tenant 'alpha'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"json", "github", "sarif", "junit"})
    void lintSpeaksEveryFormat(String format) throws IOException {
        Cli.Outcome r = Cli.run("lint", brokenRepo().toString(), "--format", format);
        assertThat(r.exit()).isEqualTo(1);
        switch (format) {
            case "json" -> assertThat(r.out()).contains("\"rule\" : \"JIG0204\"", "\"line\" : 6");
            case "github" -> assertThat(r.out()).startsWith("::error file=").contains(",line=6,col=16,title=JIG0204");
            case "sarif" -> assertThat(r.out()).contains("\"version\" : \"2.1.0\"", "\"ruleId\" : \"JIG0204\"", "\"startLine\" : 6");
            case "junit" -> assertThat(r.out()).contains("<testsuites", "<failure type=\"JIG0204\"", "tests=\"3\"", "failures=\"1\"");
            default -> throw new AssertionError(format);
        }
    }

    @Test
    void yamlErrorsShowTheLineWithACaretInPlainWords() throws IOException {
        Path repo = PolicyRepo.write(tmp.resolve("policies"), PolicyFixture.valid()
                .edit("tenants/alpha.yaml", "  isolation: dedicated\n", "  isolation: dedicated\n   bad: [\n").files());
        Cli.Outcome r = Cli.run("lint", repo.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).startsWith(repo + "/tenants/alpha.yaml:10:")
                .contains("10:7: error[JIG0001] a ':' here starts a mapping where none can start: indent this line under a key",
                        "\n  10 |    bad: [\n     |       ^\n  hint: Fix the YAML at this line")
                .doesNotContain("<block", "JIG0210", "marked place");
    }

    @Test
    void pathsInsideMessagesAreTheOnesTheFindingsUse() throws IOException {
        Path repo = PolicyRepo.write(tmp.resolve("policies"), PolicyFixture.valid()
                .put("tenants/gamma.yaml", PolicyFixture.BETA.replace("namespaces: [beta]", "namespaces: [gamma]")).files());
        Cli.Outcome r = Cli.run("lint", repo.toString());
        assertThat(r.out()).contains(repo + "/tenants/gamma.yaml:4:9: error[JIG0203] tenant 'beta' is already defined in " + repo + "/tenants/beta.yaml:4:9");
    }

    @Test
    void githubAnnotationsAlsoPointAtTheQuotasBehindAnOverPlatformSum() throws IOException {
        Path repo = PolicyRepo.write(tmp.resolve("policies"), PolicyFixture.valid().edit("tenants/alpha.yaml", "cpu: 200,", "cpu: 950,").files());
        Cli.Outcome r = Cli.run("lint", repo.toString(), "--format", "github");
        assertThat(r.out()).contains("::error file=" + repo + "/platform.yaml,line=25", "::error file=" + repo + "/tenants/alpha.yaml,line=10");
    }

    @Test
    void explainWithoutATenantSaysSo() throws IOException {
        Path repo = validRepo();
        Cli.Outcome r = Cli.run("explain", repo.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("jig: error: no tenant named '" + repo + "'").contains("jig explain TENANT");
    }

    @Test
    void schemaWritesTheSchemasEditorsNeed() throws IOException {
        Path out = tmp.resolve("schemas");
        Cli.Outcome r = Cli.run("schema", "--out", out.toString());
        assertThat(r.exit()).isZero();
        assertThat(Files.readString(out.resolve("tenant.schema.json")))
                .isEqualTo(Files.readString(Path.of("..", "policies/schema/tenant.schema.json")));
        assertThat(out.resolve("platform.schema.json")).exists();
        assertThat(r.err()).contains("yaml-language-server: $schema=");
    }

    @Test
    void durationsAreGoStyleOrIso() {
        assertThat(CliRunner.duration("5m")).hasMinutes(5);
        assertThat(CliRunner.duration("1h30m")).hasMinutes(90);
        assertThat(CliRunner.duration("500ms")).hasMillis(500);
        assertThat(CliRunner.duration("PT5M")).hasMinutes(5);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CliRunner.duration("5 minutes"))
                .hasMessageContaining("'5 minutes' is not a duration");
    }

    @Test
    void usageErrorsExitTwoWithoutAStackTrace() {
        Cli.Outcome unknownFormat = Cli.run("lint", ".", "--format", "yaml");
        assertThat(unknownFormat.exit()).isEqualTo(2);
        assertThat(unknownFormat.err()).contains("unknown format 'yaml'").doesNotContain("\tat ");
        Cli.Outcome unknownOption = Cli.run("compile", "--frobnicate");
        assertThat(unknownOption.exit()).isEqualTo(2);
        assertThat(Cli.run().exit()).isEqualTo(2);
    }

    @Test
    void ioErrorsExitTwoWithOneLine() {
        Cli.Outcome r = Cli.run("lint", tmp.resolve("does-not-exist").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("jig: error: not a directory").doesNotContain("\tat ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compile", "lint", "diff", "explain"})
    void helpWorksEverywhere(String command) {
        Cli.Outcome r = Cli.run(command, "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: jig " + command);
    }

    @Test
    void explainShowsPoolsInstanceTypesAndPrices() throws IOException {
        Cli.Outcome r = Cli.run("explain", "alpha", validRepo().toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Tenant alpha (dedicated", "NodePool alpha-reserved-graviton  weight 90", "NodePool alpha-web  weight 10",
                "instance types:", "on-demand $");
        assertThat(Cli.run("explain", "nobody", validRepo().toString()).exit()).isEqualTo(2);
    }
}
