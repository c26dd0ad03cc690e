package dev.jig.plan.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --format markdown}: the plan report as a pull-request comment, ordered by what changed. The
 * verdict first (headline, findings, the whole-cluster table, the gate), then the tenants and pools that
 * change (largest cost change first), the pods that change with their reasons, the compiled diff with
 * values, one line counting the unchanged tenants and pools, and the pods unschedulable on head. Lists
 * stop after {@link #LIST_LIMIT} items with a count of the rest, and the whole comment stays under the
 * character cap (GitHub refuses comments over 65,536): past it, the sections that do not fit are cut at a
 * line with a note saying so, which only ever drops rows after every changed one that fits.
 */
public final class PlanMarkdown {

    /** Comfortably under GitHub's 65,536-character comment limit. */
    public static final int PR_COMMENT_LIMIT = 60_000;
    /** Items shown per list (pods, reasons, diff entries). */
    public static final int LIST_LIMIT = 25;

    private PlanMarkdown() {
    }

    public static String render(JsonNode r, int maxChars) {
        StringBuilder head = new StringBuilder();
        JsonNode sum = r.path("summary");
        head.append("### jig plan: ").append(headline(sum)).append("\n\n");
        head.append(findings(r));
        JsonNode src = r.path("source");
        head.append("Base ").append(code(Figures.revision(src.path("base")))).append(" → head ").append(code(Figures.revision(src.path("head"))))
                .append(", policies in ").append(code(src.path("directory").asText())).append(". ")
                .append(PlanText.workload(r.path("workload")).replace("\n", ". ")).append(".\n\n");
        head.append("| | base | head | change |\n|---|---:|---:|---:|\n");
        row(head, "nodes", sum.path("base").path("nodes").asText(), sum.path("head").path("nodes").asText(), Figures.signed(sum.path("delta").path("nodes").asInt()));
        row(head, "$/h", Figures.money(sum.path("base")), Figures.money(sum.path("head")), Figures.moneyDelta(sum.path("delta")));
        row(head, "pods placed", sum.path("base").path("podsPlaced").asText(), sum.path("head").path("podsPlaced").asText(),
                Figures.signed(sum.path("delta").path("podsPlaced").asInt()));
        row(head, "pods unschedulable", sum.path("base").path("podsUnschedulable").asText(), sum.path("head").path("podsUnschedulable").asText(),
                Figures.signed(sum.path("delta").path("podsUnschedulable").asInt()));
        head.append("\nOn-demand prices from the ").append(src.path("catalog").path("region").asText()).append(" catalog of ")
                .append(src.path("catalog").path("priceDate").asText()).append("; `~` marks spot prices, which are estimates.\n");
        JsonNode gate = r.path("gate");
        if (gate.path("failed").asBoolean()) {
            head.append("\n**Gate failed** (").append(String.join(", ", PlanText.strings(gate.path("failOn")))).append("): ")
                    .append(String.join("; ", PlanText.strings(gate.path("messages")))).append('\n');
        }
        // What changed first, so that a cut at the comment limit only ever drops what did not change.
        List<String> sections = List.of(tenants(r), pools(r), changes(r.path("changes")), diff(r.path("diff")),
                unchanged(r), unschedulable(r.path("unschedulable").path("head")));
        return capped(head.toString(), sections, maxChars);
    }

    /** {@code **Error:** …} lines for the report's findings, before any figure. */
    private static String findings(JsonNode r) {
        StringBuilder s = new StringBuilder();
        for (JsonNode f : r.path("findings")) {
            s.append("> **").append(f.path("severity").asText().equals("error") ? "Error" : "Warning").append(":** ")
                    .append(escape(f.path("message").asText())).append('\n');
        }
        return s.isEmpty() ? "" : s.append('\n').toString();
    }

    /** One line for everything the change leaves as it was. */
    private static String unchanged(JsonNode r) {
        int tenants = 0;
        for (JsonNode t : r.path("tenants")) if (!t.path("changed").asBoolean()) tenants++;
        int pools = 0;
        for (JsonNode p : r.path("pools")) if (!p.path("changed").asBoolean()) pools++;
        if (tenants == 0 && pools == 0) return "";
        return "\n" + tenants + " unchanged tenant" + (tenants == 1 ? "" : "s") + " and " + pools + " unchanged pool" + (pools == 1 ? "" : "s")
                + " (same nodes, cost, pods and headroom on both sides) are not listed.\n";
    }

    private static String headline(JsonNode sum) {
        List<String> parts = new ArrayList<>();
        String money = Figures.moneyDelta(sum.path("delta"));
        parts.add(money.equals("0") ? "no cost change" : money.replaceFirst("^([+-]\\$[0-9.]+)", "$1/h"));
        parts.add(Figures.signed(sum.path("delta").path("nodes").asInt()) + " nodes");
        if (sum.path("podsNewlyUnschedulable").asInt() > 0) parts.add(sum.path("podsNewlyUnschedulable").asInt() + " pods become unschedulable");
        if (sum.path("podsNewlyPlaced").asInt() > 0) parts.add(sum.path("podsNewlyPlaced").asInt() + " pods become placed");
        if (sum.path("podsMoved").asInt() > 0) parts.add(sum.path("podsMoved").asInt() + " pods move pool");
        return String.join(", ", parts);
    }

    private static String tenants(JsonNode r) {
        List<JsonNode> changed = new ArrayList<>();
        for (JsonNode t : r.path("tenants")) if (t.path("changed").asBoolean()) changed.add(t);
        if (changed.isEmpty()) return "\n#### Tenants that change\n\nNone.\n";
        // The largest cost change first: what a reviewer should look at before anything else.
        changed.sort(java.util.Comparator.comparingDouble((JsonNode t) -> -Math.abs(t.path("delta").path("perHour").asDouble())));
        StringBuilder s = new StringBuilder("\n#### Tenants that change\n\n| tenant | nodes | $/h | change | placed | unschedulable | quota: used / headroom of limit |\n|---|---:|---:|---:|---:|---:|---|\n");
        for (JsonNode t : changed) {
            JsonNode b = t.path("base");
            JsonNode h = t.path("head");
            row(s, Figures.tenant(t.get("name")), Figures.change(b.path("nodes").asText(), h.path("nodes").asText()),
                    Figures.change(Figures.money(b), Figures.money(h)), Figures.moneyDelta(t.path("delta")),
                    Figures.change(b.path("podsPlaced").asText(), h.path("podsPlaced").asText()),
                    Figures.change(b.path("podsUnschedulable").asText(), h.path("podsUnschedulable").asText()),
                    t.get("name").isNull() ? "" : Figures.headroom(t.path("quota").path("base"), t.path("quota").path("head")));
        }
        return s.toString();
    }

    private static String pools(JsonNode r) {
        List<JsonNode> changed = new ArrayList<>();
        for (JsonNode p : r.path("pools")) if (p.path("changed").asBoolean()) changed.add(p);
        if (changed.isEmpty()) return "\n#### Pools that change\n\nNone.\n";
        StringBuilder s = new StringBuilder("\n#### Pools that change\n\n| pool | tenant | nodes | pods | instance types (head), $/h per line | limit: used / headroom |\n|---|---|---:|---:|---|---|\n");
        for (JsonNode p : changed) {
            JsonNode b = p.get("base");
            JsonNode h = p.get("head");
            String mix = h.isNull() ? "removed" : Figures.mix(h);
            if (!b.isNull() && !h.isNull() && !Figures.mix(b).equals(mix)) mix = mix + " (base: " + Figures.mix(b) + ")";
            if (b.isNull()) mix = "added: " + mix;
            JsonNode limits = h.isNull() ? b.path("limits") : h.path("limits");
            row(s, p.path("name").asText(), Figures.tenant(p.get("tenant")), Figures.change(Figures.count(b, "nodes"), Figures.count(h, "nodes")),
                    Figures.change(Figures.count(b, "podsPlaced"), Figures.count(h, "podsPlaced")), mix,
                    Figures.headroom(b.isNull() ? limits : b.path("limits"), limits));
        }
        return s.toString();
    }

    private static String changes(JsonNode c) {
        int total = c.path("moved").size() + c.path("newlyUnschedulable").size() + c.path("newlyPlaced").size();
        if (total == 0) return "\n#### Pods that change\n\nNone: every pod lands in the same pool on both sides.\n";
        StringBuilder s = new StringBuilder("\n#### Pods that change\n\n");
        List<String> lines = new ArrayList<>();
        for (JsonNode m : c.path("newlyUnschedulable")) {
            lines.add("- " + code(m.path("pod").asText()) + " becomes **unschedulable** (was on " + code(m.path("from").asText()) + "): "
                    + escape(Figures.reasons(m.path("reasons"))));
        }
        for (JsonNode m : c.path("moved")) {
            lines.add("- " + code(m.path("pod").asText()) + " moves " + code(m.path("from").asText()) + " → " + code(m.path("to").asText()));
        }
        for (JsonNode m : c.path("newlyPlaced")) lines.add("- " + code(m.path("pod").asText()) + " becomes placed on " + code(m.path("to").asText()));
        list(s, lines);
        return s.toString();
    }

    private static String unschedulable(JsonNode pods) {
        if (pods.isEmpty()) return "";
        StringBuilder s = new StringBuilder("\n#### Unschedulable on head\n\n");
        List<String> lines = new ArrayList<>();
        Figures.byReasons(pods).forEach((reasons, keys) -> lines.add("- " + (keys.size() == 1 ? code(keys.get(0))
                : keys.size() + " pods (" + escape(Figures.some(keys, 3)) + ")") + ": " + escape(reasons)));
        list(s, lines);
        return s.toString();
    }

    private static String diff(JsonNode d) {
        StringBuilder s = new StringBuilder("\n#### Compiled diff\n\n").append(d.path("added").size()).append(" added, ")
                .append(d.path("removed").size()).append(" removed, ").append(d.path("changed").size()).append(" changed.\n\n");
        List<String> lines = new ArrayList<>();
        for (JsonNode o : d.path("added")) lines.add("- added " + code(PlanText.ref(o)));
        for (JsonNode o : d.path("removed")) lines.add("- removed " + code(PlanText.ref(o)));
        for (JsonNode o : d.path("changed")) {
            lines.add("- changed " + code(PlanText.ref(o)) + ": " + String.join(", ", Figures.fieldChanges(o).stream().map(PlanMarkdown::code).toList()));
        }
        for (JsonNode l : d.path("limits")) lines.add("- limit total " + escape(PlanText.limit(l)));
        list(s, lines);
        return s.toString();
    }

    private static void list(StringBuilder s, List<String> lines) {
        for (int i = 0; i < lines.size() && i < LIST_LIMIT; i++) s.append(lines.get(i)).append('\n');
        if (lines.size() > LIST_LIMIT) s.append("- … and ").append(lines.size() - LIST_LIMIT).append(" more (see `--format json`)\n");
    }

    /** The head, then whole sections while they fit; the first that does not is cut at a line, with a note. */
    static String capped(String head, List<String> sections, int maxChars) {
        String note = "\n_The plan is cut here to fit a comment; run `jig plan --format text` for all of it._\n";
        StringBuilder out = new StringBuilder(head);
        for (String section : sections) {
            if (out.length() + section.length() <= maxChars) {
                out.append(section);
                continue;
            }
            int room = maxChars - out.length() - note.length();
            int cut = room <= 0 ? -1 : section.lastIndexOf('\n', Math.min(room, section.length() - 1));
            if (cut > 0) out.append(section, 0, cut + 1);
            out.append(note);
            break;
        }
        return out.toString();
    }

    private static void row(StringBuilder s, String... cells) {
        s.append('|');
        for (String c : cells) s.append(' ').append(c.replace("|", "\\|")).append(" |");
        s.append('\n');
    }

    private static String code(String text) {
        return "`" + text.replace("`", "'") + "`";
    }

    /** Markdown-significant characters of free text (messages) made literal. */
    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_").replace("<", "&lt;").replace("`", "'");
    }
}
