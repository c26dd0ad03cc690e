package dev.jig.report.chart;

import java.util.List;

/** A named row of values, one per category of a bar chart (missing values count as zero). */
public record Series(String name, List<Double> values) {

    public Series {
        values = List.copyOf(values);
    }

    /** The value for category {@code i}, zero when the series is shorter. */
    double at(int i) {
        return i < values.size() && values.get(i) != null ? values.get(i) : 0;
    }
}
