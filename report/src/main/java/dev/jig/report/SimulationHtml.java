package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.report.HtmlTable.Cell;
import dev.jig.report.chart.LinearScale;
import dev.jig.report.chart.StepChart;
import dev.jig.report.chart.Unit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * {@code jig-controller simulate --format html}: the simulation report (its JSON,
 * {@code policies/schema/simulation-report.schema.json}) as one self-contained HTML file: the verdict,
 * the costs, step charts of nodes, $/h and pending pods over simulated time (from the report's
 * {@code series}), then the expectations, waits, final nodes, pending pods and the decision timeline.
 * A scenario that did not load shows its findings alone; the error document of a file that cannot be
 * read ({@code error}) shows that error.
 */
public final class SimulationHtml {

    private static final int TIMELINE_ROWS = 1000;

    private SimulationHtml() {
    }

    public static String render(JsonNode report) {
        String name = report.path("scenario").asText();
        HtmlPage page = new HtmlPage("Jig simulate: " + name);
        page.heading(1, "Jig simulate: " + name);
        page.paragraph("meta", report.path("source").asText());
        if (report.path("error").isTextual()) {
            page.banner("fail", List.of(report.path("error").asText()));
            return page.render();
        }
        if (diagnostics(page, report.path("diagnostics"))) return page.render();
        List<String> failed = new ArrayList<>();
        report.path("expectations").forEach(e -> {
            if (!e.path("passed").asBoolean()) failed.add(e.path("at").asText() + ": expected " + e.path("expected").asText() + ", got " + e.path("actual").asText());
        });
        if (report.path("passed").asBoolean() && report.path("uncoveredPending").asBoolean()) {
            page.banner("warn", List.of("Every expectation held, but " + report.path("pendingPods").asInt()
                    + " pods are still pending at the end, and no expectation expects them."));
        } else if (report.path("passed").asBoolean()) {
            page.banner("ok", List.of("Every expectation held."));
        }
        else page.banner("fail", failed.isEmpty() ? List.of("The simulation failed.") : prepend("Failed expectations:", failed));
        page.heading(2, "Summary");
        page.raw(summary(report).render());
        page.heading(2, "Over simulated time");
        page.charts(charts(report));
        page.heading(2, "Expectations");
        HtmlTable expectations = HtmlTable.of("", 200, "Step", "Result", "Expected", "Actual");
        report.path("expectations").forEach(e -> expectations.row(Cell.of(e.path("at").asText()), Cell.of(e.path("passed").asBoolean() ? "ok" : "FAILED"),
                Cell.of(e.path("expected").asText()), Cell.of(e.path("actual").asText())));
        page.raw(expectations.render());
        page.heading(2, "Waits");
        HtmlTable waits = new HtmlTable("", List.of(Cell.of("Step"), Cell.of("Outcome"), Cell.num("After"), Cell.num("At"), Cell.num("$/h"),
                Cell.num("Pending")), 200);
        report.path("waits").forEach(w -> waits.row(Cell.of(w.path("at").asText()), Cell.of(w.path("outcome").asText()),
                Cell.num(LinearScale.clock(w.path("seconds").asDouble())), Cell.num(LinearScale.clock(w.path("endsAt").asDouble())),
                Cell.num(Numbers.perHour(w.path("costPerHour").asDouble(), false)), Cell.num(String.valueOf(w.path("pending").size()))));
        page.raw(waits.render());
        page.heading(2, "Nodes at the end");
        page.raw(nodes(report.path("nodes")).render());
        page.heading(2, "Pending pods at the end");
        // Pods with the same reason on one row, as the text output groups them: the reason is long, and said once.
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        report.path("pending").forEach(p -> byReason.computeIfAbsent(p.path("reason").asText(), r -> new ArrayList<>()).add(p.path("pod").asText()));
        HtmlTable pending = HtmlTable.of("", PlanTables.ROWS, "Pods", "Why");
        byReason.forEach((reason, pods) -> pending.row(Cell.of(pods.size() == 1 ? pods.get(0)
                : pods.size() + " pods: " + String.join(", ", pods.subList(0, Math.min(5, pods.size()))) + (pods.size() > 5 ? ", …" : "")), Cell.of(reason)));
        page.raw(pending.render());
        page.heading(2, "Timeline");
        HtmlTable timeline = HtmlTable.of("", TIMELINE_ROWS, "At", "Event", "Subject", "Message");
        report.path("timeline").forEach(l -> timeline.row(Cell.num(LinearScale.clock(l.path("at").asDouble())), Cell.of(l.path("kind").asText()),
                Cell.of(l.path("subject").asText("")), Cell.of(l.path("message").asText(""))));
        page.raw(timeline.render());
        return page.render();
    }

