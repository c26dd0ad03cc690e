package dev.jig.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.compiler.testing.Cli;
import dev.jig.compiler.testing.PolicyFixture;
import dev.jig.compiler.testing.PolicyRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compile --ref and diff against temporary git repositories, with the policies in a subdirectory. */
class GitCliTest {

    @TempDir
    Path repo;

    private Path policies;
    private RevCommit first;
    private RevCommit second;

    @BeforeEach
    void twoCommits() throws Exception {
        policies = repo.resolve("policies");
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            PolicyRepo.write(policies, PolicyFixture.valid().files());
            first = commit(git, "initial policies");
            git.tag().setName("v1").call();
            PolicyRepo.write(policies, PolicyFixture.valid()
                    .edit("tenants/alpha.yaml", "quota: {cpu: 200, memory: 800Gi, gpu: 4}", "quota: {cpu: 300, memory: 800Gi, gpu: 4}")
                    .edit("tenants/beta.yaml", "categories: [c, m, r]", "categories: [c, m]")
                    .files());
            second = commit(git, "grow alpha, narrow beta");
        }
    }

    private static RevCommit commit(Git git, String message) throws Exception {
        git.add().addFilepattern(".").call();
        PersonIdent who = new PersonIdent("Jig Test", "test@jig.dev");
        return git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call();
    }

    @Test
    void compileAtARefReadsThatCommitAndRecordsItsRevision() throws Exception {
        Files.writeString(policies.resolve("tenants/beta.yaml"), "not: [valid"); // the work tree is broken; the ref is not
        Cli.Outcome r = Cli.run("compile", policies.toString(), "--ref", "v1");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("jig.dev/revision: \"?" + first.getName()).contains("cpu: 100").doesNotContain("cpu: 150");
    }

    @Test
    void unknownRefsAreUsageErrors() {
        Cli.Outcome r = Cli.run("compile", policies.toString(), "--ref", "no-such-branch");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown git revision 'no-such-branch'");
    }

    @Test
    void diffShowsFieldAndTenantLimitChanges() {
        Cli.Outcome r = Cli.run("diff", policies.toString(), "--base", "v1", "--head", "main");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("NodePool", "alpha-web", "spec.limits.cpu", "alpha")
                .contains("spec.template.spec.requirements[", "[\"c\",\"m\",\"r\"] -> [\"c\",\"m\"]")
                .contains("data[\"tenancy.json\"].tenants.alpha.quota.cpu: \"200\" -> \"300\"")
                .doesNotContain("jig.dev/revision");
    }

    @Test
    void diffRendersMarkdownForPullRequests() {
        Cli.Outcome r = Cli.run("diff", policies.toString(), "--base", "HEAD~1", "--format", "markdown");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("<details>", "| ");
    }

    @Test
    void diffOfARevisionWithItselfIsEmpty() {
        Cli.Outcome r = Cli.run("diff", policies.toString(), "--base", second.getName(), "--head", "main");
        assertThat(r.out()).contains("No changes to the compiled output.");
    }

    @Test
    void diffFailsWhenASideDoesNotCompile() throws Exception {
        Files.writeString(policies.resolve("tenants/beta.yaml"), "not: [valid");
        Cli.Outcome r = Cli.run("diff", policies.toString(), "--base", "v1");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("do not compile", "JIG0001");
    }
}
