package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.report.HtmlTable.Cell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The plan report's tables of totals: the summary, tenants, pools, and quota and limit headroom. */
final class PlanTables {

    static final int ROWS = 500;

    private PlanTables() {
    }

    static HtmlTable summary(JsonNode s) {
        HtmlTable t = new HtmlTable("", List.of(Cell.of(""), Cell.num("base"), Cell.num("head"), Cell.num("change")), 20);
        JsonNode base = s.path("base");
        JsonNode head = s.path("head");
        JsonNode delta = s.path("delta");
        t.row(Cell.of("Nodes"), Cell.num(base.path("nodes").asText()), Cell.num(head.path("nodes").asText()), signed(delta.path("nodes")));
        double dc = delta.path("perHour").asDouble();
        t.row(Cell.of("$/h"), Cell.num(Numbers.perHour(base)), Cell.num(Numbers.perHour(head)),
                new Cell(Numbers.signedPerHour(dc) + " " + Numbers.percent(delta.path("perHourPercent")), Numbers.costClass(dc)));
        t.row(Cell.of("Pods placed"), Cell.num(base.path("podsPlaced").asText()), Cell.num(head.path("podsPlaced").asText()),
                Cell.num(Numbers.signed(delta.path("podsPlaced").asLong())));
        t.row(Cell.of("Pods unschedulable"), Cell.num(base.path("podsUnschedulable").asText()), Cell.num(head.path("podsUnschedulable").asText()),
                signed(delta.path("podsUnschedulable")));
        t.row(Cell.of("Pods that move pool"), Cell.of(""), Cell.of(""), Cell.num(s.path("podsMoved").asText()));
        t.row(Cell.of("Pods newly unschedulable"), Cell.of(""), Cell.of(""), new Cell(s.path("podsNewlyUnschedulable").asText(),
                Numbers.costClass(s.path("podsNewlyUnschedulable").asDouble())));
        t.row(Cell.of("Pods newly placed"), Cell.of(""), Cell.of(""), Cell.num(s.path("podsNewlyPlaced").asText()));
        return t;
    }

