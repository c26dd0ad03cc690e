package dev.jig.report.chart;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

class StackedBarChartTest {

    @Test
    void stacksSegmentsEndToEndAndSkipsEmptyOnes() {
        SvgDocument svg = new SvgDocument(StackedBarChart.render("Instance types", List.of("base", "head"), List.of("m7i.large", "c7i.xlarge"),
                new double[][] {{3, 1}, {0, 2}}, Unit.count()));
        List<Element> segments = svg.all("//*[local-name()='rect'][*[local-name()='title']]");
        assertThat(segments).extracting(Element::getTextContent).containsExactly("base · m7i.large: 3", "base · c7i.xlarge: 1", "head · c7i.xlarge: 2");
        Element first = segments.get(0);
        Element second = segments.get(1);
        assertThat(SvgDocument.num(second, "x")).isCloseTo(SvgDocument.num(first, "x") + SvgDocument.num(first, "width"), offset(0.02));
        assertThat(SvgDocument.num(first, "width")).isCloseTo(3 * SvgDocument.num(second, "width"), offset(0.05));
        assertThat(segments.get(2).getAttribute("fill")).isEqualTo(second.getAttribute("fill"));
        assertThat(svg.texts("//*[local-name()='text']")).contains("4", "2");
    }

    @Test
    void emptyAndRaggedInputsDrawNothingWrong() {
        assertThat(new SvgDocument(StackedBarChart.render("Mix", List.of(), List.of(), new double[0][], Unit.of(String::valueOf)))
                .texts("//*[local-name()='text']")).contains("No data.");
        SvgDocument ragged = new SvgDocument(StackedBarChart.render("Mix", List.of("base", "head"), List.of("a", "b"),
                new double[][] {{1}}, Unit.of(String::valueOf)));
        assertThat(ragged.all("//*[local-name()='rect'][*[local-name()='title']]")).hasSize(1);
    }

    @Test
    void hugeAndNegativeValuesStayInsideTheCanvas() {
        SvgDocument svg = new SvgDocument(StackedBarChart.render("Mix", List.of("base"), List.of("a", "b", "c"),
                new double[][] {{Double.MAX_VALUE, Double.MAX_VALUE, -5}}, Unit.of(String::valueOf)));
        for (Element bar : svg.all("//*[local-name()='rect']")) {
            assertThat(SvgDocument.num(bar, "x") + SvgDocument.num(bar, "width")).isBetween(0.0, (double) Canvas.WIDTH);
        }
    }
}
