package dev.jig.api.karpenter;

import java.util.Optional;

/**
 * Go-style durations as Karpenter accepts them ({@code 30s}, {@code 15m}, {@code 1h30m}), and the
 * canonical form Jig writes back, which is the shape Karpenter's budget duration pattern allows.
 */
public final class GoDuration {

    private GoDuration() {
    }

    /** Seconds in a duration of whole s/m/h units; empty when the text is not one. */
    public static Optional<Long> parseSeconds(String text) {
        if (text == null || text.isEmpty() || text.length() > 40) return Optional.empty();
        long total = 0;
        long current = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                current = (current < 0 ? 0 : current) * 10 + (c - '0');
                if (current > 1_000_000_000L) return Optional.empty();
            } else {
                if (current < 0) return Optional.empty();
                long unit = switch (c) {
                    case 's' -> 1;
                    case 'm' -> 60;
                    case 'h' -> 3600;
                    default -> -1;
                };
                if (unit < 0) return Optional.empty();
                total += current * unit;
                current = -1;
            }
        }
        return current >= 0 ? Optional.empty() : Optional.of(total);
    }

    /** {@code 8h}, {@code 30m}, {@code 1h30m}: whole minutes, as budget durations must be. */
    public static String formatMinutes(long minutes) {
        long h = minutes / 60;
        long m = minutes % 60;
        if (h == 0) return m + "m";
        return m == 0 ? h + "h" : h + "h" + m + "m";
    }

    /** {@code 20m}, {@code 1h30m}, {@code 90s}: the shortest Go form of {@code d}, whole seconds. */
    public static String format(java.time.Duration d) {
        long seconds = d.getSeconds();
        if (seconds % 60 != 0) return seconds + "s";
        return formatMinutes(seconds / 60);
    }
}
