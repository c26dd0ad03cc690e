package dev.jig.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The one {@code jig} entry point carries the compiler's commands, plan and simulate. */
class JigTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", ".."));

    private record Run(int code, String out, String err) {
    }

    private static Run jig(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Jig.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void helpListsEveryCommandUsersRun() {
        Run help = jig("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("compile", "lint", "validate", "diff", "explain", "schema", "plan", "simulate");
        Run none = jig();
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("jig: error: missing command: compile, lint, validate, diff, explain, schema, plan, simulate");
    }

    @Test
    void simulateRunsTheControllersScenarioThroughTheSameJig() {
        Run r = jig("simulate", ROOT.resolve("examples/scenarios/inflate.yaml").toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"passed\" : true");
    }

    @Test
    void planWritesTheHtmlReportFromTheSameDocumentAsJson() {
        Run r = jig("plan", ROOT.resolve("examples/acme/policies").toString(), "--base", "HEAD", "--workload",
                ROOT.resolve("examples/acme/workload/snapshot.json").toString(), "--format", "html");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("<!DOCTYPE html>").contains("<svg", "ml-inference", "Content-Security-Policy")
                .doesNotContain("<script src");
        Run sim = jig("simulate", ROOT.resolve("examples/scenarios/inflate.yaml").toString(), "--format", "html");
        assertThat(sim.code()).as(sim.err()).isZero();
        assertThat(sim.out()).startsWith("<!DOCTYPE html>").contains("<svg");
    }
}
