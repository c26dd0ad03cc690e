package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import dev.jig.api.source.SourceFile;
import dev.jig.compiler.report.ReportFormat;
import dev.jig.compiler.source.DirectorySourceTree;
import dev.jig.compiler.validate.ManifestValidation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jig validate FILE|DIR...}: plain NodePool and EC2NodeClass manifests judged as admission judges
 * them (CRD defaults, the Karpenter rules, transitions against {@code --old}), reported like lint.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check plain NodePool and EC2NodeClass manifests (hand-written or from another tool) as admission does:",
                "Karpenter's CRD defaults, then the CRD rules and Jig's quantity rules; no tenancy rules.",
                "Multi-document YAML and List kinds are read; other kinds are skipped with a note on stderr."})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR",
            description = "Manifest files (any name), or directories whose *.yaml and *.yml files are read.")
    List<Path> paths;

    @Option(names = "--old", paramLabel = "FILE",
            description = "The objects as stored now: an object of the same kind and name is checked as an UPDATE of it (transition rules).")
    Path old;

    @Mixin
    ReportOptions reportOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        ReportFormat report = reportOptions.report(spec.commandLine());
        List<SourceFile> files = new ArrayList<>();
        for (Path p : paths) files.addAll(read(p));
        List<SourceFile> stored = old == null ? List.of() : List.of(file(old));
        ManifestValidation.Result result = new ManifestValidation().validate(files, stored);
        PrintWriter err = spec.commandLine().getErr();
        result.notes().forEach(n -> err.println("note: " + n));
        if (result.objects() == 0) err.println("note: no NodePool or EC2NodeClass found");
        err.flush();
        spec.commandLine().getOut().print(report.render(result.findings(), files.stream().map(SourceFile::path).toList()));
        spec.commandLine().getOut().flush();
        return result.findings().isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** A directory's YAML files (shown as DIR/relative path), or one file. */
    private static List<SourceFile> read(Path path) throws IOException {
        if (!Files.isDirectory(path)) return List.of(file(path));
        List<SourceFile> out = new ArrayList<>();
        for (SourceFile f : new DirectorySourceTree(path).files()) {
            out.add(new SourceFile(path.resolve(f.path()).toString().replace('\\', '/'), f.text()));
        }
        return out;
    }

    private static SourceFile file(Path path) throws IOException {
        try {
            // Lenient decoding: bad bytes become U+FFFD and the loader reports where.
            return new SourceFile(path.toString().replace('\\', '/'), new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new IOException("no such file or directory: " + path, e);
        }
    }
}