    /** Writes the findings; true when one is an error (nothing was played). */
    private static boolean diagnostics(HtmlPage page, JsonNode diagnostics) {
        if (diagnostics.isEmpty()) return false;
        boolean error = false;
        HtmlTable t = HtmlTable.of("", PlanTables.ROWS, "Location", "Severity", "Rule", "Message");
        for (JsonNode d : diagnostics) {
            error |= d.path("severity").asText().equals("error");
            String where = d.path("file").asText("") + ":" + d.path("line").asInt() + ":" + d.path("column").asInt();
            t.row(Cell.of(where), Cell.of(d.path("severity").asText()), Cell.of(d.path("rule").asText()), Cell.of(d.path("message").asText()));
        }
        if (error) page.banner("fail", List.of("The scenario did not load; nothing was played."));
        page.heading(2, "Findings");
        page.raw(t.render());
        return error;
    }

    private static HtmlTable summary(JsonNode r) {
        boolean spot = false;
        for (JsonNode n : r.path("nodes")) spot |= n.path("simulatedPrice").asBoolean();
        HtmlTable t = new HtmlTable("", List.of(Cell.of(""), Cell.num("")), 20);
        t.row(Cell.of("Nodes at the end"), Cell.num(String.valueOf(r.path("nodes").size())));
        t.row(Cell.of("$/h at the end"), Cell.num(Numbers.perHour(r.path("totalPerHour").asDouble(), spot)));
        t.row(Cell.of("Planned (launched for new demand)"), Cell.num(Numbers.perHour(r.path("plannedPerHour").asDouble(), false)));
        t.row(Cell.of("Re-planned (for pods the kube-scheduler displaced)"), Cell.num(Numbers.perHour(r.path("replannedPerHour").asDouble(), false)));
        t.row(Cell.of("Replacements (launched by disruption)"), Cell.num(Numbers.perHour(r.path("replacementsPerHour").asDouble(), false)));
        JsonNode settled = r.path("settledPerHour");
        t.row(Cell.of("Settled at the last wait"), Cell.num(settled.isNumber() ? Numbers.perHour(settled.asDouble(), false) : "unknown"));
        t.row(Cell.of("Pods pending at the end"), Cell.num(r.path("pendingPods").asText()));
        return t;
    }

    private static List<String> charts(JsonNode r) {
        JsonNode series = r.path("series");
        double end = 0;
        for (JsonNode l : r.path("timeline")) end = Math.max(end, l.path("at").asDouble());
        for (JsonNode w : r.path("waits")) end = Math.max(end, w.path("endsAt").asDouble());
        for (JsonNode s : series) end = Math.max(end, s.path("at").asDouble());
        return List.of(
                StepChart.render("Nodes", List.of(line("nodes", series, s -> s.path("nodes").asDouble()),
                        line("ready nodes", series, s -> s.path("readyNodes").asDouble())), end, Unit.count()),
                StepChart.render("Cost ($/h)", List.of(line("$/h", series, s -> s.path("costPerHour").asDouble())), end, Unit.of(SimulationHtml::dollarTick)),
                StepChart.render("Pending pods", List.of(line("pending pods", series, s -> s.path("pendingPods").asDouble())), end, Unit.count()));
    }

    private static StepChart.Line line(String name, JsonNode series, ToDoubleFunction<JsonNode> value) {
        List<StepChart.Point> points = new ArrayList<>();
        for (JsonNode s : series) points.add(new StepChart.Point(s.path("at").asDouble(), value.applyAsDouble(s)));
        return new StepChart.Line(name, points);
    }

    private static String dollarTick(double v) {
        return String.format(Locale.ROOT, v == 0 ? "$0" : v < 1 ? "$%.3f" : "$%.2f", v);
    }

    private static HtmlTable nodes(JsonNode nodes) {
        HtmlTable t = new HtmlTable("", List.of(Cell.of("NodeClaim"), Cell.of("Pool"), Cell.of("Instance type"), Cell.of("Zone"), Cell.of("Capacity"),
                Cell.num("$/h"), Cell.num("Pods"), Cell.of("Node")), PlanTables.ROWS);
        for (JsonNode n : nodes) {
            String node = n.path("node").isTextual() ? n.path("node").asText() + (n.path("ready").asBoolean() ? "" : " (not ready)") : "(not registered)";
            t.row(Cell.of(n.path("nodeClaim").asText()), Cell.of(n.path("pool").asText()), Cell.of(n.path("instanceType").asText()),
                    Cell.of(n.path("zone").asText()), Cell.of(n.path("capacityType").asText()),
                    Cell.num(Numbers.perHour(n.path("pricePerHour").asDouble(), n.path("simulatedPrice").asBoolean())), Cell.num(n.path("pods").asText()),
                    Cell.of(node));
        }
        return t;
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> out = new ArrayList<>(List.of(first));
        out.addAll(rest);
        return out;
    }
}
