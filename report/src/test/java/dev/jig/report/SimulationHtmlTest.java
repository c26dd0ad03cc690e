package dev.jig.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class SimulationHtmlTest {

    @Test
    void rendersTheVerdictCostsChartsAndTables() {
        String html = SimulationHtml.render(Fixtures.simulation());
        assertThat(html).startsWith("<!DOCTYPE html>").contains("Jig simulate: inflate", "Every expectation held.")
                .contains("<title>Nodes</title>", "<title>Cost ($/h)</title>", "<title>Pending pods</title>")
                .contains("$0.0850", "c5.large", "NODECLAIM_CREATED", "settled")
                .doesNotContain("<script", "src=", "href=");
        assertThat(PlanHtmlTest.count(html, "<svg ")).isEqualTo(3);
    }

    @Test
    void theNodeChartStepsThroughEverySampleOfTheSeries() {
        String html = SimulationHtml.render(Fixtures.simulation());
        Matcher nodes = Pattern.compile("<path class=\"series\" d=\"([^\"]*)\"[^>]*><title>nodes</title>").matcher(html);
        assertThat(nodes.find()).isTrue();
        int samples = Fixtures.simulation().path("series").size();
        // one move plus a jump (H, V) per later sample, then on to the end of the run
        assertThat(nodes.group(1).split(" V")).hasSize(samples);
        assertThat(nodes.group(1)).startsWith("M64,");
    }

    @Test
    void aFailedExpectationIsTheBanner() {
        ObjectNode r = Fixtures.simulation().deepCopy();
        r.put("passed", false);
        ((ObjectNode) r.path("expectations").get(1)).put("passed", false).put("actual", "<b>3 node(s)</b>");
        String html = SimulationHtml.render(r);
        assertThat(html).contains("class=\"banner fail\"", "Failed expectations:", "expected 2 node(s), {m5.large=2}, 0 pending, got &lt;b&gt;3 node(s)&lt;/b&gt;");
    }

    @Test
    void aScenarioThatDidNotLoadShowsItsFindingsAlone() {
        ObjectNode r = Fixtures.JSON.createObjectNode().put("scenario", "s.yaml").put("source", "s.yaml").put("passed", false);
        r.putArray("diagnostics").addObject().put("rule", "JIG0702").put("severity", "error").put("file", "s.yaml").put("line", 5).put("column", 7)
                .put("message", "unknown step <jump>");
        String html = SimulationHtml.render(r);
        assertThat(html).contains("nothing was played", "s.yaml:5:7", "JIG0702", "unknown step &lt;jump&gt;").doesNotContain("<svg");
    }

    @Test
    void anErrorDocumentIsAnErrorPage() {
        ObjectNode r = Fixtures.JSON.createObjectNode().put("scenario", "missing.yaml").put("error", "no such scenario file: missing.yaml");
        assertThat(SimulationHtml.render(r)).contains("banner fail", "no such scenario file: missing.yaml").doesNotContain("<svg");
    }

    @Test
    void aReportWithoutSeriesSaysNoData() {
        ObjectNode r = Fixtures.simulation().deepCopy();
        r.remove("series");
        assertThat(PlanHtmlTest.count(SimulationHtml.render(r), "No data.")).isEqualTo(3);
    }
}
