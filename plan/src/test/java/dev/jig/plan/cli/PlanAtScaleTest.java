package dev.jig.plan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.plan.bench.SyntheticSnapshot;
import dev.jig.plan.render.PlanMarkdown;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The pull-request comment of {@code jig plan} on the bench's generated 1,000-tenant repository
 * (compiler/.../bench/SyntheticRepo.java, run as the bench runs it): it fits GitHub's 65,536-character
 * limit, lists changed rows only, and keeps every changed row that fits.
 */
class PlanAtScaleTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static final int TENANTS = 1000;
    private static final int GITHUB_LIMIT = 65_536;
    private static final Pattern TENANT_ROW = Pattern.compile("(?m)^\\| (t\\d{4}) \\|");

    @TempDir
    static Path repo;

    @BeforeAll
    static void repository() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                ROOT.resolve("compiler/src/test/java/dev/jig/compiler/bench/SyntheticRepo.java").toString(), Integer.toString(TENANTS), repo.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        SyntheticSnapshot.main(new String[] {Integer.toString(TENANTS), "3000", repo.resolve("snapshot.json").toString()});
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern("policies").call();
            PersonIdent who = new PersonIdent("Jig", "jig@example.com", java.time.Instant.parse("2026-11-01T00:00:00Z"), java.time.ZoneOffset.UTC);
            git.commit().setMessage("base").setAuthor(who).setCommitter(who).setSign(false).call();
        }
    }

    /** Each test starts from the committed base: the work tree as the commit has it. */
    private static void reset() throws Exception {
        try (Git git = Git.open(repo.toFile())) {
            git.checkout().setAllPaths(true).call();
        }
    }

    private static void quota(int tenant, String to) throws IOException {
        Path file = repo.resolve(String.format("policies/tenants/t%04d.yaml", tenant));
        String text = Files.readString(file);
        assertThat(text).contains("quota: {cpu: 40, memory: 160Gi}");
        Files.writeString(file, text.replace("quota: {cpu: 40, memory: 160Gi}", to));
    }

    private static String markdown() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new PlanCommand(new dev.jig.plan.TestScenarioSchema(), java.util.Optional.empty()));
        int code = dev.jig.compiler.cli.CliRunner.execute(cli, "jig", new String[] {repo.resolve("policies").toString(), "--base", "main",
                "--workload", repo.resolve("snapshot.json").toString(), "--format", "markdown"}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    private static List<String> tenantRows(String markdown) {
        Matcher m = TENANT_ROW.matcher(markdown);
        return m.results().map(r -> r.group(1)).toList();
    }

    @Test
    void aFewChangedTenantsAreAllShownWithTheDiffAndTheRestIsOneLine() throws Exception {
        reset();
        quota(7, "quota: {cpu: 32, memory: 128Gi}");
        quota(500, "quota: {cpu: 48, memory: 192Gi}");
        String md = markdown();
        assertThat(md.length()).isLessThan(GITHUB_LIMIT);
        assertThat(tenantRows(md)).containsExactlyInAnyOrder("t0007", "t0500");
        assertThat(md).contains("#### Compiled diff", "spec.limits.cpu: ", "998 unchanged tenants")
                .doesNotContain("cut here");
        assertThat(md.indexOf("#### Compiled diff")).isLessThan(md.indexOf("unchanged tenants"));
    }

    @Test
    void manyChangedTenantsFillTheCommentWithChangedRowsOnly() throws Exception {
        reset();
        Path policies = repo.resolve("policies");
        for (int t = 1; t <= TENANTS; t += 2) {
            Path file = policies.resolve(String.format("tenants/t%04d.yaml", t));
            Files.writeString(file, Files.readString(file).replace("categories: [c, m]", "categories: [c]"));
        }
        String md = markdown();
        assertThat(md.length()).isLessThanOrEqualTo(PlanMarkdown.PR_COMMENT_LIMIT).isLessThan(GITHUB_LIMIT);
        List<String> rows = tenantRows(md);
        assertThat(rows).isNotEmpty().allSatisfy(t -> assertThat(Integer.parseInt(t.substring(1)) % 2).as(t).isEqualTo(1));
        assertThat(md).contains("cut here");
    }
}
