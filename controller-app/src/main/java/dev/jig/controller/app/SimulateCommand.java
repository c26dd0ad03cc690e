package dev.jig.controller.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.ExitCode;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.Simulation;
import dev.jig.controller.simulate.SimulationReport;
import dev.jig.report.SimulationHtml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code jig-controller simulate SCENARIO [--format text|json|html] [--faults MAPPING] [--settle DURATION]}. Whatever happens, stdout holds one
 * document of the chosen format: the report of the run; or, for a scenario that does not read, the
 * same report with its findings (the fields {@code jig lint} prints) and nothing played (exit 1); or,
 * when the file cannot be read or a policy directory cannot be compiled for I/O reasons, an error
 * document in JSON or HTML (exit 2, the one line on stderr as well; text prints nothing on stdout).
 * The HTML is the JSON report rendered by {@link SimulationHtml}, so the two never disagree.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Play a scenario against the controller on an embedded cluster with a simulated cloud and clock; "
                + "print the decision timeline, the final nodes with their prices and the total $/h. "
                + "Exit codes: 0 every expectation held, 1 findings or a failed expectation, 2 usage or I/O error.")
public final class SimulateCommand implements Callable<Integer> {

    enum Format { text, json, html }

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (see examples/scenarios/README.md).")
    Path file;

    @Option(names = "--format", defaultValue = "text", description = "text, json or html (one self-contained file with charts; default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--faults", paramLabel = "MAPPING", description = "Faults to play instead of the scenario's spec.faults, "
            + "as a YAML or JSON mapping (e.g. '{seed: 7, until: 20m, apiErrors: 0.1}'): how a chaos run's seed is replayed.")
    String faults;

    @Option(names = "--settle", paramLabel = "DURATION", converter = dev.jig.compiler.cli.CliRunner.DurationConverter.class, description = "After the steps, once the faults have stopped, wait up to "
            + "this long (e.g. 30m) for the world to settle; the report's settled cost is then the cost after the faults.")
    java.time.Duration settle;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isRegularFile(file)) return ioError("no such scenario file: " + file);
        Catalog catalog = Catalog.bundled();
        SimulationReport report;
        try {
            ScenarioReader reader = new ScenarioReader(new CompilerScenarioSchema(), catalog);
            String text = Files.readString(file);
            ScenarioReader.Result read = faults == null ? reader.read(file, text) : reader.read(file, text, faults);
            report = read.scenario().isEmpty() ? SimulationReport.invalid(file, read.diagnostics())
                    : settle != null ? Simulation.runThenSettle(read.scenario().get(), catalog, new CompilerPolicies(catalog), settle)
                    : Simulation.run(read.scenario().get(), catalog, new CompilerPolicies(catalog));
        } catch (IOException | UncheckedIOException e) {
            return ioError("cannot read " + file + ": " + e.getMessage());
        }
        out.print(switch (format) {
            case json -> report.json();
            case html -> SimulationHtml.render(readTree(report.json()));
            case text -> report.text();
        });
        out.flush();
        return report.passed() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** Exit 2 with the reason on stderr and, for {@code --format json}, as a JSON document on stdout. */
    private int ioError(String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("jig-controller: " + message);
        err.flush();
        if (format != Format.text) {
            ObjectNode doc = JsonNodeFactory.instance.objectNode();
            doc.put("scenario", file.toString());
            doc.put("error", message);
            doc.put("exitCode", ExitCode.USAGE);
            doc.put("passed", false);
            PrintWriter out = spec.commandLine().getOut();
            try {
                out.println(format == Format.html ? SimulationHtml.render(doc) : new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            out.flush();
        }
        return ExitCode.USAGE;
    }

    private static JsonNode readTree(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the report's own JSON does not read", e);
        }
    }
}
