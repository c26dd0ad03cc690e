package dev.jig.api.karpenter;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Time zone names as tzdata has them: every region id the JDK knows, plus the three legacy fixed-offset
 * zones tzdata still ships ({@code EST}, {@code MST}, {@code HST}) that {@link ZoneId#of(String)} only
 * accepts through its short-id map. The JDK's other short ids ({@code PST}, {@code IST}, ...) are not
 * tzdata names and stay unknown: {@code IST} means three different offsets.
 */
public final class TimeZones {

    /** tzdata's fixed zones without daylight saving that the JDK lists only as short ids. */
    private static final Map<String, ZoneId> TZDATA_FIXED = Map.of(
            "EST", ZoneOffset.ofHours(-5), "MST", ZoneOffset.ofHours(-7), "HST", ZoneOffset.ofHours(-10));

    private TimeZones() {
    }

    public static Optional<ZoneId> of(String name) {
        if (name == null) return Optional.empty();
        if (TZDATA_FIXED.containsKey(name)) return Optional.of(TZDATA_FIXED.get(name));
        return ZoneId.getAvailableZoneIds().contains(name) ? Optional.of(ZoneId.of(name)) : Optional.empty();
    }

    /** Every name {@link #of} accepts, for "did you mean". */
    public static Set<String> names() {
        Set<String> out = new TreeSet<>(ZoneId.getAvailableZoneIds());
        out.addAll(TZDATA_FIXED.keySet());
        return out;
    }
}
