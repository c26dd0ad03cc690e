package dev.jig.controller.app;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.ScenarioReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenario reader with the real schema, on the example scenarios with one value, key or line
 * replaced by fuzzed text: the result is a scenario or located findings in that file, never an
 * exception (Jazzer reports any that escapes). CI replays the seed corpus in
 * {@code ScenarioFuzzTestInputs}; {@code JAZZER_FUZZ=1} searches for new inputs.
 */
class ScenarioFuzzTest {

    private static final Path DIR = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios");
    private static final ScenarioReader READER = new ScenarioReader(new CompilerScenarioSchema(), Catalog.bundled());
    private static final List<String> SEEDS = List.of(read("inflate.yaml"), read("tenants.yaml"));

    @FuzzTest(maxDuration = "30s")
    void aMutatedScenarioGivesAScenarioOrLocatedFindings(FuzzedDataProvider data) {
        String seed = SEEDS.get(data.consumeInt(0, SEEDS.size() - 1));
        List<String> lines = seed.lines().toList();
        int line = data.consumeInt(0, lines.size() - 1);
        String original = lines.get(line);
        int colon = original.indexOf(": ");
        String replaced = switch (data.consumeInt(0, 2)) {
            case 0 -> colon < 0 ? original : original.substring(0, colon + 2) + data.consumeString(40);
            case 1 -> data.consumeString(20) + (colon < 0 ? "" : original.substring(colon));
            default -> data.consumeString(80);
        };
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) text.append(i == line ? replaced : lines.get(i)).append('\n');
        Path file = DIR.resolve("fuzz.yaml");
        ScenarioReader.Result r = READER.read(file, text.toString());
        for (Diagnostic d : r.diagnostics()) {
            assertThat(d.position().file()).isEqualTo(file.toString());
            assertThat(d.position().line()).isBetween(0, (int) text.chars().filter(c -> c == '\n').count() + 1);
            assertThat(d.rule().id()).matches("JIG0[0-9]{3}");
        }
        if (r.scenario().isEmpty()) assertThat(r.diagnostics()).anyMatch(Diagnostic::isError);
    }

    private static String read(String name) {
        try {
            return Files.readString(DIR.resolve(name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
