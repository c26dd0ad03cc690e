package dev.jig.plan.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How the text and markdown reports write figures, so both read the same: money, signed changes, headroom. */
final class Figures {

    private Figures() {
    }

    /** {@code $1.2345}, with {@code ~} in front when part of it is a spot estimate. */
    static String money(JsonNode totals) {
        return (totals.path("estimated").asBoolean() ? "~" : "") + String.format(Locale.ROOT, "$%.4f", totals.path("perHour").asDouble());
    }

    /** {@code +$0.6010 (+18.41%)}, {@code -$0.1000}, or {@code 0}. */
    static String moneyDelta(JsonNode delta) {
        double d = delta.path("perHour").asDouble();
        if (d == 0) return "0";
        String s = (d > 0 ? "+" : "-") + String.format(Locale.ROOT, "$%.4f", Math.abs(d));
        JsonNode pct = delta.path("perHourPercent");
        return pct.isNumber() ? s + String.format(Locale.ROOT, " (%+.2f%%)", pct.asDouble()) : s;
    }

    /** {@code +2}, {@code -3}, {@code 0}. */
    static String signed(int n) {
        return n > 0 ? "+" + n : Integer.toString(n);
    }

    /** {@code a → b}, or just {@code a} when equal. */
    static String change(String before, String after) {
        return before.equals(after) ? before : before + " → " + after;
    }

    /** The short commit id or the ref: {@code origin/main (3ec3f26)}, {@code the work tree}. */
    static String revision(JsonNode r) {
        String ref = r.path("ref").asText();
        if (r.path("commit").isNull()) return ref.equals("WORKTREE") ? "the work tree" : ref;
        return ref + " (" + r.path("commit").asText().substring(0, Math.min(7, r.path("commit").asText().length())) + ")";
    }

    /**
     * Use and headroom per resource on head, in the HTML report's words, with base's when they differ:
     * {@code cpu used 48 / headroom 952 of 1000 (base: used 64 / headroom 936)}.
     */
    static String headroom(JsonNode base, JsonNode head) {
        List<String> out = new ArrayList<>();
        for (JsonNode h : head) {
            JsonNode b = null;
            for (JsonNode x : base) if (x.path("resource").asText().equals(h.path("resource").asText())) b = x;
            String s = h.path("resource").asText() + " " + usedAndHeadroom(h) + " of " + h.path("limit").asText();
            out.add(b == null || usedAndHeadroom(b).equals(usedAndHeadroom(h)) ? s : s + " (base: " + usedAndHeadroom(b) + ")");
        }
        return out.isEmpty() ? "no limit" : String.join(", ", out);
    }

    private static String usedAndHeadroom(JsonNode r) {
        return "used " + r.path("used").asText() + " / headroom " + r.path("headroom").asText();
    }

    /**
     * The instance-type mix of a pool side, money as the total of each line: {@code 4× c7g.2xlarge spot
     * (~$0.4408/h for all 4)}, {@code 1× m7g.large on-demand ($0.0816/h)}.
     */
    static String mix(JsonNode side) {
        if (side == null || side.isNull()) return "(no pool)";
        List<String> out = new ArrayList<>();
        for (JsonNode t : side.path("instanceTypes")) {
            int n = t.path("nodes").asInt();
            out.add(n + "× " + t.path("type").asText() + " " + t.path("capacityType").asText() + " (" + money(t) + "/h"
                    + (n == 1 ? "" : " for all " + n) + ")");
        }
        return out.isEmpty() ? "no nodes" : String.join(", ", out);
    }

    /** A changed field with its values: {@code spec.limits.cpu: "800" → "900"}. */
    static String fieldChange(JsonNode value) {
        return value.path("path").asText() + ": " + value.path("before").asText() + " → " + value.path("after").asText();
    }

    /** The changed fields of a diff entry, with values when the report has them (older reports: paths only). */
    static List<String> fieldChanges(JsonNode changed) {
        List<String> out = new ArrayList<>();
        if (changed.has("values")) changed.path("values").forEach(v -> out.add(fieldChange(v)));
        else changed.path("fields").forEach(f -> out.add(f.asText()));
        return out;
    }

    /** The report's findings, one line each: {@code error: the workload has no pods …}. */
    static List<String> findings(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("findings").forEach(f -> out.add(f.path("severity").asText() + ": " + f.path("message").asText()));
        return out;
    }

    /** A pod's reasons on one line, grouped by rule as every Jig output groups them ({@code Refusal.summary}). */
    static String reasons(JsonNode reasons) {
        List<dev.jig.controller.scheduling.Refusal> refusals = new ArrayList<>();
        for (JsonNode r : reasons) {
            refusals.add(new dev.jig.controller.scheduling.Refusal(r.path("pool").isNull() ? null : r.path("pool").asText(),
                    dev.jig.api.diag.Rule.byId(r.path("rule").asText()), r.path("message").asText()));
        }
        return dev.jig.controller.scheduling.Refusal.summary(refusals);
    }

    /** Pods with the same reasons together, in order of their first pod: reasons line → pod keys. */
    static java.util.Map<String, List<String>> byReasons(JsonNode pods) {
        java.util.Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        for (JsonNode u : pods) out.computeIfAbsent(reasons(u.path("reasons")), k -> new ArrayList<>()).add(u.path("pod").asText());
        return out;
    }

    /** Up to {@code most} pod keys, then how many more: {@code a, b, c and 12 more}. */
    static String some(List<String> pods, int most) {
        if (pods.size() <= most) return String.join(", ", pods);
        return String.join(", ", pods.subList(0, most)) + " and " + (pods.size() - most) + " more";
    }

    /** A tenant's name, or {@code (no tenant)}. */
    static String tenant(JsonNode name) {
        return name == null || name.isNull() ? "(no tenant)" : name.asText();
    }

    /** The number of a side, for a pool that may not exist there. */
    static String count(JsonNode side, String field) {
        return side == null || side.isNull() ? "-" : side.path(field).asText();
    }
}
