package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.YearMonth;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code taints} and {@code startupTaints} of a NodePool template. Note that the CRD gives the taint
 * value the same pattern as the key, so an empty value is rejected: leave it out instead.
 */
final class TaintRules {

    static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");
    private static final Set<String> TAINT = Set.of("effect", "key", "timeAdded", "value");
    /** The shape of the API server's {@code date-time} format check; field ranges are checked apart. */
    private static final Pattern DATE_TIME = Pattern.compile(
            "([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})");

    private TaintRules() {
    }

    static void check(ArrayNode taints, Pointer at, Checks checks) {
        if (taints == null) {
            return;
        }
        for (int i = 0; i < taints.size(); i++) {
            ObjectNode taint = checks.objectItem(taints.get(i), at.index(i));
            if (taint != null) {
                taint(taint, at.index(i), checks);
            }
        }
    }

    private static void taint(ObjectNode taint, Pointer at, Checks checks) {
        checks.closed(taint, at, TAINT);
        checks.required(taint, at, "key");
        checks.required(taint, at, "effect");
        String key = checks.string(taint, at, "key");
        if (key != null) {
            if (key.isEmpty()) {
                checks.minLength(key, at.child("key"), 1);
            }
            if (!CrdPattern.QUALIFIED_KEY.matches(key)) {
                checks.pattern(at.child("key"), CrdPattern.QUALIFIED_KEY);
            }
        }
        checks.string(taint, at, "value", CrdPattern.QUALIFIED_KEY);
        checks.oneOf(taint, at, "effect", EFFECTS);
        String added = checks.string(taint, at, "timeAdded");
        if (added != null && !isDateTime(added)) {
            checks.schema(at.child("timeAdded"), "must be an RFC 3339 date-time");
        }
    }

    /** An RFC 3339 date-time with a real calendar date and a time of day up to 23:59:59. */
    static boolean isDateTime(String s) {
        Matcher m = DATE_TIME.matcher(s);
        if (!m.matches()) {
            return false;
        }
        int month = Integer.parseInt(m.group(2));
        int day = Integer.parseInt(m.group(3));
        return month >= 1 && month <= 12
                && day >= 1 && day <= YearMonth.of(Integer.parseInt(m.group(1)), month).lengthOfMonth()
                && Integer.parseInt(m.group(4)) <= 23
                && Integer.parseInt(m.group(5)) <= 59
                && Integer.parseInt(m.group(6)) <= 59;
    }
}
