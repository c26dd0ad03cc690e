package dev.jig.compiler.schedule;

import dev.jig.api.karpenter.Cron;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Turns a freeze written in local time into the UTC cron windows Karpenter evaluates (budget
 * schedules have no time zone). Zones with daylight saving time get one window per group of
 * months that share a UTC offset; the months in which the clocks change get one window that starts
 * at the earlier UTC time and lasts longer by the shift, so the frozen local hours are always
 * covered. When the groups would fall on different UTC days (a local time near midnight), splitting
 * by month would lose the firings at month boundaries, so the freeze becomes a single all-year
 * window at the earliest UTC start, widened by the largest shift. The result depends only on the
 * input (offsets are sampled over the fixed years 2026–2028), so compiles stay byte-identical
 * whenever they run.
 */
public final class FreezeTranslator {

    private static final int[] SAMPLE_YEARS = {2026, 2027, 2028};

    /** Thrown when a freeze has no faithful UTC form; the message says why, for the user. */
    public static final class NotTranslatable extends Exception {
        NotTranslatable(String message) {
            super(message);
        }
    }

    private FreezeTranslator() {
    }

    public static List<UtcWindow> toUtc(Cron local, ZoneId zone, long durationMinutes) throws NotTranslatable {
        if (zone.getRules().isFixedOffset() && zone.getRules().getOffset(LocalDateTime.of(2026, 1, 1, 0, 0)).equals(ZoneOffset.UTC)) {
            return List.of(new UtcWindow(local.toString(), durationMinutes));
        }
        int minute = local.singleMinute();
        int hour = local.singleHour();
        if (minute < 0 || hour < 0) {
            throw new NotTranslatable("schedule '" + local + "' fires at several times of day; freezes outside UTC need a single minute and hour");
        }
        // month -> {earliest UTC minute-of-day start (may be <0 or >=1440), widening in minutes}
        Map<Shift, BitSet> groups = new LinkedHashMap<>();
        for (int month = 1; month <= 12; month++) {
            if (!local.firesInMonth(month)) continue;
            TreeSet<Integer> offsets = new TreeSet<>();
            for (int year : SAMPLE_YEARS) {
                LocalDate first = LocalDate.of(year, month, 1);
                for (LocalDate d = first; d.getMonthValue() == month; d = d.plusDays(1)) {
                    LocalDateTime t = LocalDateTime.of(d, LocalTime.of(hour, minute));
                    offsets.add(zone.getRules().getOffset(t).getTotalSeconds() / 60);
                }
            }
            int start = hour * 60 + minute - offsets.last();
            Shift shift = new Shift(start, offsets.last() - offsets.first());
            groups.computeIfAbsent(shift, s -> new BitSet()).set(month);
        }
        if (groups.keySet().stream().map(Shift::dayShift).distinct().count() > 1) {
            int earliest = groups.keySet().stream().mapToInt(Shift::startMinuteOfDay).min().orElseThrow();
            int latest = groups.keySet().stream().mapToInt(g -> g.startMinuteOfDay() + g.widenMinutes()).max().orElseThrow();
            BitSet months = new BitSet();
            groups.values().forEach(months::or);
            return List.of(window(local, new Shift(earliest, latest - earliest), months, durationMinutes));
        }
        List<UtcWindow> windows = new ArrayList<>();
        for (Map.Entry<Shift, BitSet> g : groups.entrySet()) {
            windows.add(window(local, g.getKey(), g.getValue(), durationMinutes));
        }
        return List.copyOf(windows);
    }

    private record Shift(int startMinuteOfDay, int widenMinutes) {
        int dayShift() {
            return Math.floorDiv(startMinuteOfDay, 1440);
        }
    }

    private static UtcWindow window(Cron local, Shift shift, BitSet months, long duration) throws NotTranslatable {
        int dayShift = Math.floorDiv(shift.startMinuteOfDay(), 1440);
        int minuteOfDay = Math.floorMod(shift.startMinuteOfDay(), 1440);
        String dom = local.dayOfMonthField();
        String dow = local.dayOfWeekField();
        if (dayShift != 0) {
            if (local.dayOfMonthRestricted()) {
                throw new NotTranslatable("schedule '" + local + "' restricts the day of month and its UTC time falls on another day; give the freeze in UTC");
            }
            if (local.monthRestricted()) {
                throw new NotTranslatable("schedule '" + local + "' restricts the month and its UTC time falls on another day; give the freeze in UTC");
            }
            BitSet days = local.daysOfWeek();
            if (days.cardinality() < 7) {
                BitSet shifted = new BitSet(7);
                for (int d = days.nextSetBit(0); d >= 0; d = days.nextSetBit(d + 1)) shifted.set(Math.floorMod(d + dayShift, 7));
                dow = list(shifted, 0, 6);
            }
        }
        String month = months.cardinality() == 12 ? "*" : list(months, 1, 12);
        String cron = (minuteOfDay % 60) + " " + (minuteOfDay / 60) + " " + dom + " " + month + " " + dow;
        return new UtcWindow(cron, duration + shift.widenMinutes());
    }

    /** {@code 1,3,4,5,9} → {@code 1,3-5,9}: short, readable cron lists. */
    static String list(BitSet values, int min, int max) {
        StringBuilder out = new StringBuilder();
        int v = values.nextSetBit(min);
        while (v >= 0 && v <= max) {
            int end = v;
            while (end + 1 <= max && values.get(end + 1)) end++;
            if (out.length() > 0) out.append(',');
            if (end - v >= 2) out.append(v).append('-').append(end);
            else if (end > v) out.append(v).append(',').append(end);
            else out.append(v);
            v = values.nextSetBit(end + 1);
        }
        return out.toString();
    }
}
