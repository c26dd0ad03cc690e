package dev.jig.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NumbersTest {

    @Test
    void moneyHasTheCatalogsFourDecimalsAndMarksEstimates() {
        assertThat(Numbers.perHour(0.681, false)).isEqualTo("$0.6810");
        assertThat(Numbers.perHour(3.26514, true)).isEqualTo("$3.2651 (est.)");
        assertThat(Numbers.dollars(1234.5)).isEqualTo("$1235");
        assertThat(Numbers.dollars(2.271)).isEqualTo("$2.27");
        assertThat(Numbers.dollars(0.6812)).isEqualTo("$0.681");
    }

    @Test
    void changesAreSignedWithARealMinusAndNoSignForNothing() {
        assertThat(Numbers.signedPerHour(0.601)).isEqualTo("+$0.6010");
        assertThat(Numbers.signedPerHour(-0.0518)).isEqualTo("\u2212$0.0518");
        assertThat(Numbers.signedPerHour(0.00001)).isEqualTo("$0.0000");
        assertThat(Numbers.signed(-3)).isEqualTo("\u22123");
        assertThat(Numbers.signed(0)).isEqualTo("0");
        assertThat(Numbers.percent(Fixtures.JSON.getNodeFactory().numberNode(18.41))).isEqualTo("+18.4%");
        assertThat(Numbers.percent(Fixtures.JSON.getNodeFactory().nullNode())).isEmpty();
    }

    @Test
    void moreCostIsMarkedUpAndLessDown() {
        assertThat(Numbers.costClass(0.1)).isEqualTo("num up");
        assertThat(Numbers.costClass(-0.1)).isEqualTo("num down");
        assertThat(Numbers.costClass(0)).isEqualTo("num");
    }
}
