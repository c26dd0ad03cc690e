package dev.jig.compiler.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jig.api.diag.Diagnostic;
import dev.jig.compiler.testing.PolicyFixture;

/**
 * Fuzzes the loader and everything behind it with arbitrary tenant files. In CI it replays the
 * seed corpus (src/test/resources/.../CompilerFuzzTestInputs) as a regression test; with
 * {@code JAZZER_FUZZ=1} it searches for new crashes. The property: never an exception, every
 * finding located, and no objects whenever there is an error.
 */
class CompilerFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void anyTenantFileGivesFindingsOrObjectsButNeverACrash(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        Compiler.Result r = PolicyFixture.valid().put("tenants/fuzz.yaml", text).compile();
        for (Diagnostic d : r.diagnostics()) {
            assertThat(d.position()).isNotNull();
            assertThat(d.message()).isNotNull();
        }
        if (r.hasErrors()) assertThat(r.objects()).isEmpty();
    }
}
