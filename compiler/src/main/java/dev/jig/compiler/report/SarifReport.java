package dev.jig.compiler.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import java.util.List;

/** SARIF 2.1.0, as GitHub code scanning and most review tools read it. Every rule is listed with its help. */
public final class SarifReport implements ReportFormat {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public String render(List<Diagnostic> findings, List<String> files) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        root.put("version", "2.1.0");
        ObjectNode run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "jig");
        driver.put("informationUri", "https://jig.dev");
        ArrayNode rules = driver.putArray("rules");
        for (Rule r : Rule.values()) {
            ObjectNode rule = rules.addObject();
            rule.put("id", r.id());
            rule.put("name", r.name());
            rule.putObject("shortDescription").put("text", r.title());
            rule.putObject("help").put("text", r.hint());
            rule.putObject("defaultConfiguration").put("level", level(r.severity()));
        }
        ArrayNode results = run.putArray("results");
        for (Diagnostic d : findings) {
            ObjectNode res = results.addObject();
            res.put("ruleId", d.rule().id());
            res.put("ruleIndex", d.rule().ordinal());
            res.put("level", level(d.severity()));
            res.putObject("message").put("text", d.message() + (d.hint() == null ? "" : " Hint: " + d.hint()));
            ObjectNode physical = res.putArray("locations").addObject().putObject("physicalLocation");
            physical.putObject("artifactLocation").put("uri", d.position().file());
            if (d.position().line() > 0) {
                physical.putObject("region").put("startLine", d.position().line()).put("startColumn", d.position().column());
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String level(dev.jig.api.diag.Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case NOTE -> "note";
        };
    }
}
