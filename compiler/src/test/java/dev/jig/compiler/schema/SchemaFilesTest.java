package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * Keeps the two schema files honest: they are self-contained (editors resolve no cross-file
 * references), so the definitions they share are copies, and these must stay identical; every
 * field is documented for editors; objects are closed; every example is valid.
 */
class SchemaFilesTest {

    private final PolicySchemas schemas = PolicySchemas.bundled();
    private final JsonNode platform = schemas.schemaDocument(PolicyKind.PLATFORM);
    private final JsonNode tenant = schemas.schemaDocument(PolicyKind.TENANT);

    @Test
    void idsFollowTheVersionedLayout() {
        assertThat(platform.path("$id").asText()).isEqualTo("https://jig.dev/schema/v1alpha1/platform.schema.json");
        assertThat(tenant.path("$id").asText()).isEqualTo("https://jig.dev/schema/v1alpha1/tenant.schema.json");
        assertThat(platform.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(tenant.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
    }

    @Test
    void definitionsSharedByBothFilesAreIdentical() {
        List<String> shared = new ArrayList<>();
        for (Iterator<String> it = platform.path("$defs").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (tenant.path("$defs").has(name)) {
                shared.add(name);
                assertThat(tenant.path("$defs").get(name)).as("$defs/" + name).isEqualTo(platform.path("$defs").get(name));
            }
        }
        assertThat(shared).contains("duration", "quantity", "budget", "kubelet", "dnsLabel", "consolidation");
    }

    @Test
    void everyPropertyHasADescriptionAndEveryDefinitionATitle() {
        for (JsonNode doc : List.of(platform, tenant)) {
            assertThat(doc.path("title").asText()).isNotBlank();
            doc.path("$defs").properties().forEach(e ->
                    assertThat(e.getValue().path("title").asText()).as("title of $defs/" + e.getKey()).isNotBlank());
            walk(doc, "", (pointer, node) -> {
                if (!node.has("properties")) return;
                node.get("properties").properties().forEach(p ->
                        assertThat(p.getValue().path("description").asText())
                                .as("description of " + pointer + "/properties/" + p.getKey()).isNotBlank());
            });
        }
    }

    @Test
    void everyObjectWithPropertiesIsClosed() {
        for (JsonNode doc : List.of(platform, tenant)) {
            walk(doc, "", (pointer, node) -> {
                if (node.has("properties")) {
                    assertThat(node.path("additionalProperties").isBoolean() && !node.get("additionalProperties").asBoolean())
                            .as("additionalProperties: false at " + pointer).isTrue();
                }
            });
        }
    }

    @Test
    void everyExampleIsValidForItsSchema() {
        for (JsonNode doc : List.of(platform, tenant)) {
            String id = doc.get("$id").asText();
            SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                    b -> b.schemas(Map.of(id, doc.toString())));
            List<String> checked = new ArrayList<>();
            walk(doc, "", (pointer, node) -> {
                JsonNode examples = node.get("examples");
                if (examples == null || !examples.isArray()) return;
                Schema schema = registry.getSchema(SchemaLocation.of(id + "#" + pointer));
                for (JsonNode example : examples) {
                    assertThat(schema.validate(example)).as("example " + example + " of " + id + "#" + pointer).isEmpty();
                }
                checked.add(pointer);
            });
            assertThat(checked).hasSizeGreaterThan(50);
        }
    }

    /** Visits every schema object below {@code node}, with its JSON Pointer; skips example and enum values. */
    private static void walk(JsonNode node, String pointer, BiConsumer<String, JsonNode> visit) {
        if (node.isObject()) {
            visit.accept(pointer, node);
            node.properties().forEach(e -> {
                if (e.getKey().equals("examples") || e.getKey().equals("enum") || e.getKey().equals("const")
                        || e.getKey().equals("default")) return;
                walk(e.getValue(), pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), visit);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) walk(node.get(i), pointer + "/" + i, visit);
        }
    }
}
