package dev.jig.report;

import dev.jig.report.chart.Markup;

import java.util.ArrayList;
import java.util.List;

/**
 * An HTML table whose every cell is escaped text. Long tables stop at a row cap with a line that says
 * how many rows were left out, so a report of 50,000 pods stays a file a browser opens; the JSON
 * report has them all.
 */
final class HtmlTable {

    /** A cell: text, and whether it is a number (right-aligned) or carries a CSS class. */
    record Cell(String text, String cssClass) {
        static Cell of(String text) {
            return new Cell(text, "");
        }

        static Cell num(String text) {
            return new Cell(text, "num");
        }
    }

    private final String caption;
    private final List<Cell> header;
    private final List<List<Cell>> rows = new ArrayList<>();
    private final int cap;
    private int total;

    HtmlTable(String caption, List<Cell> header, int cap) {
        this.caption = caption;
        this.header = List.copyOf(header);
        this.cap = cap;
    }

    /** A table whose header cells are all left-aligned text. */
    static HtmlTable of(String caption, int cap, String... header) {
        return new HtmlTable(caption, java.util.Arrays.stream(header).map(Cell::of).toList(), cap);
    }

    HtmlTable row(List<Cell> cells) {
        total++;
        if (rows.size() < cap) rows.add(List.copyOf(cells));
        return this;
    }

    HtmlTable row(Cell... cells) {
        return row(List.of(cells));
    }

    int size() {
        return total;
    }

    String render() {
        StringBuilder b = new StringBuilder("<table>");
        if (!caption.isEmpty()) b.append("<caption>").append(Markup.escape(caption)).append("</caption>");
        b.append("<thead><tr>");
        for (Cell h : header) b.append("<th scope=\"col\"").append(css(h)).append('>').append(Markup.escape(h.text())).append("</th>");
        b.append("</tr></thead><tbody>");
        for (List<Cell> row : rows) {
            b.append("<tr>");
            for (Cell c : row) b.append("<td").append(css(c)).append('>').append(Markup.escape(c.text())).append("</td>");
            b.append("</tr>");
        }
        if (total > rows.size()) {
            b.append("<tr><td class=\"more\" colspan=\"").append(header.size()).append("\">… and ").append(total - rows.size())
                    .append(" more (the JSON report lists them all)</td></tr>");
        }
        if (total == 0) b.append("<tr><td class=\"more\" colspan=\"").append(header.size()).append("\">None.</td></tr>");
        return b.append("</tbody></table>").toString();
    }

    private static String css(Cell c) {
        return c.cssClass().isEmpty() ? "" : " class=\"" + c.cssClass() + "\"";
    }
}
