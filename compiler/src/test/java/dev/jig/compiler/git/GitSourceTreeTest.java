package dev.jig.compiler.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.jig.api.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitSourceTreeTest {

    private static final PersonIdent AUTHOR = new PersonIdent("Jig Test", "test@jig.dev");

    @TempDir
    Path tmp;

    private Path repo;
    private Git git;
    private RevCommit first;
    private RevCommit second;
    private RevCommit third;

    /**
     * History of a repository whose policies live in {@code policies/}:
     * <ol>
     * <li>platform + payments tenant, plus files that must never be read: a non-YAML file, a file in a
     * hidden directory, a README and a YAML file outside the prefix, a sibling {@code policies-old/}.
     * Annotated tag {@code v1}.
     * <li>payments changed, search added ({@code .yml}), nested directory. Branch {@code release}.
     * <li>search deleted, platform changed. Lightweight tag {@code v3}.
     * </ol>
     */
    @BeforeEach
    void createHistory() throws Exception {
        repo = tmp.resolve("repo");
        git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call();
        write("policies/platform.yaml", "kind: Platform # v1\n");
        write("policies/tenants/payments.yaml", "kind: Tenant\nmetadata: {name: payments}\n");
        write("policies/notes.txt", "not a policy\n");
        write("policies/.drafts/wip.yaml", "kind: Tenant # draft\n");
        write("policies-old/legacy.yaml", "kind: Tenant # legacy\n");
        write("ci.yaml", "on: push\n");
        write("README.md", "# policies\n");
        first = commit("first");
        git.tag().setName("v1").setAnnotated(true).setMessage("release 1").setTagger(AUTHOR).call();

        write("policies/tenants/payments.yaml", "kind: Tenant\nmetadata: {name: payments} # ünïcode\n");
        write("policies/tenants/search.yml", "kind: Tenant\nmetadata: {name: search}\n");
        write("policies/tenants/ml/vision.yaml", "kind: Tenant\nmetadata: {name: vision}\n");
        second = commit("second");
        git.branchCreate().setName("release").call();

        Files.delete(repo.resolve("policies/tenants/search.yml"));
        write("policies/platform.yaml", "kind: Platform # v3\n");
        third = commit("third");
        git.tag().setName("v3").setAnnotated(false).call();
    }

    @AfterEach
    void closeRepository() {
        git.close();
    }

    @Test
    void readsOnlyPolicyFilesBelowThePrefixWithRelativePaths() throws IOException {
        GitSourceTree tree = GitSourceTree.open(repo.resolve("policies"), "main");

        assertThat(tree.files()).extracting(SourceFile::path, SourceFile::text).containsExactly(
                tuple("platform.yaml", "kind: Platform # v3\n"),
                tuple("tenants/ml/vision.yaml", "kind: Tenant\nmetadata: {name: vision}\n"),
                tuple("tenants/payments.yaml", "kind: Tenant\nmetadata: {name: payments} # ünïcode\n"));
        assertThat(tree.revision()).contains(third.getName());
    }

    @Test
    void readsAnAnnotatedTagAsItsCommit() throws IOException {
        GitSourceTree tree = GitSourceTree.open(repo.resolve("policies"), "v1");

        assertThat(tree.files()).extracting(SourceFile::path, SourceFile::text).containsExactly(
                tuple("platform.yaml", "kind: Platform # v1\n"),
                tuple("tenants/payments.yaml", "kind: Tenant\nmetadata: {name: payments}\n"));
        assertThat(tree.revision()).contains(first.getName());
    }

    @Test
    void readsBranchesLightweightTagsAndRevisionExpressions() throws IOException {
        Path policies = repo.resolve("policies");

        assertThat(GitSourceTree.open(policies, "release").files()).extracting(SourceFile::path)
                .containsExactly("platform.yaml", "tenants/ml/vision.yaml", "tenants/payments.yaml", "tenants/search.yml");
        assertThat(GitSourceTree.open(policies, "release").revision()).contains(second.getName());
        assertThat(GitSourceTree.open(policies, "HEAD~1").revision()).contains(second.getName());
        assertThat(GitSourceTree.open(policies, "HEAD~2").revision()).contains(first.getName());
        assertThat(GitSourceTree.open(policies, "v3").revision()).contains(third.getName());
        assertThat(GitSourceTree.open(policies, "HEAD").revision()).contains(third.getName());
    }

    @Test
    void readsAbbreviatedAndFullShas() throws IOException {
        Path policies = repo.resolve("policies");

        GitSourceTree bySha = GitSourceTree.open(policies, first.getName().substring(0, 8));
        GitSourceTree byFullSha = GitSourceTree.open(policies, second.getName());

        assertThat(bySha.revision()).contains(first.getName());
        assertThat(bySha.files()).extracting(SourceFile::path).containsExactly("platform.yaml", "tenants/payments.yaml");
        assertThat(byFullSha.revision()).contains(second.getName());
        assertThat(byFullSha.files()).extracting(SourceFile::path).contains("tenants/search.yml");
    }

    @Test
    void readsTheCommitNotTheWorkTree() throws IOException {
        write("policies/platform.yaml", "kind: Platform # uncommitted edit\n");
        write("policies/tenants/new.yaml", "kind: Tenant # untracked\n");

        GitSourceTree tree = GitSourceTree.open(repo.resolve("policies"), "HEAD");

        assertThat(tree.files()).extracting(SourceFile::path, SourceFile::text)
                .contains(tuple("platform.yaml", "kind: Platform # v3\n"))
                .doesNotContain(tuple("tenants/new.yaml", "kind: Tenant # untracked\n"));
    }

    @Test
    void skipsSymbolicLinks() throws Exception {
        Path link = repo.resolve("policies/alias.yaml");
        try {
            Files.createSymbolicLink(link, Path.of("platform.yaml"));
        } catch (UnsupportedOperationException | IOException e) {
            Assumptions.assumeTrue(false, "no symbolic links here: " + e);
        }
        commit("link");

        assertThat(GitSourceTree.open(repo.resolve("policies"), "main").files()).extracting(SourceFile::path)
                .containsExactly("platform.yaml", "tenants/ml/vision.yaml", "tenants/payments.yaml");
    }

    @Test
    void readsTheWholeRepositoryFromItsRoot() throws IOException {
        GitSourceTree tree = GitSourceTree.open(repo, "v1");

        assertThat(tree.files()).extracting(SourceFile::path).containsExactly(
                "ci.yaml", "policies-old/legacy.yaml", "policies/platform.yaml", "policies/tenants/payments.yaml");
    }

    @Test
    void readsADeeperPrefix() throws IOException {
        GitSourceTree tree = GitSourceTree.open(repo.resolve("policies/tenants"), "release");

        assertThat(tree.files()).extracting(SourceFile::path)
                .containsExactly("ml/vision.yaml", "payments.yaml", "search.yml");
    }

    @Test
    void aPrefixThatDidNotExistYetHasNoFiles() throws Exception {
        write("late/tenant.yaml", "kind: Tenant\n");
        commit("late");

        assertThat(GitSourceTree.open(repo.resolve("late"), "v1").files()).isEmpty();
        assertThat(GitSourceTree.open(repo.resolve("late"), "main").files()).extracting(SourceFile::path)
                .containsExactly("tenant.yaml");
    }

    @Test
    void aPrefixThatWasAFileHasNoFiles() throws Exception {
        write("late", "a file first\n");
        RevCommit asFile = commit("late as a file");
        Files.delete(repo.resolve("late"));
        write("late/tenant.yaml", "kind: Tenant\n");
        commit("late as a directory");

        assertThat(GitSourceTree.open(repo.resolve("late"), asFile.getName()).files()).isEmpty();
    }

    @Test
    void readsABareRepositoryAsAWhole() throws Exception {
        Path bare = tmp.resolve("bare.git");
        Git.cloneRepository().setURI(repo.toUri().toString()).setDirectory(bare.toFile()).setBare(true).call().close();

        GitSourceTree tree = GitSourceTree.open(bare, "v1");

        assertThat(tree.revision()).contains(first.getName());
        assertThat(tree.files()).extracting(SourceFile::path).contains("policies/platform.yaml");
    }

    @Test
    void rejectsAnUnknownRevision() {
        Path policies = repo.resolve("policies");

        assertThatThrownBy(() -> GitSourceTree.open(policies, "nope"))
                .isInstanceOf(IOException.class)
                .hasMessage("unknown git revision 'nope' in " + policies);
        assertThatThrownBy(() -> GitSourceTree.open(policies, "HEAD~9"))
                .hasMessageStartingWith("unknown git revision 'HEAD~9'");
        assertThatThrownBy(() -> GitSourceTree.open(policies, ""))
                .hasMessageStartingWith("unknown git revision ''");
    }

    @Test
    void rejectsARevisionThatIsNotACommit() throws IOException {
        String blob = git.getRepository().resolve("main:ci.yaml").getName();

        assertThatThrownBy(() -> GitSourceTree.open(repo, blob))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("does not name a commit");
    }

    @Test
    void rejectsADirectoryOutsideAnyRepository() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));

        assertThatThrownBy(() -> GitSourceTree.open(plain, "main"))
                .isInstanceOf(IOException.class)
                .hasMessage("not a git repository (or any of its parents): " + plain);
    }

    @Test
    void rejectsAMissingDirectory() {
        Path missing = repo.resolve("nowhere");

        assertThatThrownBy(() -> GitSourceTree.open(missing, "main"))
                .isInstanceOf(IOException.class)
                .hasMessage("not a directory: " + missing);
    }

    @Test
    void rejectsADirectoryInsideTheGitDirectory() {
        Path objects = repo.resolve(".git/objects");

        assertThatThrownBy(() -> GitSourceTree.open(objects, "main"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("is inside the git directory");
    }

    @Test
    void reportsAnEmptyRepository() throws Exception {
        Path empty = tmp.resolve("empty");
        Git.init().setDirectory(empty.toFile()).call().close();

        assertThatThrownBy(() -> GitSourceTree.open(empty, "HEAD"))
                .isInstanceOf(IOException.class)
                .hasMessage("unknown git revision 'HEAD' in " + empty + " (the repository has no commits)");
    }

    private void write(String path, String text) throws IOException {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private RevCommit commit(String message) throws Exception {
        git.add().addFilepattern(".").call();
        git.add().addFilepattern(".").setUpdate(true).call();
        return git.commit().setMessage(message).setAuthor(AUTHOR).setCommitter(AUTHOR).setSign(false).call();
    }
}
