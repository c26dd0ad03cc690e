package dev.jig.report.chart;

import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The parts every chart shares: the {@code <svg>} element with its accessible name ({@code role="img"}
 * and a {@code <title>}), the heading line, the legend, and the note drawn when there is no data. A
 * chart appends its marks to {@link #body()} and closes the canvas with its height.
 */
final class Canvas {

    static final int WIDTH = 720;
    static final double CHAR_WIDTH = 6.8;
    private static final int TITLE_Y = 18;

    private final String title;
    private final StringBuilder body = new StringBuilder();

    Canvas(String title) {
        this.title = title;
        body.append("<text x=\"0\" y=\"").append(TITLE_Y).append("\" font-size=\"14\" font-weight=\"600\" fill=\"").append(Palette.TEXT)
                .append("\">").append(Markup.escape(title)).append("</text>");
    }

    StringBuilder body() {
        return body;
    }

    /** Draws the legend below the title, wrapping at the canvas width; returns the y where the plot may start. */
    double legend(List<Legend.Item> items) {
        double y = TITLE_Y + 10;
        return y + Legend.draw(body, 0, y, WIDTH, items) + 8;
    }

    /** Draws "no data" at {@code y} and closes the canvas. */
    String empty(double y) {
        body.append("<text x=\"0\" y=\"").append(Markup.num(y + 16)).append("\" font-size=\"12\" fill=\"").append(Palette.MUTED)
                .append("\">No data.</text>");
        return close(y + 28);
    }

    String close(double height) {
        String h = Markup.num(Math.ceil(height));
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" width=\"" + WIDTH + "\" height=\"" + h
                + "\" viewBox=\"0 0 " + WIDTH + " " + h + "\" font-family=\"system-ui, sans-serif\"><title>" + Markup.escape(title) + "</title>"
                + body + "</svg>";
    }

    /** A text label of {@code s} at (x, y), anchored at {@code anchor} (start, middle, end). */
    void text(double x, double y, String anchor, int size, String s) {
        body.append("<text x=\"").append(Markup.num(x)).append("\" y=\"").append(Markup.num(y)).append("\" font-size=\"").append(size)
                .append("\" text-anchor=\"").append(anchor).append("\" fill=\"").append(Palette.MUTED).append("\">")
                .append(Markup.escape(s)).append("</text>");
    }

    /** A line from (x1, y1) to (x2, y2) in {@code colour}. */
    void line(double x1, double y1, double x2, double y2, String colour) {
        body.append("<line x1=\"").append(Markup.num(x1)).append("\" y1=\"").append(Markup.num(y1)).append("\" x2=\"").append(Markup.num(x2))
                .append("\" y2=\"").append(Markup.num(y2)).append("\" stroke=\"").append(colour).append("\"/>");
    }

    /** A filled rectangle with a tooltip. */
    void rect(double x, double y, double w, double h, String colour, String tooltip) {
        body.append("<rect x=\"").append(Markup.num(x)).append("\" y=\"").append(Markup.num(y)).append("\" width=\"").append(Markup.num(w))
                .append("\" height=\"").append(Markup.num(h)).append("\" fill=\"").append(colour).append("\"><title>")
                .append(Markup.escape(tooltip)).append("</title></rect>");
    }

    /**
     * A value axis along x, from {@code x0} over the scale's length: a vertical grid line and a label
     * below {@code bottom} at each tick.
     */
    void xAxis(LinearScale scale, double x0, double top, double bottom, DoubleFunction<String> label) {
        for (double t : scale.ticks()) {
            double x = x0 + scale.px(t);
            line(x, top, x, bottom, Palette.GRID);
            text(x, bottom + 14, "middle", 11, label.apply(t));
        }
    }
}
