package dev.jig.controller.app;

import dev.jig.api.CommonPool;
import dev.jig.api.diag.ExitCode;
import dev.jig.compiler.cli.CliRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * The {@code jig-controller} command: {@code simulate} plays a scenario against the controller on an
 * embedded cluster; {@code run} runs the controller in a cluster. Exit codes: 0 clean, 1 findings
 * (a failed expectation, an invalid scenario), 2 usage or I/O error. No stack trace reaches the user
 * unless {@code JIG_DEBUG} is set.
 */
@Command(name = "jig-controller", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Karpenter-style provisioning with limits and tenant quotas that hold.",
        subcommands = {SimulateCommand.class, RunCommand.class, PreflightCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        CommonPool.sizeForHttpClient(); // before anything touches the pool
        // simulate's stdout is its report (text or JSON): its logs, if any, go to stderr. Set before logback starts.
        if (args.length > 0 && args[0].equals("simulate")) System.setProperty("jig.log.target", "System.err");
        int code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        if (code != ExitCode.OK || !RunCommand.running()) System.exit(code);
    }

    /** Runs the CLI with the given streams and returns the exit code; the tests call it too. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return CliRunner.execute(new CommandLine(new Main()), "jig-controller", args, out, err);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: simulate, run or aws-preflight");
    }

    /** {@code jig-controller <the build's version>}, the same for every program of one build. */
    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jig-controller " + dev.jig.api.Version.current()};
        }
    }
}
