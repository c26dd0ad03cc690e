package dev.jig.controller.simulate;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jig.api.diag.Diagnostic;
import dev.jig.controller.testing.Scenarios;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Any scenario text gives a scenario or located findings, never an exception, even with the schema
 * stage skipped (controller-app's {@code ScenarioFuzzTest} runs the same with the real schema). CI
 * replays the seed corpus in {@code ScenarioReaderFuzzTestInputs}; {@code JAZZER_FUZZ=1} searches for new inputs.
 */
class ScenarioReaderFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void anyTextGivesAScenarioOrFindings(FuzzedDataProvider data) {
        ScenarioReader.Result r = Scenarios.readerWithoutSchema().read(Path.of("fuzz.yaml"), data.consumeRemainingAsString());
        for (Diagnostic d : r.diagnostics()) assertThat(d.position().file()).isEqualTo("fuzz.yaml");
        if (r.scenario().isEmpty()) assertThat(r.diagnostics()).anyMatch(Diagnostic::isError);
    }
}
