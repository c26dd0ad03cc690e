package dev.jig.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A linear scale from data values in {@code [0, max]} to pixels in {@code [0, length]}, with ticks
 * every {@code step}. The charts draw quantities that are never negative (nodes, $/h, pods, seconds),
 * so the domain starts at zero: bars and areas then compare honestly. {@code max} is a "nice" round
 * value at or above the data's largest (a multiple of 1, 2, 2.5 or 5 × 10ⁿ, or of a clock step for
 * time), so that tick labels are short. Values outside the domain, NaN and infinities are clamped.
 */
public record LinearScale(double max, double step, double length) {

    private static final double[] NICE = {1, 2, 2.5, 5, 10};
    private static final double[] CLOCK = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400};

    public LinearScale {
        if (!(max > 0) || !(step > 0) || !Double.isFinite(max) || !(length >= 0)) {
            throw new IllegalArgumentException("a scale needs max > 0, step > 0 and length >= 0: " + max + ", " + step + ", " + length);
        }
    }

    /** A scale with about {@code ticks} intervals covering {@code [0, dataMax]}; an empty or zero domain becomes {@code [0, 1]}. */
    public static LinearScale of(double dataMax, double length, int ticks) {
        double top = clean(dataMax);
        if (top == 0) top = 1;
        double rough = top / Math.max(1, ticks);
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double step = magnitude;
        for (double n : NICE) {
            if (n * magnitude >= rough) {
                step = n * magnitude;
                break;
            }
        }
        return fit(top, step, length);
    }

    /** Like {@link #of}, for whole counts: the step is at least 1, so every tick is a whole number. */
    public static LinearScale whole(double dataMax, double length, int ticks) {
        LinearScale s = of(dataMax, length, ticks);
        return s.step() >= 1 ? s : fit(Math.max(1, clean(dataMax)), 1, length);
    }

    /** Like {@link #of}, for seconds: ticks fall on clock steps (15 s, 1 min, 5 min, 1 h, …), then on whole days. */
    public static LinearScale seconds(double dataMax, double length, int ticks) {
        double top = clean(dataMax);
        if (top == 0) top = 60;
        double rough = top / Math.max(1, ticks);
        double step = Math.ceil(rough / 86400) * 86400;
        for (double c : CLOCK) {
            if (c >= rough) {
                step = c;
                break;
            }
        }
        return fit(top, step, length);
    }

    /** The first multiple of {@code step} at or above {@code top}; when that overflows, {@code top} itself with five ticks. */
    private static LinearScale fit(double top, double step, double length) {
        double max = Math.ceil(top / step - 1e-9) * step;
        if (!Double.isFinite(max) || !Double.isFinite(step) || step <= 0) return new LinearScale(top, top / 5, length);
        return new LinearScale(max, step, length);
    }

    private static double clean(double v) {
        if (Double.isNaN(v) || v <= 0) return 0;
        return Math.min(v, Double.MAX_VALUE);
    }

    /** Pixels from the origin for {@code value}, clamped to {@code [0, length]}. */
    public double px(double value) {
        double v = clean(value);
        return Math.min(length, v / max * length);
    }

    /** The tick values from 0 to {@code max}, both included. */
    public List<Double> ticks() {
        List<Double> out = new ArrayList<>();
        long n = Math.round(max / step);
        if (n > 1000) n = 1000;
        for (long i = 0; i <= n; i++) out.add(Math.min(max, i * step));
        return out;
    }

    /** A tick label: as many decimals as the step needs (up to 4), and k/M/G/T suffixes from ten thousand up. */
    public String label(double v) {
        if (v >= 1e4) return si(v);
        int decimals = Math.max(0, Math.min(4, (int) Math.ceil(-Math.log10(step) - 1e-9)));
        if (step % 1 != 0 && decimals == 0) decimals = 1;
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code v} with an SI suffix and three significant digits at most (12.5k, 3M, 1.2e+21 beyond T). */
    static String si(double v) {
        String[] units = {"", "k", "M", "G", "T"};
        int u = 0;
        double x = v;
        while (x >= 1000 && u < units.length - 1) {
            x /= 1000;
            u++;
        }
        if (x >= 1000) return String.format(Locale.ROOT, "%.2g", v).replace("e+", "e");
        String s = String.format(Locale.ROOT, x >= 100 ? "%.0f" : x >= 10 ? "%.1f" : "%.2f", x);
        if (s.contains(".")) s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        return s + units[u];
    }

    /** A duration in seconds as {@code m:ss} below an hour, {@code h:mm} from an hour up. */
    public static String clock(double seconds) {
        long s = Math.round(clean(seconds));
        if (s >= 3600) return String.format(Locale.ROOT, "%dh%02d", s / 3600, s % 3600 / 60);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
