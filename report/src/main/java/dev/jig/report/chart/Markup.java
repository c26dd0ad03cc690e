package dev.jig.report.chart;

import java.util.Locale;

/**
 * Escaping and number formatting for the SVG and HTML the reports write. Every string that comes from
 * a report (tenant, pool, pod and instance-type names are user-controlled) passes through
 * {@link #escape}, which is safe in element text and in quoted attribute values alike.
 */
public final class Markup {

    private Markup() {
    }

    /** {@code s} with {@code & < > " '} replaced by entities; null becomes the empty string. */
    public static String escape(String s) {
        if (s == null) return "";
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    // control characters other than tab and newlines are not allowed in XML 1.0
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') out.append('\uFFFD');
                    else out.append(c);
                }
            }
        }
        return out.toString();
    }

    /** A coordinate: at most two decimals, no trailing zeros, never exponent notation, never NaN. */
    public static String num(double v) {
        if (!Double.isFinite(v)) v = 0;
        String s = String.format(Locale.ROOT, "%.2f", v);
        if (s.indexOf('.') >= 0) s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        return s.equals("-0") ? "0" : s;
    }

    /** {@code s} cut to {@code max} characters, with an ellipsis when cut (before escaping). */
    public static String shorten(String s, int max) {
        if (s == null) return "";
        return s.length() <= max ? s : s.substring(0, Math.max(1, max - 1)) + "…";
    }
}
