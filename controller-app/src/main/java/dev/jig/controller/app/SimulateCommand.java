package dev.jig.controller.app;

import dev.jig.api.diag.ExitCode;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.Scenario;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.Simulation;
import dev.jig.controller.simulate.SimulationReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code jig-controller simulate SCENARIO [--format text|json]}. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Play a scenario against the controller on an embedded cluster with a simulated cloud and clock; "
                + "print the decision timeline, the final nodes with their prices and the total $/h.")
final class SimulateCommand implements Callable<Integer> {

    enum Format { text, json }

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (see examples/scenarios/inflate.yaml).")
    Path file;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(file)) {
            err.println("jig-controller: no such scenario file: " + file);
            return ExitCode.USAGE;
        }
        ScenarioReader.Result read = ScenarioReader.read(file, Files.readString(file));
        if (read.scenario().isEmpty()) {
            read.diagnostics().forEach(d -> err.println(d));
            return ExitCode.FINDINGS;
        }
        Scenario scenario = read.scenario().get();
        SimulationReport report = Simulation.run(scenario, Catalog.bundled(), new CompilerPolicies(Catalog.bundled()));
        out.print(format == Format.json ? report.json() : report.text());
        out.flush();
        return report.passed() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
