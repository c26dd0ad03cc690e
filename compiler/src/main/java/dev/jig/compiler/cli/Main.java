package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code jig} command. Exit codes: 0 clean, 1 findings, 2 usage or I/O error. No stack trace
 * ever reaches the user: unexpected failures print one line and exit 2 (set {@code JIG_DEBUG=1}
 * to see the trace).
 */
@Command(name = "jig", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Compile multi-tenant Karpenter policies into validated NodePools and EC2NodeClasses.",
        subcommands = {CompileCommand.class, LintCommand.class, ValidateCommand.class, DiffCommand.class, ExplainCommand.class, SchemaCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(runGuarded(new CommandLine(new Main()), args));
    }

    /**
     * Runs {@code cli} as the {@code jig} command on the process's streams and returns the exit code;
     * an unexpected failure is one line on stderr and exit 2. The launcher that adds {@code plan} and
     * {@code simulate} to these commands runs through here too.
     */
    public static int runGuarded(CommandLine cli, String[] args) {
        PrintWriter err = new PrintWriter(System.err, true);
        try {
            return CliRunner.execute(cli, "jig", args, new PrintWriter(System.out, true), err);
        } catch (RuntimeException | Error e) {
            if (System.getenv("JIG_DEBUG") != null) e.printStackTrace(err);
            err.println("jig: error: internal error: " + CliRunner.oneLine(e) + " (set JIG_DEBUG=1 for details)");
            err.flush();
            return ExitCode.USAGE;
        }
    }

    /** Runs the CLI with the given streams; returns the exit code. Used by the tests too. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return CliRunner.execute(new CommandLine(new Main()), "jig", args, out, err);
    }

    @Override
    public void run() {
        List<String> names = new ArrayList<>(spec.subcommands().keySet());
        names.remove("help");
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: " + String.join(", ", names));
    }

    /** {@code jig <the build's version>}, the same for every program of one build ({@link dev.jig.api.Version}). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jig " + dev.jig.api.Version.current()};
        }
    }
}
