package dev.jig.controller.app;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.compiler.schema.DocumentSchema;
import dev.jig.controller.simulate.ScenarioSchema;

import java.util.List;

/**
 * {@code simulate}'s {@link ScenarioSchema} port, served by the compiler's one schema checker
 * ({@link DocumentSchema}): scenario findings are worded, placed and hinted as {@code jig lint}'s
 * policy findings are, with rule {@link Rule#SCENARIO_SCHEMA}. The schema is compiled once per JVM.
 */
public final class CompilerScenarioSchema implements ScenarioSchema {

    private static final String ID = "https://jig.dev/schema/v1alpha1/scenario.schema.json";

    private static final class Bundled {
        static final DocumentSchema INSTANCE = DocumentSchema.compile(ScenarioSchema.bundledDocument(), ID, Rule.SCENARIO_SCHEMA);
    }

    @Override
    public List<Diagnostic> validate(LoadedDocument document) {
        return Bundled.INSTANCE.validate(document);
    }

    /** The compiled schema, for tests of the schema file itself. */
    static DocumentSchema schema() {
        return Bundled.INSTANCE;
    }
}
