package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The JSON reports the HTML tests render: the plan module's {@code plan-example.json}, the example document of
 * {@code policies/schema/plan-report.schema.json} that the plan's tests check against the schema (one copy, so the
 * renderer is tested on the shape the plan promises), and {@code simulation-inflate.json}, the output of
 * {@code jig-controller simulate examples/scenarios/inflate.yaml --format json}.
 */
final class Fixtures {

    static final ObjectMapper JSON = new ObjectMapper();

    private Fixtures() {
    }

    static JsonNode read(String resource) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/" + resource)) {
            if (in == null) throw new IllegalStateException("no test resource " + resource);
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode plan() {
        Path example = Path.of(System.getProperty("jig.repo.root", ".."), "plan/src/test/resources/plan-example.json");
        try {
            return JSON.readTree(example.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode simulation() {
        return read("simulation-inflate.json");
    }
}
