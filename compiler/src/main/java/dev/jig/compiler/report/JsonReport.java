package dev.jig.compiler.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Severity;
import java.util.List;

/** Findings as one JSON document: {@code {"findings": [...], "summary": {...}}}. */
public final class JsonReport implements ReportFormat {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public String render(List<Diagnostic> findings, List<String> files) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode list = root.putArray("findings");
        for (Diagnostic d : findings) list.add(d.json());
        ObjectNode summary = root.putObject("summary");
        summary.put("files", files.size());
        summary.put("errors", findings.stream().filter(d -> d.severity() == Severity.ERROR).count());
        summary.put("warnings", findings.stream().filter(d -> d.severity() == Severity.WARNING).count());
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
