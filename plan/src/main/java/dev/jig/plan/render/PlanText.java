package dev.jig.plan.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --format text}: the plan report for a terminal. The whole cluster first, then each tenant
 * with its pools (base → head), the pods whose fate changes, the pods unschedulable on head with every
 * pool's reason, the compiled diff in short and the gate. Figures as {@link Figures} writes them;
 * {@code ~} marks money that includes spot estimates.
 */
public final class PlanText {

    private PlanText() {
    }

    public static String render(JsonNode r) {
        StringBuilder s = new StringBuilder();
        JsonNode src = r.path("source");
        s.append("jig plan ").append(src.path("directory").asText()).append(": ").append(Figures.revision(src.path("base")))
                .append(" → ").append(Figures.revision(src.path("head"))).append('\n');
        for (String f : Figures.findings(r)) s.append(f).append('\n');
        s.append(workload(r.path("workload"))).append('\n');
        s.append("prices: ").append(src.path("catalog").path("region").asText()).append(" on-demand of ")
                .append(src.path("catalog").path("priceDate").asText()).append("; ~ marks spot prices (estimated)\n\n");
        JsonNode sum = r.path("summary");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("", "base", "head", "change"));
        rows.add(List.of("nodes", sum.path("base").path("nodes").asText(), sum.path("head").path("nodes").asText(),
                Figures.signed(sum.path("delta").path("nodes").asInt())));
        rows.add(List.of("$/h", Figures.money(sum.path("base")), Figures.money(sum.path("head")), Figures.moneyDelta(sum.path("delta"))));
        rows.add(List.of("pods placed", sum.path("base").path("podsPlaced").asText(), sum.path("head").path("podsPlaced").asText(),
                Figures.signed(sum.path("delta").path("podsPlaced").asInt())));
        rows.add(List.of("pods unschedulable", sum.path("base").path("podsUnschedulable").asText(),
                sum.path("head").path("podsUnschedulable").asText(), Figures.signed(sum.path("delta").path("podsUnschedulable").asInt())));
        table(s, rows, "");
        s.append("pods that move pool: ").append(sum.path("podsMoved").asInt()).append(", become unschedulable: ")
                .append(sum.path("podsNewlyUnschedulable").asInt()).append(", become placed: ").append(sum.path("podsNewlyPlaced").asInt()).append("\n");
        for (JsonNode t : r.path("tenants")) tenant(s, t, r.path("pools"));
        changes(s, r.path("changes"));
        if (!r.path("unschedulable").path("head").isEmpty()) {
            s.append("\nunschedulable on head:\n");
            Figures.byReasons(r.path("unschedulable").path("head")).forEach((reasons, pods) -> s.append("  ")
                    .append(pods.size() == 1 ? pods.get(0) : pods.size() + " pods (" + Figures.some(pods, 3) + ")").append(": ").append(reasons).append('\n'));
        }
        diff(s, r.path("diff"));
        JsonNode gate = r.path("gate");
        if (!gate.path("failOn").isEmpty()) {
            s.append("\ngate (").append(String.join(", ", strings(gate.path("failOn")))).append("): ")
                    .append(gate.path("failed").asBoolean() ? "FAILED" : "passed").append('\n');
            for (JsonNode m : gate.path("messages")) s.append("  ").append(m.asText()).append('\n');
        }
        return s.toString();
    }

    static String workload(JsonNode w) {
        List<String> files = new ArrayList<>();
        for (JsonNode f : w.path("files")) files.add(f.path("file").asText() + " (" + f.path("format").asText() + ")");
        JsonNode ig = w.path("ignored");
        String line = "workload: " + w.path("pods").asInt() + " pods, " + w.path("daemonSets").asInt() + " DaemonSets from "
                + String.join(", ", files) + "; left out: " + ig.path("exemptNamespaces").asInt() + " in exempt namespaces, "
                + ig.path("finished").asInt() + " finished, " + ig.path("daemonSetPods").asInt() + " DaemonSet pods";
        List<String> unowned = new ArrayList<>();
        for (JsonNode n : w.path("unownedNamespaces")) unowned.add(n.path("namespace").asText() + " (" + n.path("pods").asInt() + ")");
        return unowned.isEmpty() ? line : line + "\nnamespaces of no tenant: " + String.join(", ", unowned);
    }

    private static void tenant(StringBuilder s, JsonNode t, JsonNode pools) {
        JsonNode b = t.path("base");
        JsonNode h = t.path("head");
        s.append("\ntenant ").append(Figures.tenant(t.get("name")));
        if (!t.path("namespaces").isEmpty()) s.append(" (").append(String.join(", ", strings(t.path("namespaces")))).append(')');
        s.append(": nodes ").append(Figures.change(b.path("nodes").asText(), h.path("nodes").asText()))
                .append(", ").append(Figures.change(Figures.money(b), Figures.money(h))).append("/h");
        if (t.path("delta").path("perHour").asDouble() != 0) s.append(" (").append(Figures.moneyDelta(t.path("delta"))).append(')');
        s.append(", placed ").append(Figures.change(b.path("podsPlaced").asText(), h.path("podsPlaced").asText()))
                .append(", unschedulable ").append(Figures.change(b.path("podsUnschedulable").asText(), h.path("podsUnschedulable").asText())).append('\n');
        if (!t.path("quota").path("head").isEmpty() || !t.path("quota").path("base").isEmpty()) {
            s.append("  quota: ").append(Figures.headroom(t.path("quota").path("base"), t.path("quota").path("head"))).append('\n');
        }
        for (JsonNode p : pools) {
            if (!p.path("tenant").equals(t.path("name"))) continue;
            JsonNode pb = p.get("base");
            JsonNode ph = p.get("head");
            s.append("  pool ").append(p.path("name").asText());
            if (pb.isNull()) s.append(" (added)");
            if (ph.isNull()) s.append(" (removed)");
            s.append(": nodes ").append(Figures.change(Figures.count(pb, "nodes"), Figures.count(ph, "nodes")))
                    .append(", pods ").append(Figures.change(Figures.count(pb, "podsPlaced"), Figures.count(ph, "podsPlaced"))).append('\n');
            String mb = Figures.mix(pb);
            String mh = Figures.mix(ph);
            if (mb.equals(mh)) {
                s.append("    ").append(mh).append('\n');
            } else {
                s.append("    base: ").append(mb).append('\n');
                s.append("    head: ").append(mh).append('\n');
            }
            JsonNode lh = ph.isNull() ? pb.path("limits") : ph.path("limits");
            if (!lh.isEmpty()) {
                s.append("    limit: ").append(Figures.headroom(pb.isNull() ? lh : pb.path("limits"), lh)).append('\n');
            }
        }
    }

    private static void changes(StringBuilder s, JsonNode c) {
        if (c.path("moved").isEmpty() && c.path("newlyUnschedulable").isEmpty() && c.path("newlyPlaced").isEmpty()) return;
        s.append("\npods that change:\n");
        for (JsonNode m : c.path("moved")) {
            s.append("  moves        ").append(m.path("pod").asText()).append(": ").append(m.path("from").asText()).append(" → ")
                    .append(m.path("to").asText()).append('\n');
        }
        for (JsonNode m : c.path("newlyUnschedulable")) {
            s.append("  unschedulable ").append(m.path("pod").asText()).append(" (was on ").append(m.path("from").asText()).append("): ")
                    .append(Figures.reasons(m.path("reasons"))).append('\n');
        }
        for (JsonNode m : c.path("newlyPlaced")) s.append("  placed       ").append(m.path("pod").asText()).append(" on ").append(m.path("to").asText()).append('\n');
    }

    private static void diff(StringBuilder s, JsonNode d) {
        s.append("\ncompiled diff: ").append(d.path("added").size()).append(" added, ").append(d.path("removed").size()).append(" removed, ")
                .append(d.path("changed").size()).append(" changed\n");
        for (JsonNode o : d.path("added")) s.append("  + ").append(ref(o)).append('\n');
        for (JsonNode o : d.path("removed")) s.append("  - ").append(ref(o)).append('\n');
        for (JsonNode o : d.path("changed")) {
            s.append("  ~ ").append(ref(o)).append('\n');
            for (String f : Figures.fieldChanges(o)) s.append("      ").append(f).append('\n');
        }
        for (JsonNode l : d.path("limits")) s.append("  limits ").append(limit(l)).append('\n');
    }

    static String ref(JsonNode o) {
        return o.path("kind").asText() + " " + (o.has("namespace") ? o.path("namespace").asText() + "/" : "") + o.path("name").asText();
    }

    static String limit(JsonNode l) {
        return l.path("tenant").asText() + " " + l.path("resource").asText() + ": "
                + (l.path("before").isNull() ? "unlimited" : l.path("before").asText()) + " → "
                + (l.path("after").isNull() ? "unlimited" : l.path("after").asText());
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static void table(StringBuilder s, List<List<String>> rows, String indent) {
        int[] width = new int[rows.get(0).size()];
        for (List<String> row : rows) for (int i = 0; i < row.size(); i++) width[i] = Math.max(width[i], row.get(i).length());
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                line.append(i == 0 ? cell + " ".repeat(width[i] - cell.length()) : "  " + " ".repeat(width[i] - cell.length()) + cell);
            }
            s.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
