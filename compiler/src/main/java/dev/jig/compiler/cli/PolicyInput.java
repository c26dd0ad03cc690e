package dev.jig.compiler.cli;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import dev.jig.compiler.git.GitSourceTree;
import dev.jig.compiler.pipeline.Compiler;
import dev.jig.compiler.source.DirectorySourceTree;
import dev.jig.compiler.source.SourceTree;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The policy directory argument and {@code --ref}, shared by every command that reads policies
 * (public for {@code jig plan}, which compiles two revisions as {@code diff} does).
 */
public final class PolicyInput {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = ".",
            description = "Policy directory (default: current directory).")
    Path directory;

    /** Reads policies from {@code directory} (picocli fills the field for the commands). */
    public static PolicyInput of(Path directory) {
        PolicyInput input = new PolicyInput();
        input.directory = directory;
        return input;
    }

    @Option(names = "--ref", paramLabel = "REF",
            description = "Read the policies at this git revision (branch, tag, commit) instead of the work tree; no checkout is needed.")
    String ref;

    SourceTree tree() throws IOException {
        return tree(ref);
    }

    /** The policies at {@code revision} through JGit, or the work tree when it is null. */
    public SourceTree tree(String revision) throws IOException {
        return revision == null ? new DirectorySourceTree(directory) : GitSourceTree.open(directory, revision);
    }

    /** A compile of one tree, with findings' paths shown as the user would open them. */
    public Run compile(SourceTree tree) throws IOException {
        return compile(tree, tree.revision());
    }

    /** As {@link #compile(SourceTree)}, recording {@code revision} in the provenance annotations. */
    Run compile(SourceTree tree, java.util.Optional<String> revision) throws IOException {
        List<SourceFile> files = tree.files();
        Compiler.Result result = new Compiler(Catalog.bundled()).compile(files, revision);
        Map<String, String> shownPaths = new HashMap<>();
        Map<String, String> sources = new HashMap<>();
        for (SourceFile f : files) {
            shownPaths.put(f.path(), displayPath(f.path()));
            sources.put(displayPath(f.path()), f.text());
        }
        boolean moved = shownPaths.entrySet().stream().anyMatch(e -> !e.getKey().equals(e.getValue()));
        Pattern mentioned = moved && !result.diagnostics().isEmpty() ? mentions(shownPaths.keySet()) : null;
        List<Diagnostic> shown = result.diagnostics().stream().map(d -> display(d, mentioned, shownPaths)).toList();
        List<String> paths = files.stream().map(f -> displayPath(f.path())).toList();
        return new Run(result, shown, paths, Map.copyOf(sources));
    }

    /**
     * A compile and its findings, paths as the user would open them.
     *
     * @param sources each file's text by the path the findings show
     */
    public record Run(Compiler.Result result, List<Diagnostic> findings, List<String> files, Map<String, String> sources) {
    }

    /** The finding with its own path, and every policy path its message mentions, as the user would open them. */
    private Diagnostic display(Diagnostic d, Pattern mentioned, Map<String, String> shownPaths) {
        Position p = d.position();
        String message = d.message();
        if (mentioned != null) {
            message = mentioned.matcher(message).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + shownPaths.get(m.group(2))));
        }
        return new Diagnostic(d.rule(), d.severity(), shown(p), message, d.hint(), d.related().stream().map(this::shown).toList());
    }

    private Position shown(Position p) {
        return new Position(displayPath(p.file()), p.line(), p.column());
    }

    /** Matches a policy path where a message names it: after a space, quote or bracket, before ':' or a word's end. */
    private static Pattern mentions(java.util.Collection<String> paths) {
        if (paths.isEmpty()) return null;
        String alternatives = paths.stream().sorted(Comparator.comparingInt(String::length).reversed())
                .map(Pattern::quote).collect(Collectors.joining("|"));
        return Pattern.compile("(^|[\\s'\"(\\[])(" + alternatives + ")(?=$|[:\\s'\",)\\]])");
    }

    String displayPath(String relative) {
        Path dir = directory.normalize();
        if (dir.toString().isEmpty() || dir.toString().equals(".")) return relative;
        return dir.resolve(relative).toString().replace('\\', '/');
    }
}
