package dev.jig.report.chart;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MarkupTest {

    @Test
    void escapesEveryCharacterThatCanOpenMarkupOrCloseAnAttribute() {
        assertThat(Markup.escape("<script>alert('x')</script>&\"")).isEqualTo("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;");
        assertThat(Markup.escape(null)).isEmpty();
        assertThat(Markup.escape("a\u0000b")).isEqualTo("a\uFFFDb");
    }

    @Test
    void writesCoordinatesWithoutExponentsOrNaN() {
        assertThat(Markup.num(12.0)).isEqualTo("12");
        assertThat(Markup.num(12.345)).isEqualTo("12.35");
        assertThat(Markup.num(1e-9)).isEqualTo("0");
        assertThat(Markup.num(Double.NaN)).isEqualTo("0");
        assertThat(Markup.num(1e7)).isEqualTo("10000000");
    }

    @Test
    void shortensLongNamesWithAnEllipsis() {
        assertThat(Markup.shorten("abcdef", 4)).isEqualTo("abc…");
        assertThat(Markup.shorten("abc", 4)).isEqualTo("abc");
    }
}
