package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import dev.jig.api.ec2.Catalog;
import dev.jig.compiler.explain.TenantExplanation;
import dev.jig.compiler.report.TextReport;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jig explain TENANT}: the tenant's pools, what they can launch and what it costs. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = "Show what one tenant gets: its NodePools, their limits and requirements, the instance types and price range.")
final class ExplainCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TENANT", description = "Tenant name.")
    String tenant;

    @Parameters(index = "1", arity = "0..1", paramLabel = "DIR", description = "Policy directory (default: current directory).")
    java.nio.file.Path directory;

    @picocli.CommandLine.Option(names = "--ref", paramLabel = "REF", description = "Read the policies at this git revision.")
    String ref;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (directory == null && java.nio.file.Files.isDirectory(java.nio.file.Path.of(tenant))) {
            // `jig explain policies`: the tenant was forgotten, not a tenant named like a directory.
            spec.commandLine().getErr().println("jig: error: no tenant named '" + tenant + "'; '" + tenant
                    + "' is a directory: give the tenant first, as in `jig explain TENANT " + tenant + "`");
            return ExitCode.USAGE;
        }
        PolicyInput policies = new PolicyInput();
        policies.directory = directory == null ? java.nio.file.Path.of(".") : directory;
        policies.ref = ref;
        PolicyInput.Run run = policies.compile(policies.tree());
        if (run.result().hasErrors()) {
            spec.commandLine().getErr().print(new TextReport(run.sources()).render(run.findings(), run.files()));
            return ExitCode.FINDINGS;
        }
        Optional<String> text = TenantExplanation.render(run.result().policies().orElseThrow(), run.result().objects(), Catalog.bundled(), tenant);
        if (text.isEmpty()) {
            spec.commandLine().getErr().println("jig: error: no tenant named '" + tenant + "'");
            return ExitCode.USAGE;
        }
        spec.commandLine().getOut().print(text.get());
        return ExitCode.OK;
    }
}
