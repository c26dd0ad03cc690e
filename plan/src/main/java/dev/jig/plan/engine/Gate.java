package dev.jig.plan.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code --fail-on} conditions of a CI gate. {@code unschedulable} trips when a pod placed on
 * base fits nowhere on head (pods unschedulable on both sides are the cluster's state, not the
 * change's doing); {@code cost-increase:PCT} trips when head's $/h exceeds base's by more than PCT
 * percent (any cost over a base of zero counts as more).
 */
public record Gate(List<String> conditions) {

    public Gate {
        conditions = List.copyOf(conditions);
    }

    /** Reads the conditions as given on the command line. */
    public static Gate parse(List<String> given) {
        for (String c : given) {
            if (c.equals("unschedulable")) continue;
            if (c.startsWith("cost-increase:")) {
                String pct = c.substring("cost-increase:".length()).replace("%", "");
                try {
                    if (Double.parseDouble(pct) >= 0 && !pct.isBlank() && Double.isFinite(Double.parseDouble(pct))) continue;
                } catch (NumberFormatException e) {
                    // refused below
                }
            }
            throw new IllegalArgumentException("--fail-on '" + c + "': expected unschedulable or cost-increase:PCT (a percentage of at least 0)");
        }
        return new Gate(given);
    }

    /** The messages of the conditions a report's summary trips; empty when it passes. */
    public List<String> evaluate(JsonNode summary, JsonNode changes) {
        List<String> out = new ArrayList<>();
        for (String c : conditions) {
            if (c.equals("unschedulable")) {
                JsonNode newly = changes.path("newlyUnschedulable");
                if (!newly.isEmpty()) {
                    out.add(newly.size() + (newly.size() == 1 ? " pod becomes" : " pods become") + " unschedulable on head ("
                            + newly.get(0).path("pod").asText() + (newly.size() > 1 ? ", ..." : "") + ")");
                }
            } else {
                double limit = Double.parseDouble(c.substring("cost-increase:".length()).replace("%", ""));
                double base = summary.path("base").path("perHour").asDouble();
                double head = summary.path("head").path("perHour").asDouble();
                double pct = base == 0 ? (head > 0 ? Double.POSITIVE_INFINITY : 0) : 100 * (head - base) / base;
                if (pct > limit) {
                    out.add(String.format(Locale.ROOT, "cost rises by %s (from $%.4f/h to $%.4f/h), more than %s%%",
                            Double.isInfinite(pct) ? "from zero" : String.format(Locale.ROOT, "%.2f%%", pct), base, head, trim(limit)));
                }
            }
        }
        return out;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
