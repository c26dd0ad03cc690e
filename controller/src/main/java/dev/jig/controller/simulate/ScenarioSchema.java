package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.yaml.LoadedDocument;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The port through which {@link ScenarioReader} checks a scenario against its JSON Schema,
 * {@code policies/schema/scenario.schema.json} ({@link #bundledDocument()}). The controller library
 * owns the format and bundles the schema, but does not depend on a JSON Schema validator: the app
 * serves this port with the compiler's one schema checker, so {@code simulate} words, places and
 * hints its findings exactly as {@code jig lint} does (rule {@link dev.jig.api.diag.Rule#SCENARIO_SCHEMA},
 * "did you mean" for mistyped fields). There is deliberately no pass-through implementation:
 * a reader without a schema would run typos as if they were absent.
 */
@FunctionalInterface
public interface ScenarioSchema {

    /** Where the bundled schema sits on the classpath. */
    String RESOURCE = "/dev/jig/controller/simulate/scenario.schema.json";

    /** The findings of a scenario document against the schema, sorted by position; empty when it is valid. */
    List<Diagnostic> validate(LoadedDocument document);

    /** The scenario schema as bundled (the file in {@code policies/schema/}), parsed afresh. */
    static JsonNode bundledDocument() {
        try (InputStream in = ScenarioSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("schema resource missing from the build: " + RESOURCE);
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema resource " + RESOURCE, e);
        }
    }
}
