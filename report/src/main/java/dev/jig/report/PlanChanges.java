package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.report.HtmlTable.Cell;

import java.util.ArrayList;
import java.util.List;

/** The plan report's tables of differences: pods that move or change fate, unschedulable pods with their reasons, and the compiled diff. */
final class PlanChanges {

    private PlanChanges() {
    }

    static List<HtmlTable> changes(JsonNode c) {
        HtmlTable moved = HtmlTable.of("Pods that move pool", PlanTables.ROWS, "Pod", "Tenant", "From", "To");
        for (JsonNode m : c.path("moved")) {
            moved.row(Cell.of(m.path("pod").asText()), tenant(m), Cell.of(m.path("from").asText()), Cell.of(m.path("to").asText()));
        }
        HtmlTable lost = HtmlTable.of("Pods newly unschedulable", PlanTables.ROWS, "Pod", "Tenant", "Pool on base", "Why not on head");
        for (JsonNode u : c.path("newlyUnschedulable")) {
            lost.row(Cell.of(u.path("pod").asText()), tenant(u), Cell.of(u.path("from").asText()), Cell.of(reasons(u.path("reasons"))));
        }
        HtmlTable placed = HtmlTable.of("Pods newly placed", PlanTables.ROWS, "Pod", "Tenant", "Pool on head");
        for (JsonNode p : c.path("newlyPlaced")) placed.row(Cell.of(p.path("pod").asText()), tenant(p), Cell.of(p.path("to").asText()));
        return List.of(lost, moved, placed);
    }

    static HtmlTable unschedulable(String caption, JsonNode pods) {
        HtmlTable t = HtmlTable.of(caption, PlanTables.ROWS, "Pod", "Tenant", "Reasons");
        for (JsonNode u : pods) t.row(Cell.of(u.path("pod").asText()), tenant(u), Cell.of(reasons(u.path("reasons"))));
        return t;
    }

    static List<HtmlTable> diff(JsonNode d) {
        HtmlTable objects = HtmlTable.of("Objects", PlanTables.ROWS, "Change", "Kind", "Name", "Fields: before → after");
        for (JsonNode o : d.path("added")) objects.row(Cell.of("added"), Cell.of(o.path("kind").asText()), Cell.of(name(o)), Cell.of(""));
        for (JsonNode o : d.path("removed")) objects.row(Cell.of("removed"), Cell.of(o.path("kind").asText()), Cell.of(name(o)), Cell.of(""));
        for (JsonNode o : d.path("changed")) {
            List<String> fields = new ArrayList<>();
            if (o.has("values")) {
                o.path("values").forEach(v -> fields.add(v.path("path").asText() + ": " + v.path("before").asText() + " → " + v.path("after").asText()));
            } else {
                o.path("fields").forEach(f -> fields.add(f.asText()));
            }
            objects.row(Cell.of("changed"), Cell.of(o.path("kind").asText()), Cell.of(name(o)), Cell.of(String.join("\n", fields)));
        }
        HtmlTable limits = HtmlTable.of("Tenant limits that move", PlanTables.ROWS, "Tenant", "Resource", "Before", "After");
        for (JsonNode l : d.path("limits")) {
            limits.row(Cell.of(l.path("tenant").asText()), Cell.of(l.path("resource").asText()), Cell.num(quantity(l.path("before"))),
                    Cell.num(quantity(l.path("after"))));
        }
        return List.of(objects, limits);
    }

    /** {@code pool: JIG0603 message}, one per line. */
    private static String reasons(JsonNode reasons) {
        List<String> out = new ArrayList<>();
        for (JsonNode r : reasons) {
            String pool = r.path("pool").isTextual() ? r.path("pool").asText() : "every pool";
            out.add(pool + ": " + r.path("rule").asText() + " " + r.path("message").asText());
        }
        return String.join("\n", out);
    }

    private static Cell tenant(JsonNode item) {
        return Cell.of(item.path("tenant").isTextual() ? item.path("tenant").asText() : PlanCharts.NO_TENANT);
    }

    private static String name(JsonNode o) {
        return o.path("namespace").isTextual() ? o.path("namespace").asText() + "/" + o.path("name").asText() : o.path("name").asText();
    }

    private static String quantity(JsonNode q) {
        return q.isTextual() ? q.asText() : "unlimited";
    }
}
