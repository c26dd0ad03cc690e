package dev.jig.compiler.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.ExitCode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.diff.DiffRenderer;
import dev.jig.compiler.diff.ManifestDiff;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.report.TextReport;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jig diff}: compiles the policies at two revisions (the head defaults to the work tree)
 * and prints what changes in the compiled output: objects added, removed and changed, field by
 * field, and each tenant's limit totals. Exit 0 whether or not anything changed; 1 when either
 * side does not compile.
 */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Show how the compiled output changes between two git revisions.")
final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = ".",
            description = "Policy directory inside a git repository (default: current directory).")
    java.nio.file.Path directory;

    @Option(names = "--base", required = true, paramLabel = "REF", description = "The revision to compare against, e.g. origin/main.")
    String base;

    @Option(names = "--head", paramLabel = "REF", description = "The new revision (default: the work tree as it is).")
    String head;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text or markdown (for a pull request comment). Default: ${DEFAULT-VALUE}.")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!format.equals("text") && !format.equals("markdown")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "unknown format '" + format + "' (text, markdown)");
        }
        PolicyInput input = PolicyInput.of(directory);
        PolicyInput.Run before = input.compile(input.tree(base));
        PolicyInput.Run after = input.compile(input.tree(head));
        if (failed("base " + base, before) | failed("head " + (head == null ? "(work tree)" : head), after)) return ExitCode.FINDINGS;
        String key = after.result().policies().map(s -> s.platform().tenancyKey()).orElse(WellKnownLabels.JIG_TENANT);
        ManifestDiff.Result diff = new ManifestDiff(key).compare(bodies(before), bodies(after));
        spec.commandLine().getOut().print(format.equals("markdown") ? DiffRenderer.markdown(diff, DiffRenderer.PR_COMMENT_LIMIT) : DiffRenderer.text(diff));
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }

    private boolean failed(String side, PolicyInput.Run run) {
        if (!run.result().hasErrors()) return false;
        spec.commandLine().getErr().println("jig: error: the policies at " + side + " do not compile:");
        spec.commandLine().getErr().print(new TextReport(run.sources()).render(run.findings(), run.files()));
        return true;
    }

    private static List<JsonNode> bodies(PolicyInput.Run run) {
        return run.result().objects().stream().map(GeneratedObject::body).map(JsonNode.class::cast).toList();
    }
}
