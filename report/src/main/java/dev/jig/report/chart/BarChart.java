package dev.jig.report.chart;

import java.util.List;

/**
 * Grouped horizontal bars: one group per category (a tenant or pool, whose names are long, hence
 * horizontal), one bar per series (base and head) in palette order, each with its value at its end
 * and a tooltip. The value axis starts at zero.
 */
public final class BarChart {

    static final double LABEL_WIDTH = 180;
    private static final double BAR = 14;
    private static final double GAP = 10;
    private static final int LABEL_CHARS = 26;

    private BarChart() {
    }

    /** The chart as an {@code <svg>} element; {@code unit} writes values on bars, tooltips and ticks. */
    public static String grouped(String title, List<String> categories, List<Series> series, Unit unit) {
        Canvas c = new Canvas(title);
        double top = c.legend(Legend.swatches(series.stream().map(Series::name).toList()));
        if (categories.isEmpty() || series.isEmpty()) return c.empty(top);
        double max = 0;
        for (Series s : series) for (int i = 0; i < categories.size(); i++) max = Math.max(max, s.at(i));
        double x0 = LABEL_WIDTH + 8;
        LinearScale scale = unit.scale(max, Canvas.WIDTH - x0 - 64, 5);
        double groupHeight = series.size() * BAR + GAP;
        double bottom = top + categories.size() * groupHeight;
        c.xAxis(scale, x0, top, bottom, unit.whole() ? unit::apply : scale::label);
        for (int i = 0; i < categories.size(); i++) {
            String category = categories.get(i);
            double y = top + i * groupHeight + GAP / 2;
            c.text(LABEL_WIDTH, y + series.size() * BAR / 2 + 4, "end", 12, Markup.shorten(category, LABEL_CHARS));
            for (int k = 0; k < series.size(); k++) {
                double v = series.get(k).at(i);
                double w = scale.px(v);
                c.rect(x0, y + k * BAR, w, BAR - 2, Palette.colour(k), category + " · " + series.get(k).name() + ": " + unit.apply(v));
                c.text(x0 + w + 4, y + k * BAR + BAR - 4, "start", 10, unit.apply(v));
            }
        }
        c.line(x0, top, x0, bottom, Palette.MUTED);
        return c.close(bottom + 22);
    }
}
