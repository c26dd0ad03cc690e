package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.diag.Diagnostic;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The policy schemas avoid alternatives, so these tests compile a small schema that has them. */
class BranchPruningTest {

    private static final String SCHEMA = """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://jig.dev/schema/test/alternatives.schema.json",
              "type": "object",
              "properties": {
                "kind": {"const": "Tenant"},
                "size": {
                  "description": "A count or a quantity.",
                  "anyOf": [
                    {"type": "integer", "minimum": 0},
                    {"type": "string", "pattern": "^[0-9]+Gi$", "patternErrorMessage": "must be a size such as 4Gi"}
                  ]
                },
                "window": {
                  "oneOf": [
                    {"type": "object", "additionalProperties": false, "required": ["start"],
                     "properties": {"start": {"type": "string"}, "hours": {"type": "integer", "maximum": 24}}},
                    {"type": "string", "enum": ["always", "never"]}
                  ]
                }
              }
            }
            """;

    private final PolicySchemas schemas;

    BranchPruningTest() throws Exception {
        JsonNode schema = new ObjectMapper().readTree(SCHEMA);
        schemas = PolicySchemas.of(Map.of(PolicyKind.TENANT, schema));
    }

    private List<Diagnostic> check(String yaml) {
        return schemas.validate(Policies.load("t.yaml", "kind: Tenant\n" + yaml));
    }

    @Test
    void valueOfNoAcceptedTypeGivesOneFindingListingAllTypes() {
        assertThat(check("size: true\n")).extracting(Diagnostic::message)
                .containsExactly("size: must be a whole number or a string, found true");
    }

    @Test
    void valueOfOneAcceptedTypeReportsOnlyThatAlternative() {
        assertThat(check("size: 4G\n")).extracting(Diagnostic::message)
                .containsExactly("size: must be a size such as 4Gi; found '4G'");
        assertThat(check("size: -1\n")).extracting(Diagnostic::message)
                .containsExactly("size: must be at least 0, found -1");
    }

    @Test
    void oneOfSummaryIsDroppedForTheMeantAlternative() {
        assertThat(check("window: {hours: 30}\n")).extracting(Diagnostic::message)
                .containsExactlyInAnyOrder("window: missing required field 'start'", "window.hours: must be at most 24, found 30");
        assertThat(check("window: sometimes\n")).extracting(Diagnostic::message)
                .containsExactly("window: must be one of [always, never], found 'sometimes'");
    }

    @Test
    void validAlternativesGiveNoFindings() {
        assertThat(check("size: 3\nwindow: {start: \"09:00\"}\n")).isEmpty();
        assertThat(check("size: 3Gi\nwindow: never\n")).isEmpty();
    }
}
