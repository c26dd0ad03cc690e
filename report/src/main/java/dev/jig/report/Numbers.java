package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;

/**
 * How the reports write money, changes and counts: USD per hour with four decimals in tables (the
 * catalog's precision), shorter on charts, signed changes with a real minus sign, and "(est.)" after
 * amounts that include spot prices.
 */
final class Numbers {

    private Numbers() {
    }

    /** {@code $0.6810}, with " (est.)" when the amount includes an estimated (spot) price. */
    static String perHour(double v, boolean estimated) {
        return String.format(Locale.ROOT, "$%.4f", v) + (estimated ? " (est.)" : "");
    }

    /** {@code totals.perHour} of a JSON totals object, with its estimate marker. */
    static String perHour(JsonNode totals) {
        return perHour(totals.path("perHour").asDouble(), totals.path("estimated").asBoolean());
    }

    /** A chart label: {@code $1234}, {@code $3.27}, {@code $0.681}. */
    static String dollars(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "$%.0f" : v >= 1 ? "$%.2f" : "$%.3f", v);
    }

    /** {@code +$0.6010} or {@code −$0.0518}; a change that rounds to {@code $0.0000} is unsigned. */
    static String signedPerHour(double v) {
        double rounded = Math.round(v * 10_000) / 10_000.0;
        return sign(rounded) + String.format(Locale.ROOT, "$%.4f", Math.abs(rounded));
    }

    /** {@code +2}, {@code −3}, {@code 0}. */
    static String signed(long v) {
        return sign(v) + Math.abs(v);
    }

    /** {@code +18.4%}; an empty string for a null percentage (no base to compare with). */
    static String percent(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) return "";
        double d = v.asDouble();
        return sign(d) + String.format(Locale.ROOT, "%.1f%%", Math.abs(d));
    }

    /** The CSS class of a change where more is worse (cost, nodes, unschedulable pods). */
    static String costClass(double delta) {
        return delta > 0 ? "num up" : delta < 0 ? "num down" : "num";
    }

    private static String sign(double v) {
        return v > 0 ? "+" : v < 0 ? "\u2212" : "";
    }
}
