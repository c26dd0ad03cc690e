package dev.jig.report.chart;

import java.util.List;
import java.util.stream.IntStream;

/** A chart's legend: one mark and name per series, laid out in rows that wrap at the given width. */
public final class Legend {

    /** How a legend item marks its series: a filled square (bars) or a line with the series' dash pattern. */
    public enum Mark { SWATCH, LINE }

    /** One legend entry. */
    public record Item(String name, String colour, Mark mark, String dash) {
    }

    static final int ROW = 18;
    private static final int LABEL_MAX = 40;

    private Legend() {
    }

    /** Appends the legend to {@code out} with its first row's top at {@code y}; returns its height (0 when there are no items). */
    static double draw(StringBuilder out, double x0, double y, double width, List<Item> items) {
        if (items.isEmpty()) return 0;
        double x = x0;
        double row = 0;
        for (Item item : items) {
            String name = Markup.shorten(item.name(), LABEL_MAX);
            double w = 22 + name.length() * Canvas.CHAR_WIDTH + 16;
            if (x > x0 && x + w > x0 + width) {
                x = x0;
                row++;
            }
            double top = y + row * ROW;
            out.append("<g class=\"legend-item\">");
            if (item.mark() == Mark.SWATCH) {
                out.append("<rect x=\"").append(Markup.num(x)).append("\" y=\"").append(Markup.num(top + 2)).append("\" width=\"12\" height=\"12\" fill=\"")
                        .append(item.colour()).append("\"/>");
            } else {
                out.append("<line x1=\"").append(Markup.num(x)).append("\" y1=\"").append(Markup.num(top + 8)).append("\" x2=\"").append(Markup.num(x + 16))
                        .append("\" y2=\"").append(Markup.num(top + 8)).append("\" stroke=\"").append(item.colour()).append("\" stroke-width=\"2.5\"")
                        .append(item.dash().isEmpty() ? "" : " stroke-dasharray=\"" + item.dash() + "\"").append("/>");
            }
            out.append("<text x=\"").append(Markup.num(x + 20)).append("\" y=\"").append(Markup.num(top + 12)).append("\" font-size=\"12\" fill=\"")
                    .append(Palette.TEXT).append("\">").append(Markup.escape(name)).append("<title>").append(Markup.escape(item.name()))
                    .append("</title></text></g>");
            x += w;
        }
        return (row + 1) * ROW;
    }

    /** Legend items for bar series, in palette order. */
    public static List<Item> swatches(List<String> names) {
        return IntStream.range(0, names.size())
                .mapToObj(i -> new Item(names.get(i), Palette.colour(i), Mark.SWATCH, "")).toList();
    }
}
