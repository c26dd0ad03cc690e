package dev.jig.report.chart;

import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * What a chart's values are: how to write one (on bars, tooltips and ticks) and whether they are
 * whole counts, whose axis then ticks only at whole numbers (no "0.5 nodes").
 */
public record Unit(DoubleFunction<String> format, boolean whole) {

    /** Whole counts: nodes, pods. */
    public static Unit count() {
        return new Unit(v -> String.format(Locale.ROOT, "%d", Math.round(v)), true);
    }

    /** Amounts written by {@code format}: money, rates. */
    public static Unit of(DoubleFunction<String> format) {
        return new Unit(format, false);
    }

    /** A value scale over {@code [0, dataMax]} with about {@code ticks} intervals, whole steps for counts. */
    LinearScale scale(double dataMax, double length, int ticks) {
        return whole ? LinearScale.whole(dataMax, length, ticks) : LinearScale.of(dataMax, length, ticks);
    }

    String apply(double v) {
        return format.apply(v);
    }
}
