package dev.jig.report.chart;

import java.util.List;
import java.util.stream.IntStream;

/**
 * Step lines over time: each series holds the value it changed to at each point and keeps it until
 * the next (what a node count or a $/h does), drawn to the end of the run. Series differ by colour
 * and dash pattern; the x axis is in seconds with clock labels, the y axis starts at zero.
 */
public final class StepChart {

    /** A value that holds from second {@code at} on. */
    public record Point(double at, double value) {
    }

    /** A named step line; its points in time order. */
    public record Line(String name, List<Point> points) {
        public Line {
            points = List.copyOf(points);
        }
    }

    private static final double LEFT = 64;
    private static final double HEIGHT = 180;
    /** Change points get a dot up to this many per line (a single point would otherwise be invisible). */
    private static final int MARKERS = 200;

    private StepChart() {
    }

    /** The chart as an {@code <svg>} element, from second 0 to {@code end} (or the last point, if later). */
    public static String render(String title, List<Line> lines, double end, Unit unit) {
        Canvas c = new Canvas(title);
        List<Legend.Item> items = IntStream.range(0, lines.size())
                .mapToObj(i -> new Legend.Item(lines.get(i).name(), Palette.colour(i), Legend.Mark.LINE, Palette.dash(i))).toList();
        double top = c.legend(items);
        if (lines.stream().allMatch(l -> l.points().isEmpty())) return c.empty(top);
        double maxX = end;
        double maxY = 0;
        for (Line l : lines) {
            for (Point p : l.points()) {
                maxX = Math.max(maxX, p.at());
                maxY = Math.max(maxY, p.value());
            }
        }
        LinearScale x = LinearScale.seconds(maxX, Canvas.WIDTH - LEFT - 16, 8);
        LinearScale y = unit.scale(maxY, HEIGHT, 4);
        double bottom = top + 8 + HEIGHT;
        for (double t : y.ticks()) {
            double py = bottom - y.px(t);
            c.line(LEFT, py, LEFT + x.length(), py, Palette.GRID);
            c.text(LEFT - 6, py + 4, "end", 11, unit.apply(t));
        }
        for (double t : x.ticks()) c.text(LEFT + x.px(t), bottom + 16, "middle", 11, LinearScale.clock(t));
        c.line(LEFT, bottom, LEFT + x.length(), bottom, Palette.MUTED);
        c.line(LEFT, top + 8, LEFT, bottom, Palette.MUTED);
        for (int i = 0; i < lines.size(); i++) path(c.body(), lines.get(i), i, x, y, bottom, Math.max(maxX, 0));
        return c.close(bottom + 26);
    }

    /** {@code M x,y H x V y …}: horizontal to each change, then vertical to its value, then on to the end. */
    private static void path(StringBuilder out, Line line, int i, LinearScale x, LinearScale y, double bottom, double end) {
        if (line.points().isEmpty()) return;
        StringBuilder d = new StringBuilder();
        Point first = line.points().get(0);
        d.append('M').append(Markup.num(LEFT + x.px(first.at()))).append(',').append(Markup.num(bottom - y.px(first.value())));
        for (Point p : line.points().subList(1, line.points().size())) {
            d.append(" H").append(Markup.num(LEFT + x.px(p.at()))).append(" V").append(Markup.num(bottom - y.px(p.value())));
        }
        d.append(" H").append(Markup.num(LEFT + x.px(end)));
        String dash = Palette.dash(i);
        out.append("<path class=\"series\" d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(Palette.colour(i))
                .append("\" stroke-width=\"2.5\"").append(dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"")
                .append("><title>").append(Markup.escape(line.name())).append("</title></path>");
        if (line.points().size() > MARKERS) return;
        for (Point p : line.points()) {
            out.append("<circle cx=\"").append(Markup.num(LEFT + x.px(p.at()))).append("\" cy=\"").append(Markup.num(bottom - y.px(p.value())))
                    .append("\" r=\"2.5\" fill=\"").append(Palette.colour(i)).append("\"/>");
        }
    }
}
