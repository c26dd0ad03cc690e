package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import dev.jig.compiler.report.ReportFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jig lint}: every check, nothing written; the report goes to stdout, exit 1 on any finding. */
@Command(name = "lint", mixinStandardHelpOptions = true,
        description = "Check policies (YAML, schema, cross-file rules, Karpenter CRD conformance) and report findings.")
final class LintCommand implements Callable<Integer> {

    @Mixin
    PolicyInput input;

    @Mixin
    ReportOptions reportOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ReportFormat report = reportOptions.report(spec.commandLine());
        PolicyInput.Run run = input.compile(input.tree());
        spec.commandLine().getOut().print(report.withSources(run.sources()).render(run.findings(), run.files()));
        spec.commandLine().getOut().flush();
        return run.findings().isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
