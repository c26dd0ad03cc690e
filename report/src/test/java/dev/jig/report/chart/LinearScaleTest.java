package dev.jig.report.chart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LinearScaleTest {

    @ParameterizedTest(name = "data max {0} -> axis max {1} step {2}")
    @CsvSource({
        "7, 8, 2",
        "10, 10, 2",
        "0.0416, 0.05, 0.01",
        "1.3, 1.5, 0.5",
        "37, 40, 10",
        "1234, 1250, 250",
    })
    void roundsTheDomainUpToANiceStep(double data, double max, double step) {
        LinearScale s = LinearScale.of(data, 500, 5);
        assertThat(s.max()).isCloseTo(max, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.step()).isCloseTo(step, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.ticks()).first().isEqualTo(0.0);
        assertThat(s.ticks()).last().isEqualTo(s.max());
    }

    @Test
    void emptyOrZeroDataGivesTheUnitDomain() {
        for (double v : new double[] {0, -3, Double.NaN}) {
            LinearScale s = LinearScale.of(v, 100, 5);
            assertThat(s.max()).isEqualTo(1);
            assertThat(s.px(0)).isZero();
        }
    }

    @Test
    void mapsValuesProportionallyAndClampsOutliers() {
        LinearScale s = LinearScale.of(100, 400, 5);
        assertThat(s.px(50)).isEqualTo(200);
        assertThat(s.px(-5)).isZero();
        assertThat(s.px(Double.NaN)).isZero();
        assertThat(s.px(1e9)).isEqualTo(400);
        assertThat(s.px(Double.POSITIVE_INFINITY)).isEqualTo(400);
    }

    @Test
    void hugeValuesStayFiniteWithFewTicks() {
        LinearScale s = LinearScale.of(Double.MAX_VALUE, 400, 5);
        assertThat(s.max()).isFinite().isPositive();
        assertThat(s.ticks()).hasSizeBetween(2, 12).allSatisfy(t -> assertThat(t).isFinite());
        assertThat(s.px(Double.MAX_VALUE)).isEqualTo(400);
        assertThat(s.label(Double.MAX_VALUE)).isEqualTo("1.8e308");
        assertThat(LinearScale.of(1e15, 400, 5).label(1e15)).isEqualTo("1.0e15");
        assertThat(LinearScale.of(9e14, 400, 5).label(9e14)).isEqualTo("900T");
    }

    @Test
    void labelsHaveTheDecimalsTheStepNeedsAndSiSuffixesForLargeValues() {
        assertThat(LinearScale.of(0.0416, 100, 5).label(0.03)).isEqualTo("0.03");
        assertThat(LinearScale.of(1.3, 100, 5).label(0.5)).isEqualTo("0.5");
        assertThat(LinearScale.of(12, 100, 5).label(2.5)).isEqualTo("2.5");
        assertThat(LinearScale.of(8, 100, 4).label(4)).isEqualTo("4");
        assertThat(LinearScale.of(50_000, 100, 5).label(20_000)).isEqualTo("20k");
        assertThat(LinearScale.si(12_500)).isEqualTo("12.5k");
        assertThat(LinearScale.si(3_000_000)).isEqualTo("3M");
    }

    @Test
    void countsTickOnlyAtWholeNumbers() {
        assertThat(LinearScale.whole(2, 100, 4)).isEqualTo(new LinearScale(2, 1, 100));
        assertThat(LinearScale.whole(0, 100, 4)).isEqualTo(new LinearScale(1, 1, 100));
        assertThat(LinearScale.whole(37, 100, 4)).isEqualTo(LinearScale.of(37, 100, 4));
        assertThat(LinearScale.of(2, 100, 4).step()).isEqualTo(0.5);
    }

    @Test
    void timeTicksFallOnClockSteps() {
        LinearScale s = LinearScale.seconds(400, 600, 8);
        assertThat(s.step()).isEqualTo(60);
        assertThat(s.max()).isEqualTo(420);
        assertThat(LinearScale.seconds(0, 600, 8).max()).isEqualTo(60);
        assertThat(LinearScale.seconds(10 * 86400, 600, 8).step()).isEqualTo(2 * 86400);
        assertThat(LinearScale.clock(75)).isEqualTo("1:15");
        assertThat(LinearScale.clock(3900)).isEqualTo("1h05");
    }

    @Test
    void refusesADegenerateScale() {
        assertThatThrownBy(() -> new LinearScale(0, 1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LinearScale(Double.POSITIVE_INFINITY, 1, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
