package dev.jig.report.chart;

/**
 * The series colours: Okabe and Ito's palette, which people with the common colour-vision
 * deficiencies can tell apart, ordered so that the first colours keep at least 3:1 contrast against
 * the white background (the yellow comes last). Lines also differ by dash pattern, so a chart never
 * depends on colour alone; legends and tables carry the names and values.
 */
public final class Palette {

    private static final String[] COLOURS = {
        "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442",
    };
    private static final String[] DASHES = {"", "6 3", "2 3", "8 3 2 3"};

    /** The text, axis and grid colours (grey #595959 has 7:1 contrast on white). */
    public static final String TEXT = "#1a1a1a";
    public static final String MUTED = "#595959";
    public static final String GRID = "#dddddd";

    private Palette() {
    }

    /** The colour of series {@code i}, cycling after eight. */
    public static String colour(int i) {
        return COLOURS[Math.floorMod(i, COLOURS.length)];
    }

    /** The SVG dash array of line {@code i} (empty for solid). */
    public static String dash(int i) {
        return DASHES[Math.floorMod(i, DASHES.length)];
    }

    /** How many colours there are before they repeat. */
    public static int size() {
        return COLOURS.length;
    }
}