    /**
     * The items that changed ({@code changed} true), the largest $/h change first, or those that did not,
     * in report order: every table lists what changed before anything else.
     */
    static List<JsonNode> byChange(JsonNode items, boolean changed) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode x : items) if (x.path("changed").asBoolean() == changed) out.add(x);
        if (changed) out.sort(java.util.Comparator.comparingDouble(PlanTables::costChange).reversed());
        return out;
    }

    private static double costChange(JsonNode x) {
        return Math.abs(x.path("head").path("perHour").asDouble() - x.path("base").path("perHour").asDouble());
    }

    static HtmlTable tenants(Iterable<JsonNode> tenants) {
        HtmlTable t = new HtmlTable("", List.of(Cell.of("Tenant"), Cell.of("Namespaces"), Cell.num("Nodes"), Cell.num("$/h base"),
                Cell.num("$/h head"), Cell.num("change"), Cell.num("Pods placed"), Cell.num("Unschedulable")), ROWS);
        for (JsonNode x : tenants) {
            List<String> ns = new ArrayList<>();
            x.path("namespaces").forEach(n -> ns.add(n.asText()));
            double dc = x.path("delta").path("perHour").asDouble();
            t.row(Cell.of(PlanCharts.tenantName(x)), Cell.of(String.join(", ", ns)), Cell.num(arrow(x, "nodes")), Cell.num(Numbers.perHour(x.path("base"))),
                    Cell.num(Numbers.perHour(x.path("head"))),
                    new Cell(Numbers.signedPerHour(dc) + " " + Numbers.percent(x.path("delta").path("perHourPercent")), Numbers.costClass(dc)),
                    Cell.num(arrow(x, "podsPlaced")), Cell.num(arrow(x, "podsUnschedulable")));
        }
        return t;
    }

    static HtmlTable pools(Iterable<JsonNode> pools) {
        HtmlTable t = new HtmlTable("", List.of(Cell.of("Pool"), Cell.of("Tenant"), Cell.num("Weight"), Cell.num("Nodes"), Cell.num("$/h base"),
                Cell.num("$/h head"), Cell.num("change"), Cell.num("Pods placed"), Cell.of("Instance types on head")), ROWS);
        for (JsonNode p : pools) {
            JsonNode base = p.path("base");
            JsonNode head = p.path("head");
            double dc = head.path("perHour").asDouble() - base.path("perHour").asDouble();
            String name = p.path("name").asText() + (base.isNull() ? " (new)" : head.isNull() ? " (removed)" : "");
            JsonNode side = head.isNull() ? base : head;
            t.row(Cell.of(name), Cell.of(p.path("tenant").isTextual() ? p.path("tenant").asText() : PlanCharts.NO_TENANT),
                    Cell.num(side.path("weight").asText()), Cell.num(arrow(p, "nodes")),
                    Cell.num(base.isNull() ? "–" : Numbers.perHour(base)), Cell.num(head.isNull() ? "–" : Numbers.perHour(head)),
                    new Cell(Numbers.signedPerHour(dc), Numbers.costClass(dc)), Cell.num(arrow(p, "podsPlaced")), Cell.of(types(head)));
        }
        return t;
    }

    static HtmlTable quotas(Iterable<JsonNode> tenants) {
        HtmlTable t = headroomTable("Tenant quotas (across each tenant's pools)", "Tenant");
        for (JsonNode x : tenants) headroomRows(t, PlanCharts.tenantName(x), x.path("quota").path("base"), x.path("quota").path("head"));
        return t;
    }

    static HtmlTable limits(Iterable<JsonNode> pools) {
        HtmlTable t = headroomTable("NodePool limits", "Pool");
        for (JsonNode p : pools) headroomRows(t, p.path("name").asText(), p.path("base").path("limits"), p.path("head").path("limits"));
        return t;
    }

    private static HtmlTable headroomTable(String caption, String owner) {
        return new HtmlTable(caption, List.of(Cell.of(owner), Cell.of("Resource"), Cell.num("Limit"), Cell.num("Used base"), Cell.num("Used head"),
                Cell.num("Headroom head"), Cell.num("Used on head")), ROWS);
    }

    /** One row per resource of either side: limit (both when it changes), use on each side, headroom and share used on head. */
    private static void headroomRows(HtmlTable t, String owner, JsonNode base, JsonNode head) {
        Map<String, JsonNode[]> byResource = new LinkedHashMap<>();
        base.forEach(h -> byResource.computeIfAbsent(h.path("resource").asText(), r -> new JsonNode[2])[0] = h);
        head.forEach(h -> byResource.computeIfAbsent(h.path("resource").asText(), r -> new JsonNode[2])[1] = h);
        byResource.forEach((resource, sides) -> {
            JsonNode b = sides[0];
            JsonNode h = sides[1];
            String limitB = b == null ? "none" : b.path("limit").asText();
            String limitH = h == null ? "none" : h.path("limit").asText();
            double limit = h == null ? 0 : h.path("limitValue").asDouble();
            String share = h == null || limit <= 0 ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * h.path("usedValue").asDouble() / limit);
            t.row(Cell.of(owner), Cell.of(resource), Cell.num(limitB.equals(limitH) ? limitH : limitB + " → " + limitH),
                    Cell.num(b == null ? "–" : b.path("used").asText()), Cell.num(h == null ? "–" : h.path("used").asText()),
                    Cell.num(h == null ? "–" : h.path("headroom").asText()), Cell.num(share));
        });
    }

    /** {@code 6 → 4}, or one number when both sides agree; a missing side is a dash. */
    private static String arrow(JsonNode item, String field) {
        JsonNode b = item.path("base");
        JsonNode h = item.path("head");
        String bs = b.isNull() ? "–" : b.path(field).asText();
        String hs = h.isNull() ? "–" : h.path(field).asText();
        return bs.equals(hs) ? hs : bs + " → " + hs;
    }

    /** {@code 4× r6g.2xlarge spot, 1× m7i.large on-demand}. */
    private static String types(JsonNode side) {
        List<String> out = new ArrayList<>();
        for (JsonNode t : side.path("instanceTypes")) {
            out.add(t.path("nodes").asInt() + "× " + t.path("type").asText() + " " + t.path("capacityType").asText());
        }
        return String.join(", ", out);
    }

    private static Cell signed(JsonNode delta) {
        return new Cell(Numbers.signed(delta.asLong()), Numbers.costClass(delta.asDouble()));
    }
}
