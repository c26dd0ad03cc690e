package dev.jig.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code jig plan --format html}: the {@code report} module's {@code dev.jig.report.PlanHtml.render(JsonNode)},
 * built from the same report document as {@code --format json}. Until that module is part of this build there is
 * none, and {@code plan} refuses html up front (exit 2) with a message saying so. This is the one place to wire it:
 * {@code return Optional.of(dev.jig.report.PlanHtml::render);}.
 */
final class HtmlReport {

    private HtmlReport() {
    }

    static Optional<Function<JsonNode, String>> renderer() {
        return Optional.empty();
    }
}
