package dev.jig.cli;

import dev.jig.compiler.cli.CliRunner;
import dev.jig.compiler.cli.Main;
import dev.jig.controller.app.CompilerScenarioSchema;
import dev.jig.controller.app.SimulateCommand;
import dev.jig.plan.cli.PlanCommand;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * The {@code jig} command users run: the compiler's commands ({@code compile}, {@code lint},
 * {@code validate}, {@code diff}, {@code explain}) with {@code plan} and {@code simulate} added. It is
 * a composition root and nothing more: the compiler knows nothing of the controller, and this module
 * is where the two meet for the commands that need both.
 */
public final class Jig {

    private Jig() {
    }

    public static void main(String[] args) {
        System.exit(Main.runGuarded(commandLine(), args));
    }

    /** Runs the CLI with the given streams; returns the exit code. Used by the tests. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return CliRunner.execute(commandLine(), "jig", args, out, err);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.addSubcommand("plan", new PlanCommand(new CompilerScenarioSchema(), HtmlReport.renderer()));
        cli.addSubcommand("simulate", new SimulateCommand());
        return cli;
    }
}
