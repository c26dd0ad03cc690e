package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** policies/README.md is the reference: every schema field and every rule id must be in it. */
class PolicyReferenceTest {

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    private static String reference() throws Exception {
        String root = System.getProperty("jig.repo.root");
        assumeTrue(root != null, "jig.repo.root is not set");
        Path readme = Path.of(root, "policies", "README.md");
        assumeTrue(Files.isRegularFile(readme), "no " + readme);
        return Files.readString(readme);
    }

    @Test
    void everySchemaFieldIsDocumented() throws Exception {
        Set<String> documented = new TreeSet<>();
        Matcher m = CODE.matcher(reference().replaceAll("(?s)```.*?```", ""));
        while (m.find()) {
            documented.add(m.group(1));
            for (String segment : m.group(1).split("[.\\[\\]: {}]+")) documented.add(segment);
        }
        Set<String> fields = new TreeSet<>();
        for (PolicyKind kind : PolicyKind.values()) collect(PolicySchemas.bundled().schemaDocument(kind), fields);
        assertThat(documented).containsAll(fields);
    }

    @Test
    void everyRuleIsListed() throws Exception {
        String reference = reference();
        for (Rule rule : Rule.values()) {
            assertThat(reference).as(rule.name()).contains("| " + rule.id() + " | " + rule.severity().label() + " | " + rule.title() + " |");
        }
    }

    private static void collect(JsonNode node, Set<String> fields) {
        if (node.isObject()) {
            JsonNode props = node.get("properties");
            if (props != null && props.isObject()) props.fieldNames().forEachRemaining(fields::add);
            node.properties().forEach(e -> {
                if (!e.getKey().equals("examples")) collect(e.getValue(), fields);
            });
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, fields));
        }
    }
}
