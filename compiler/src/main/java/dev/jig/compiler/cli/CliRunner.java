package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Runs a picocli command line the way every Jig command does: usage errors print one line and a
 * pointer to {@code --help} (exit 2), unexpected failures print one line (exit 2, the trace only
 * with {@code JIG_DEBUG} set), so no stack trace ever reaches a user. Shared by {@code jig} and
 * {@code jig-controller}.
 */
public final class CliRunner {

    private CliRunner() {
    }

    public static int execute(CommandLine cli, String name, String[] args, PrintWriter out, PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (System.getenv("JIG_DEBUG") != null) e.printStackTrace(err);
            err.println(name + ": error: " + oneLine(e));
            err.flush();
            return ExitCode.USAGE;
        });
        cli.setParameterExceptionHandler((e, ignored) -> {
            err.println(name + ": " + e.getMessage());
            err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            err.flush();
            return ExitCode.USAGE;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) m = e.getClass().getSimpleName();
        return m.replaceAll("\\s+", " ").trim();
    }
}
