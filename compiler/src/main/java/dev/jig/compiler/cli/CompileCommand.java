package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import dev.jig.compiler.emit.ManifestWriter;
import dev.jig.compiler.report.TextReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jig compile}: policies in, manifests out (stdout or a directory); findings on stderr. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Compile policies into Karpenter NodePools, EC2NodeClasses and the tenancy ConfigMap.")
final class CompileCommand implements Callable<Integer> {

    @Mixin
    PolicyInput input;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR|-", defaultValue = "-",
            description = "Write one file per object into DIR (replaced atomically), or '-' for one YAML stream on stdout (default).")
    String out;

    @Option(names = "--revision", paramLabel = "SHA",
            description = "Record this git commit in the jig.dev/revision annotations (default: the commit of --ref). "
                    + "CI and ArgoCD pass theirs, e.g. --revision \"$ARGOCD_APP_REVISION\"; an empty value records none.")
    String revision;

    @Option(names = "--timings", description = "Print how long each stage took to stderr.")
    boolean timings;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var tree = input.tree();
        PolicyInput.Run run = revision == null ? input.compile(tree)
                : input.compile(tree, revision.isBlank() ? java.util.Optional.empty() : java.util.Optional.of(revision.trim()));
        if (!run.findings().isEmpty()) {
            spec.commandLine().getErr().print(new TextReport(run.sources()).render(run.findings(), run.files()));
            spec.commandLine().getErr().flush();
        }
        if (run.result().hasErrors()) return ExitCode.FINDINGS;
        long writeStart = System.nanoTime();
        if (out.equals("-")) {
            spec.commandLine().getOut().print(ManifestWriter.stream(run.result().objects()));
            spec.commandLine().getOut().flush();
            if (spec.commandLine().getOut().checkError()) {
                spec.commandLine().getErr().println("jig: error: could not write the manifests to standard output");
                return ExitCode.USAGE;
            }
        } else {
            ManifestWriter.directory(Path.of(out), input.directory, run.result().objects());
            spec.commandLine().getErr().println("jig: wrote " + run.result().objects().size() + " objects to " + out);
        }
        if (timings) {
            run.result().phases().forEach(p -> spec.commandLine().getErr().printf("jig: %-12s %6d ms%n", p.name(), p.nanos() / 1_000_000));
            spec.commandLine().getErr().printf("jig: %-12s %6d ms%n", "write", (System.nanoTime() - writeStart) / 1_000_000);
        }
        return ExitCode.OK;
    }
}
