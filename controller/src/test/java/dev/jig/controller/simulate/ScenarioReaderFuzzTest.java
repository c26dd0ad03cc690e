package dev.jig.controller.simulate;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jig.api.diag.Diagnostic;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Any scenario text gives a scenario or located findings, never an exception. CI replays the seed
 * corpus in {@code ScenarioReaderFuzzTestInputs}; {@code JAZZER_FUZZ=1} searches for new inputs.
 */
class ScenarioReaderFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void anyTextGivesAScenarioOrFindings(FuzzedDataProvider data) {
        ScenarioReader.Result r = ScenarioReader.read(Path.of("fuzz.yaml"), data.consumeRemainingAsString());
        for (Diagnostic d : r.diagnostics()) assertThat(d.position()).isNotNull();
        if (r.scenario().isEmpty()) assertThat(r.diagnostics()).anyMatch(Diagnostic::isError);
    }
}
