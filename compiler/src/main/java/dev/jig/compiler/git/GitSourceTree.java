package dev.jig.compiler.git;

import dev.jig.api.source.SourceFile;
import dev.jig.compiler.source.DirectorySourceTree;
import dev.jig.compiler.source.SourceTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;

/**
 * The policy files of one git commit, read from the object database without a checkout, so
 * {@code jig diff --base main} can compare revisions whatever the work tree holds.
 *
 * <p>The policy directory may be a subdirectory of the repository: only files below it are read,
 * with paths relative to it, and selected by the same rule as {@link DirectorySourceTree}. Symbolic
 * links and submodules are skipped (a link's blob is its target path, not YAML). Everything is read
 * eagerly in {@link #open}, which closes the repository before it returns; the tree holds plain data.
 */
public final class GitSourceTree implements SourceTree {

    private final String revision;
    private final List<SourceFile> files;

    private GitSourceTree(String revision, List<SourceFile> files) {
        this.revision = revision;
        this.files = List.copyOf(files);
    }

    /**
     * Reads the policy files under {@code directory} as of {@code ref}: a branch, tag, sha (full
     * or abbreviated) or any revision expression git understands ({@code HEAD~2}, {@code main^}).
     * The repository is found by walking up from {@code directory}, which may also be a bare
     * repository itself (then its whole tree is read).
     *
     * @throws IOException with a one-line message when the directory is not in a git repository,
     *     the revision is unknown or ambiguous, or the objects cannot be read
     */
    public static GitSourceTree open(Path directory, String ref) throws IOException {
        Objects.requireNonNull(ref, "ref");
        if (!Files.isDirectory(directory)) {
            throw new IOException("not a directory: " + directory);
        }
        Path dir = directory.toRealPath();
        FileRepositoryBuilder builder = new FileRepositoryBuilder().findGitDir(dir.toFile());
        if (builder.getGitDir() == null) {
            throw new IOException("not a git repository (or any of its parents): " + directory);
        }
        try (Repository repository = builder.setMustExist(true).build()) {
            String prefix = prefixOf(dir, repository, directory);
            ObjectId commitId = resolve(repository, ref, directory);
            return read(repository, commitId, prefix, ref, directory);
        }
    }

    @Override
    public List<SourceFile> files() {
        return files;
    }

    /** The full id of the commit the files were read from. */
    @Override
    public Optional<String> revision() {
        return Optional.of(revision);
    }

    /** The '/'-separated path of the policy directory inside the work tree; empty at the root. */
    private static String prefixOf(Path dir, Repository repository, Path shown) throws IOException {
        Path gitDir = repository.getDirectory().toPath().toRealPath();
        if (repository.isBare()) {
            if (dir.equals(gitDir)) return "";
            throw new IOException(shown + " is inside the bare repository " + gitDir
                    + ", which has no work tree; point at the repository itself");
        }
        if (dir.startsWith(gitDir)) {
            throw new IOException(shown + " is inside the git directory " + gitDir + ", not in its work tree");
        }
        Path workTree = repository.getWorkTree().toPath().toRealPath();
        if (!dir.startsWith(workTree)) {
            throw new IOException(shown + " is outside the work tree " + workTree + " of its repository");
        }
        List<String> segments = new ArrayList<>();
        for (Path segment : workTree.relativize(dir)) {
            if (!segment.toString().isEmpty()) segments.add(segment.toString());
        }
        return String.join("/", segments);
    }

    private static ObjectId resolve(Repository repository, String ref, Path shown) throws IOException {
        ObjectId id;
        try {
            id = ref.isBlank() ? null : repository.resolve(ref + "^{commit}");
        } catch (AmbiguousObjectException e) {
            throw new IOException("ambiguous git revision '" + ref + "' in " + shown
                    + " (" + e.getCandidates().size() + " objects match); give more of the sha", e);
        } catch (IncorrectObjectTypeException e) {
            throw new IOException("git revision '" + ref + "' in " + shown + " does not name a commit", e);
        } catch (RevisionSyntaxException e) {
            throw new IOException("invalid git revision '" + ref + "' in " + shown, e);
        }
        if (id == null) {
            String hint = repository.resolve("HEAD") == null ? " (the repository has no commits)" : "";
            throw new IOException("unknown git revision '" + ref + "' in " + shown + hint);
        }
        return id;
    }

    private static GitSourceTree read(Repository repository, ObjectId commitId, String prefix, String ref, Path shown)
            throws IOException {
        List<SourceFile> files = new ArrayList<>();
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk revWalk = new RevWalk(reader);
                TreeWalk treeWalk = new TreeWalk(repository, reader)) {
            RevCommit commit = revWalk.parseCommit(commitId);
            treeWalk.addTree(commit.getTree());
            treeWalk.setRecursive(true);
            if (!prefix.isEmpty()) {
                treeWalk.setFilter(PathFilter.create(prefix));
            }
            while (treeWalk.next()) {
                String path = treeWalk.getPathString();
                if (path.length() <= prefix.length()) continue; // the prefix itself, a file in this commit
                String relative = prefix.isEmpty() ? path : path.substring(prefix.length() + 1);
                if (!isFile(treeWalk) || !DirectorySourceTree.isPolicyFile(relative)) continue;
                try (InputStream in = reader.open(treeWalk.getObjectId(0)).openStream()) {
                    files.add(new SourceFile(relative, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                }
            }
            files.sort(Comparator.comparing(SourceFile::path));
            return new GitSourceTree(commit.getName(), files);
        } catch (IOException e) {
            throw new IOException("cannot read git revision '" + ref + "' in " + shown + ": " + e.getMessage(), e);
        }
    }

    private static boolean isFile(TreeWalk treeWalk) {
        FileMode mode = treeWalk.getFileMode(0);
        return FileMode.REGULAR_FILE.equals(mode) || FileMode.EXECUTABLE_FILE.equals(mode);
    }
}
