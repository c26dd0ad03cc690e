package dev.jig.controller.app;


import dev.jig.api.diag.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SimulateCommandTest {

    private static final Path INFLATE = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "inflate.yaml");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void simulatesTheInflateScenarioAsText() {
        assertThat(run("simulate", INFLATE.toString())).isZero();
        assertThat(out.toString()).contains("Timeline", "Expectations", "Nodes", "m5.large", "$0.1920 per hour");
    }

    @Test
    void simulatesAsJson() {
        assertThat(run("simulate", INFLATE.toString(), "--format", "json")).isZero();
        assertThat(out.toString()).startsWith("{").contains("\"nodes\"", "\"timeline\"", "\"totalPerHour\"");
    }

    @Test
    void aFailedExpectationExitsWithOne(@TempDir Path dir) throws Exception {
        String scenario = Files.readString(INFLATE).replace("expect: {nodes: 1, instanceTypes: {m5.large: 1}, pending: 0}",
                "expect: {nodes: 3}");
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, scenario);
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("FAIL", "expected 3 node(s), got 1 node(s)");
    }

    @Test
    void anInvalidScenarioExitsWithOneAndAMissingFileWithTwo(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps:\n    - jump: {}\n");
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(err.toString()).contains("error[JIG0610]", "bad.yaml:5:");
        assertThat(run("simulate", dir.resolve("missing.yaml").toString())).isEqualTo(ExitCode.USAGE);
    }
}
