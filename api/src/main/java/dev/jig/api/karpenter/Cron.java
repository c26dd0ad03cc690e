package dev.jig.api.karpenter;

import java.time.LocalDateTime;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;

/**
 * A standard five-field cron expression (minute hour day-of-month month day-of-week), with the
 * {@code @daily}-style descriptors Karpenter accepts. Parsing rejects what Karpenter's cron parser
 * rejects; evaluation follows the usual rule that when both day fields are restricted a day matches
 * either of them.
 */
public final class Cron {

    private static final Map<String, String> DESCRIPTORS = Map.of(
            "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *", "@monthly", "0 0 1 * *",
            "@weekly", "0 0 * * 0", "@daily", "0 0 * * *", "@midnight", "0 0 * * *", "@hourly", "0 * * * *");
    private static final String[] MONTHS = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
    private static final String[] DAYS = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};

    /** The field texts after descriptor expansion: minute, hour, day-of-month, month, day-of-week. */
    private final String[] fields;
    private final BitSet minutes;
    private final BitSet hours;
    private final BitSet daysOfMonth;
    private final BitSet months;
    private final BitSet daysOfWeek;
    private final boolean domRestricted;
    private final boolean dowRestricted;

    private Cron(String[] fields) {
        this.fields = fields;
        this.minutes = field(fields[0], 0, 59, null, "minute");
        this.hours = field(fields[1], 0, 23, null, "hour");
        this.daysOfMonth = field(fields[2], 1, 31, null, "day-of-month");
        this.months = field(fields[3], 1, 12, MONTHS, "month");
        // 0-6 only: Karpenter's parser (robfig/cron) rejects 7, and a budget it cannot parse blocks
        // disruption altogether.
        this.daysOfWeek = field(fields[4], 0, 6, DAYS, "day-of-week");
        this.domRestricted = !isStar(fields[2]);
        this.dowRestricted = !isStar(fields[4]);
    }

    /** Parses an expression; throws {@link IllegalArgumentException} with a user-facing reason. */
    public static Cron parse(String expression) {
        if (expression == null || expression.isBlank()) throw new IllegalArgumentException("empty cron expression");
        String e = expression.trim();
        if (e.startsWith("@")) {
            String expanded = DESCRIPTORS.get(e.toLowerCase(Locale.ROOT));
            if (expanded == null) throw new IllegalArgumentException("unknown descriptor '" + e + "'");
            e = expanded;
        }
        String[] f = e.split("\\s+");
        if (f.length != 5) {
            throw new IllegalArgumentException("expected 5 fields (minute hour day-of-month month day-of-week), got " + f.length);
        }
        return new Cron(f);
    }

    public String minuteField() {
        return fields[0];
    }

    public String hourField() {
        return fields[1];
    }

    public String dayOfMonthField() {
        return fields[2];
    }

    public String monthField() {
        return fields[3];
    }

    public String dayOfWeekField() {
        return fields[4];
    }

    public boolean dayOfMonthRestricted() {
        return domRestricted;
    }

    public boolean monthRestricted() {
        return !isStar(fields[3]);
    }

    public boolean everyHour() {
        return hours.cardinality() == 24;
    }

    /** True when this fires at every minute of every day. */
    public boolean firesEveryMinute() {
        return minutes.cardinality() == 60 && everyHour() && months.cardinality() == 12
                && (!domRestricted && !dowRestricted || daysOfMonth.cardinality() == 31 || daysOfWeek.cardinality() == 7 && !domRestricted);
    }

    /** The single minute this fires at, or -1 when it fires at several. */
    public int singleMinute() {
        return minutes.cardinality() == 1 ? minutes.nextSetBit(0) : -1;
    }

    /** The single hour this fires at, or -1 when it fires at several. */
    public int singleHour() {
        return hours.cardinality() == 1 ? hours.nextSetBit(0) : -1;
    }

    public boolean firesInMonth(int month) {
        return months.get(month);
    }

    /** Days of week (0 = Sunday) this may fire on. */
    public BitSet daysOfWeek() {
        return (BitSet) daysOfWeek.clone();
    }

    /**
     * True when no date ever matches: the day-of-month and month fields never meet ({@code 0 0 31 11 *},
     * {@code 0 0 30 2 *}) and the day of week does not rescue it (it would when both day fields are
     * restricted, since a day then matches either). February counts 29 days: it fires in leap years.
     */
    public boolean neverFires() {
        if (domRestricted && dowRestricted) return false;
        for (int m = months.nextSetBit(1); m >= 0; m = months.nextSetBit(m + 1)) {
            int first = daysOfMonth.nextSetBit(1);
            if (first >= 0 && first <= java.time.Month.of(m).maxLength()) return false;
        }
        return true;
    }

    public boolean matches(LocalDateTime t) {
        return minutes.get(t.getMinute()) && hours.get(t.getHour()) && months.get(t.getMonthValue()) && dayMatches(t);
    }

    private boolean dayMatches(LocalDateTime t) {
        boolean dom = daysOfMonth.get(t.getDayOfMonth());
        boolean dow = daysOfWeek.get(t.getDayOfWeek().getValue() % 7);
        if (domRestricted && dowRestricted) return dom || dow;
        return dom && dow;
    }

    /** The first firing strictly after {@code t}, searching at most {@code limitDays} ahead; null if none. */
    public LocalDateTime next(LocalDateTime t, int limitDays) {
        LocalDateTime c = t.withSecond(0).withNano(0).plusMinutes(1);
        LocalDateTime end = t.plusDays(limitDays);
        while (c.isBefore(end)) {
            if (!months.get(c.getMonthValue()) || !dayMatches(c)) {
                c = c.toLocalDate().plusDays(1).atStartOfDay();
                continue;
            }
            if (!hours.get(c.getHour())) {
                c = c.withMinute(0).plusHours(1);
                continue;
            }
            int m = minutes.nextSetBit(c.getMinute());
            if (m < 0) {
                c = c.withMinute(0).plusHours(1);
                continue;
            }
            return c.withMinute(m);
        }
        return null;
    }

    private static boolean isStar(String f) {
        return f.equals("*") || f.equals("?");
    }

    private static BitSet field(String text, int min, int max, String[] names, String what) {
        BitSet bits = new BitSet(max + 1);
        for (String part : text.split(",", -1)) {
            if (part.isEmpty()) throw new IllegalArgumentException("empty list item in " + what + " field '" + text + "'");
            int step = 1;
            String range = part;
            int slash = part.indexOf('/');
            if (slash >= 0) {
                step = number(part.substring(slash + 1), 1, max, null, what);
                range = part.substring(0, slash);
            }
            int lo;
            int hi;
            if (range.equals("*") || range.equals("?")) {
                lo = min;
                hi = max;
            } else {
                int dash = range.indexOf('-');
                if (dash >= 0) {
                    lo = number(range.substring(0, dash), min, max, names, what);
                    hi = number(range.substring(dash + 1), min, max, names, what);
                    if (lo > hi) throw new IllegalArgumentException(what + " range '" + range + "' runs backwards");
                } else {
                    lo = number(range, min, max, names, what);
                    hi = slash >= 0 ? max : lo;
                }
            }
            for (int v = lo; v <= hi; v += step) bits.set(v);
        }
        return bits;
    }

    private static int number(String s, int min, int max, String[] names, String what) {
        if (names != null) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equalsIgnoreCase(s)) return names == MONTHS ? i + 1 : i;
            }
        }
        if (s.isEmpty() || s.length() > 4 || !s.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("'" + s + "' is not a valid " + what);
        }
        int v = Integer.parseInt(s);
        if (v < min || v > max) {
            throw new IllegalArgumentException(what + " " + v + " is out of range " + min + "-" + max);
        }
        return v;
    }

    @Override
    public String toString() {
        return String.join(" ", fields);
    }
}
