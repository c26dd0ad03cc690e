package dev.jig.report.chart;

import java.util.List;

/**
 * Horizontal stacked bars: one bar per row (base and head), split into segments (instance types)
 * coloured in legend order, each segment with a tooltip, and the row's total at its end. Comparing
 * the two bars shows both the total and the mix.
 */
public final class StackedBarChart {

    private static final double BAR = 24;
    private static final double GAP = 12;

    private StackedBarChart() {
    }

    /**
     * The chart as an {@code <svg>} element: {@code rows} name the bars, {@code segments} the parts, and
     * {@code values[row][segment]} the amounts (negative and missing ones count as zero).
     */
    public static String render(String title, List<String> rows, List<String> segments, double[][] values, Unit unit) {
        Canvas c = new Canvas(title);
        double top = c.legend(Legend.swatches(segments));
        if (rows.isEmpty() || segments.isEmpty()) return c.empty(top);
        double[] totals = new double[rows.size()];
        double max = 0;
        for (int r = 0; r < rows.size(); r++) {
            for (int s = 0; s < segments.size(); s++) totals[r] += value(values, r, s);
            max = Math.max(max, totals[r]);
        }
        double x0 = BarChart.LABEL_WIDTH + 8;
        LinearScale scale = unit.scale(max, Canvas.WIDTH - x0 - 64, 5);
        double bottom = top + rows.size() * (BAR + GAP);
        c.xAxis(scale, x0, top, bottom, unit.whole() ? unit::apply : scale::label);
        for (int r = 0; r < rows.size(); r++) {
            double y = top + r * (BAR + GAP) + GAP / 2;
            c.text(BarChart.LABEL_WIDTH, y + BAR / 2 + 4, "end", 12, Markup.shorten(rows.get(r), 26));
            double x = x0;
            double sum = 0;
            for (int s = 0; s < segments.size(); s++) {
                double v = value(values, r, s);
                if (v == 0) continue;
                double next = x0 + scale.px(sum + v);
                c.rect(x, y, Math.max(0, next - x), BAR, Palette.colour(s), rows.get(r) + " · " + segments.get(s) + ": " + unit.apply(v));
                sum += v;
                x = next;
            }
            c.text(x + 4, y + BAR / 2 + 4, "start", 11, unit.apply(totals[r]));
        }
        c.line(x0, top, x0, bottom, Palette.MUTED);
        return c.close(bottom + 22);
    }

    private static double value(double[][] values, int r, int s) {
        if (r >= values.length || s >= values[r].length) return 0;
        double v = values[r][s];
        return Double.isFinite(v) && v > 0 ? v : (v == Double.POSITIVE_INFINITY ? Double.MAX_VALUE : 0);
    }
}
