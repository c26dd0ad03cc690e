package dev.jig.cli;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code jig plan --format html}. The renderer is the {@code report} module's
 * {@code dev.jig.report.PlanHtml.render(JsonNode)}, built from the same report document as
 * {@code --format json}; until that module is part of this build, html is refused here, and only here.
 */
final class HtmlReport {

    private HtmlReport() {
    }

    static String render(JsonNode planReport) {
        throw new UnsupportedOperationException("the HTML report is not built into this jig (module 'report'); use --format text, markdown or json");
    }
}
