package dev.jig.plan;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.compiler.schema.DocumentSchema;
import dev.jig.controller.simulate.ScenarioSchema;
import java.util.List;

/** The scenario schema checked by the compiler's schema checker, as the app wires it, for tests of scenario workloads. */
public final class TestScenarioSchema implements ScenarioSchema {

    private static final DocumentSchema SCHEMA = DocumentSchema.compile(ScenarioSchema.bundledDocument(),
            "https://jig.dev/schema/v1alpha1/scenario.schema.json", Rule.SCENARIO_SCHEMA);

    @Override
    public List<Diagnostic> validate(LoadedDocument document) {
        return SCHEMA.validate(document);
    }
}
