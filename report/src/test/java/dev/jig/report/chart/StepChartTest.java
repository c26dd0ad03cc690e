package dev.jig.report.chart;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StepChartTest {

    private static StepChart.Point p(double at, double v) {
        return new StepChart.Point(at, v);
    }

    @Test
    void drawsHoldThenJumpStepsToTheEndOfTheRun() {
        String svg = StepChart.render("Nodes", List.of(new StepChart.Line("nodes", List.of(p(0, 0), p(30, 2), p(90, 1)))), 120, Unit.count());
        SvgDocument doc = new SvgDocument(svg);
        String d = doc.all("//*[local-name()='path']").get(0).getAttribute("d");
        // x: 120 s over a 2-minute axis 640 px wide from x=64; y: 0..2 nodes over 180 px, bottom at the plot's foot
        assertThat(d).matches("M64,(\\d+(\\.\\d+)?) H224 V(\\d+(\\.\\d+)?) H544 V(\\d+(\\.\\d+)?) H704");
        String[] ys = d.replaceAll("[MHV]", "").split("[ ,]");
        double bottom = Double.parseDouble(ys[1]);
        assertThat(bottom - Double.parseDouble(ys[3])).isEqualTo(180.0);
        assertThat(bottom - Double.parseDouble(ys[5])).isEqualTo(90.0);
        assertThat(doc.texts("//*[local-name()='text']")).contains("0:00", "1:00", "2:00", "0", "1", "2");
    }

    @Test
    void aCountAxisHasNoRepeatedLabels() {
        SvgDocument doc = new SvgDocument(StepChart.render("Nodes", List.of(new StepChart.Line("nodes", List.of(p(0, 0), p(10, 2)))), 60, Unit.count()));
        List<String> yLabels = doc.all("//*[local-name()='text'][@text-anchor='end']").stream().map(e -> e.getTextContent()).toList();
        assertThat(yLabels).containsExactly("0", "1", "2");
    }

    @Test
    void seriesDifferByColourAndDash() {
        SvgDocument doc = new SvgDocument(StepChart.render("Nodes", List.of(new StepChart.Line("nodes", List.of(p(0, 1))),
                new StepChart.Line("ready", List.of(p(0, 1)))), 60, Unit.of(String::valueOf)));
        var paths = doc.all("//*[local-name()='path']");
        assertThat(paths.get(0).getAttribute("stroke")).isNotEqualTo(paths.get(1).getAttribute("stroke"));
        assertThat(paths.get(0).getAttribute("stroke-dasharray")).isEmpty();
        assertThat(paths.get(1).getAttribute("stroke-dasharray")).isNotEmpty();
        assertThat(doc.all("//*[local-name()='g'][@class='legend-item']/*[local-name()='line']")).hasSize(2);
    }

    @Test
    void emptyAndSingleDatumSeries() {
        assertThat(new SvgDocument(StepChart.render("Cost", List.of(new StepChart.Line("$/h", List.of())), 0, Unit.of(String::valueOf)))
                .texts("//*[local-name()='text']")).contains("No data.");
        SvgDocument one = new SvgDocument(StepChart.render("Cost", List.of(new StepChart.Line("$/h", List.of(p(0, 0.5)))), 0, Unit.of(String::valueOf)));
        assertThat(one.all("//*[local-name()='path']").get(0).getAttribute("d")).startsWith("M64,");
        assertThat(one.all("//*[local-name()='circle']")).hasSize(1).allSatisfy(c -> assertThat(c.getAttribute("cx")).isEqualTo("64"));
    }

    @Test
    void hugeValuesAndTimesStayInsideTheCanvas() {
        SvgDocument doc = new SvgDocument(StepChart.render("Cost", List.of(new StepChart.Line("$/h", List.of(p(0, 1), p(1e12, Double.MAX_VALUE)))),
                0, Unit.of(String::valueOf)));
        String d = doc.all("//*[local-name()='path']").get(0).getAttribute("d");
        for (String n : d.replaceAll("[MHV]", "").split("[ ,]")) assertThat(Double.parseDouble(n)).isBetween(0.0, (double) Canvas.WIDTH);
    }
}
