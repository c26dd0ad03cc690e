package dev.jig.compiler.schedule;

import dev.jig.api.karpenter.Cron;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a set of recurring windows (cron + duration) together cover all time, so that a
 * zero-node budget made of them would stop disruption for good. It walks the merged firings over
 * two years and looks for any moment that no window covers.
 */
public final class BlockingWindows {

    private static final LocalDateTime START = LocalDateTime.of(2026, 1, 1, 0, 0);
    private static final int HORIZON_DAYS = 2 * 366;
    private static final int MAX_STEPS = 2_000_000;

    private BlockingWindows() {
    }

    public record Window(Cron cron, long durationMinutes) {
    }

    /** How often a schedule fires: starts in one year, and the longest time between two of them. */
    public record Cadence(int perYear, Duration longestGap) {

        public String describe() {
            String gap = longestGap.toDays() >= 2 ? longestGap.toDays() + " days" : longestGap.toHours() + "h";
            return (perYear == 1 ? "once a year" : perYear + " times a year") + ", at most " + gap + " apart";
        }
    }

    /** The cadence of {@code cron} over one year from the horizon's start; null when it does not fire within a year. */
    public static Cadence cadence(Cron cron) {
        LocalDateTime end = START.plusYears(1);
        LocalDateTime first = cron.next(START.minusMinutes(1), 400);
        if (first == null || first.isAfter(end)) return null;
        int count = 0;
        Duration longest = Duration.ZERO;
        LocalDateTime at = first;
        while (at != null && !at.isAfter(end) && count < 600_000) {
            count++;
            LocalDateTime next = cron.next(at, 4 * 366);
            if (next == null) break;
            Duration gap = Duration.between(at, next);
            if (gap.compareTo(longest) > 0) longest = gap;
            at = next;
        }
        return new Cadence(count, longest);
    }

    /** True when every moment of the horizon lies inside at least one window. */
    public static boolean coverAllTime(List<Window> windows) {
        if (windows.isEmpty()) return false;
        for (Window w : windows) {
            if (w.durationMinutes() >= HORIZON_DAYS * 1440L || w.cron().firesEveryMinute() && w.durationMinutes() >= 1) return true;
        }
        int steps = 0;
        int n = windows.size();
        List<LocalDateTime> next = new ArrayList<>(n);
        LocalDateTime end = START.plusDays(HORIZON_DAYS);
        // Coverage is judged from the first firing on: the time before it is an artefact of START.
        LocalDateTime from = START.minusMinutes(1);
        for (Window w : windows) next.add(w.cron().next(from, HORIZON_DAYS + 400));
        LocalDateTime covered = null;
        while (true) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (next.get(i) != null && (best < 0 || next.get(i).isBefore(next.get(best)))) best = i;
            }
            if (best < 0 || ++steps > MAX_STEPS) return false; // out of firings, or too many to judge: no finding
            LocalDateTime fire = next.get(best);
            if (covered != null && fire.isAfter(covered)) return false;
            if (fire.isAfter(end)) return covered != null; // covered without a gap from the first firing on, or never fired
            LocalDateTime until = fire.plusMinutes(windows.get(best).durationMinutes());
            if (covered == null || until.isAfter(covered)) covered = until;
            if (Duration.between(fire, covered).toDays() > HORIZON_DAYS) return true;
            next.set(best, windows.get(best).cron().next(fire, HORIZON_DAYS + 400));
        }
    }
}
