package dev.jig.report.chart;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BarChartTest {

    private static String dollars(double v) {
        return String.format(java.util.Locale.ROOT, "$%.2f", v);
    }

    @Test
    void drawsOneBarPerCategoryAndSeriesWithWidthsProportionalToTheValues() {
        SvgDocument svg = new SvgDocument(BarChart.grouped("$/h per pool", List.of("acme/web", "acme/batch"),
                List.of(new Series("base", List.of(2.0, 1.0)), new Series("head", List.of(4.0, 0.0))), Unit.of(BarChartTest::dollars)));
        List<Element> bars = svg.all("//*[local-name()='rect'][*[local-name()='title']]");
        assertThat(bars).hasSize(4);
        assertThat(bars).extracting(e -> e.getTextContent()).containsExactly(
                "acme/web · base: $2.00", "acme/web · head: $4.00", "acme/batch · base: $1.00", "acme/batch · head: $0.00");
        double head = SvgDocument.num(bars.get(1), "width");
        assertThat(SvgDocument.num(bars.get(0), "width")).isCloseTo(head / 2, org.assertj.core.data.Offset.offset(0.01));
        assertThat(SvgDocument.num(bars.get(3), "width")).isZero();
        assertThat(bars.get(0).getAttribute("fill")).isNotEqualTo(bars.get(1).getAttribute("fill"));
        assertThat(svg.root().getAttribute("role")).isEqualTo("img");
        assertThat(svg.texts("/*/*[local-name()='title']")).containsExactly("$/h per pool");
        assertThat(svg.texts("//*[local-name()='g'][@class='legend-item']")).containsExactly("basebase", "headhead");
    }

    @Test
    void noCategoriesSaysNoData() {
        SvgDocument svg = new SvgDocument(BarChart.grouped("Nodes", List.of(), List.of(new Series("base", List.of())), Unit.of(BarChartTest::dollars)));
        assertThat(svg.all("//*[local-name()='rect'][*[local-name()='title']]")).isEmpty();
        assertThat(svg.texts("//*[local-name()='text']")).contains("No data.");
        assertThat(SvgDocument.num(svg.root(), "height")).isPositive();
    }

    @Test
    void oneDatumFillsTheScaleToANiceMaximum() {
        SvgDocument svg = new SvgDocument(BarChart.grouped("Nodes", List.of("t"), List.of(new Series("head", List.of(3.0))), Unit.count()));
        Element bar = svg.all("//*[local-name()='rect'][*[local-name()='title']]").get(0);
        double plot = Canvas.WIDTH - BarChart.LABEL_WIDTH - 8 - 64;
        assertThat(SvgDocument.num(bar, "width")).isCloseTo(plot, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void hugeValuesStayInsideTheCanvas() {
        SvgDocument svg = new SvgDocument(BarChart.grouped("Cost", List.of("a", "b"),
                List.of(new Series("base", List.of(Double.MAX_VALUE, 1e300)), new Series("head", List.of(Double.POSITIVE_INFINITY, Double.NaN))),
                Unit.of(BarChartTest::dollars)));
        for (Element bar : svg.all("//*[local-name()='rect']")) {
            assertThat(SvgDocument.num(bar, "x") + SvgDocument.num(bar, "width")).isBetween(0.0, (double) Canvas.WIDTH);
        }
    }

    @Test
    void escapesCategoryAndSeriesNames() {
        String svg = BarChart.grouped("<b>", List.of("<img src=x onerror=alert(1)>"), List.of(new Series("\"><script>", List.of(1.0))), Unit.of(BarChartTest::dollars));
        new SvgDocument(svg);
        assertThat(svg).doesNotContain("<img", "<script", "<b>").contains("&lt;img src=x onerror=alert(1)&gt;");
    }
}
