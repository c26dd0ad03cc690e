package dev.jig.plan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.jig.plan.Golden;
import dev.jig.plan.TestScenarioSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * {@code jig plan} end to end on the acme example: the policies committed as base, then in the work tree
 * ml-inference raises its GPU quota (16 → 24) and analytics narrows its batch pool to the r family. Golden
 * files hold each output format, and the text report of each workload format.
 */
class PlanCommandGoldenTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static final Path WORKLOADS = Path.of("src/test/resources/workloads").toAbsolutePath();

    @TempDir
    static Path repo;
    static String commit;

    record Run(int code, String out, String err) {
    }

    @BeforeAll
    static void repository() throws Exception {
        Path policies = repo.resolve("policies");
        try (Stream<Path> files = Files.walk(ROOT.resolve("examples/acme/policies"))) {
            for (Path f : files.toList()) {
                Path to = policies.resolve(ROOT.resolve("examples/acme/policies").relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to);
            }
        }
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern("policies").call();
            PersonIdent who = new PersonIdent("Jig", "jig@example.com", java.time.Instant.parse("2026-11-01T00:00:00Z"), java.time.ZoneOffset.UTC);
            commit = git.commit().setMessage("base").setAuthor(who).setCommitter(who).setSign(false).call().getName();
        }
        edit(policies.resolve("tenants/ml-inference.yaml"), "    gpu: 16", "    gpu: 24");
        edit(policies.resolve("tenants/analytics.yaml"), "      categories: [c, m, r]", "      categories: [r]");
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to));
    }

    static Run plan(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new PlanCommand(new TestScenarioSchema(), java.util.Optional.empty()));
        List<String> all = new ArrayList<>(List.of(repo.resolve("policies").toString(), "--base", "main"));
        all.addAll(List.of(args));
        int code = dev.jig.compiler.cli.CliRunner.execute(cli, "jig", all.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        return new Run(code, stable(out.toString()), stable(err.toString()));
    }

    /** The temporary repository and the commit id vary from run to run. */
    private static String stable(String s) {
        return s.replace(repo.toString(), "REPO").replace(WORKLOADS.toString(), "WORKLOADS").replace(ROOT.toString(), "ROOT")
                .replace(commit, "COMMIT").replace(commit.substring(0, 7), "SHORT");
    }

    private static String acme() {
        return ROOT.resolve("examples/acme/workload/snapshot.json").toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "markdown", "json"})
    void eachFormatOfTheAcmeWalkthroughMatchesItsGoldenFile(String format) throws Exception {
        Run r = plan("--workload", acme(), "--format", format);
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Golden.check("acme." + format, r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"list.yaml", "helm.yaml", "scenario.yaml"})
    void eachWorkloadFormatPlansAndMatchesItsGoldenFile(String file) throws Exception {
        Run r = plan("--workload", WORKLOADS.resolve(file).toString());
        assertThat(r.code()).as(r.err()).isZero();
        Golden.check("workload-" + file.replace(".yaml", "") + ".txt", r.out());
    }

    @Test
    void theJsonReportAndTheExampleDocumentValidateAgainstTheSchema() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode schemaDoc = json.readTree(ROOT.resolve("policies/schema/plan-report.schema.json").toFile());
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of(schemaDoc.path("$id").asText()), schemaDoc);
        JsonNode report = json.readTree(plan("--workload", acme(), "--format", "json").out());
        assertThat(schema.validate(report)).isEmpty();
        assertThat(schema.validate(json.readTree(Path.of("src/test/resources/plan-example.json").toFile()))).isEmpty();
        assertThat(report.path("summary").path("podsNewlyPlaced").asInt()).as("the raised GPU quota places the pending triton pods").isEqualTo(4);
        assertThat(report.path("diff").path("limits").toString()).contains("nvidia.com/gpu");
    }

    @Test
    void failOnTripsTheGateWithExitOneAndSaysWhy() {
        Run r = plan("--workload", acme(), "--format", "json", "--fail-on", "cost-increase:5");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("jig: cost rises by").contains("more than 5%");
        assertThat(plan("--workload", acme(), "--fail-on", "cost-increase:50").code()).isZero();
        assertThat(plan("--workload", acme(), "--fail-on", "unschedulable").code()).isZero();
    }

    @Test
    void badInputExitsTwoWithALocatedErrorAndNoStackTrace() {
        Run bad = plan("--workload", WORKLOADS.resolve("bad-quantity.yaml").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).startsWith("WORKLOADS/bad-quantity.yaml:11:43: error: memory: '1GB' is not a Kubernetes quantity").doesNotContain("\tat ");
        Run ref = plan("--workload", acme(), "--head", "no-such-branch");
        assertThat(ref.code()).isEqualTo(2);
        assertThat(ref.err()).contains("unknown git revision 'no-such-branch'").doesNotContain("\tat ");
        Run usage = plan("--workload", acme(), "--fail-on", "cheaper");
        assertThat(usage.code()).isEqualTo(2);
        assertThat(usage.err()).contains("--fail-on 'cheaper'");
        Run html = plan("--workload", acme(), "--format", "html");
        assertThat(html.code()).isEqualTo(2);
        assertThat(html.err()).contains("--format html: the HTML report is not built into this jig");
    }

    @Test
    void aWorkloadWithNoPodsIsAnErrorNotACleanPlan(@TempDir Path dir) throws IOException {
        Path empty = dir.resolve("scaled-down.yaml");
        Files.writeString(empty, """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: storefront}
                spec:
                  replicas: 0
                  template:
                    spec:
                      containers: [{name: web, image: web, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
                """);
        Run r = plan("--workload", empty.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("jig: error: the workload has no pods to place");
        assertThat(r.out()).startsWith("jig plan").contains("error: the workload has no pods to place");
    }

    @Test
    void zonesWherePoolsCannotLaunchPlaceNothingAndSaySo() {
        Run r = plan("--workload", acme(), "--zones", "us-west-2a");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("jig: warning: --zones [us-west-2a] are not among the Platform's zones")
                .contains("jig: error: head places none of the workload's");
    }

    @Test
    void anotherRegionPlansInItsOwnZonesWithAWarningAboutPrices(@TempDir Path dir) throws Exception {
        Path policies = dir.resolve("policies");
        try (Stream<Path> files = Files.walk(repo.resolve("policies"))) {
            for (Path f : files.toList()) {
                Path to = policies.resolve(repo.resolve("policies").relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.writeString(to, Files.readString(f).replace("us-east-1", "eu-west-1"));
            }
        }
        try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern("policies").call();
            PersonIdent who = new PersonIdent("Jig", "jig@example.com", java.time.Instant.parse("2026-11-01T00:00:00Z"), java.time.ZoneOffset.UTC);
            git.commit().setMessage("base").setAuthor(who).setCommitter(who).setSign(false).call();
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = dev.jig.compiler.cli.CliRunner.execute(new CommandLine(new PlanCommand(new TestScenarioSchema(), java.util.Optional.empty())), "jig",
                new String[] {policies.toString(), "--base", "main", "--workload", acme(), "--format", "json"}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("jig: warning: the Platform's region is eu-west-1, but instance types and prices come from the bundled us-east-1 catalog");
        JsonNode report = new ObjectMapper().readTree(out.toString());
        assertThat(report.path("summary").path("head").path("podsPlaced").asInt()).isGreaterThan(100);
        assertThat(report.path("findings").get(0).path("severity").asText()).isEqualTo("warning");
    }
}
