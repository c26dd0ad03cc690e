package dev.jig.controller.testing;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.ScenarioSchema;

import java.util.List;

/**
 * Scenario readers for the controller's own tests. The controller library has no JSON Schema
 * validator (the app serves the {@link ScenarioSchema} port with the compiler's checker, and
 * controller-app's tests cover the schema), so these readers check everything after the schema:
 * values, references and the Karpenter rules. Production code has no such reader.
 */
public final class Scenarios {

    /** Stands in for the schema check: finds nothing. */
    public static final ScenarioSchema SCHEMA_NOT_CHECKED = document -> List.of();

    private Scenarios() {
    }

    /** A reader over the bundled catalog that skips the schema stage. */
    public static ScenarioReader readerWithoutSchema() {
        return new ScenarioReader(SCHEMA_NOT_CHECKED, Catalog.bundled());
    }
}
