package dev.jig.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code jig plan --format html}: the {@code report} module's {@code dev.jig.report.PlanHtml.render(JsonNode)},
 * built from the same report document as {@code --format json}. The one place the plan command meets the
 * renderer, so that a build without it refuses html up front (exit 2) with a message saying so.
 */
final class HtmlReport {

    private HtmlReport() {
    }

    static Optional<Function<JsonNode, String>> renderer() {
        return Optional.of(dev.jig.report.PlanHtml::render);
    }
}
