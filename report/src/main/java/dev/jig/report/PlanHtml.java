package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code jig plan --format html}: the plan report (its JSON, {@code policies/schema/plan-report.schema.json})
 * as one self-contained HTML file: what was compared, the gate's verdict, the totals base against head,
 * charts of nodes and $/h per tenant and pool and of the instance-type mix, then the tables: tenants,
 * pools, pods that move or become unschedulable, quota and limit headroom, the compiled diff and the
 * workload. Every name in it is escaped; the page runs no script and loads nothing.
 */
public final class PlanHtml {

    private PlanHtml() {
    }

    public static String render(JsonNode plan) {
        JsonNode source = plan.path("source");
        String base = revision(source.path("base"));
        String head = revision(source.path("head"));
        HtmlPage page = new HtmlPage("Jig plan: " + base + " → " + head);
        page.heading(1, "Jig plan: " + base + " → " + head);
        page.paragraph("meta", "Policy directory " + source.path("directory").asText() + " · catalog " + source.path("catalog").path("region").asText()
                + ", on-demand prices of " + source.path("catalog").path("priceDate").asText() + " · amounts in USD per hour, (est.) where they include estimated spot prices.");
        verdict(page, plan);
        gate(page, plan.path("gate"));
        page.heading(2, "Summary");
        page.raw(PlanTables.summary(plan.path("summary")).render());
        page.heading(2, "Charts");
        page.charts(PlanCharts.of(plan));
        List<JsonNode> tenants = PlanTables.byChange(plan.path("tenants"), true);
        List<JsonNode> sameTenants = PlanTables.byChange(plan.path("tenants"), false);
        List<JsonNode> pools = PlanTables.byChange(plan.path("pools"), true);
        List<JsonNode> samePools = PlanTables.byChange(plan.path("pools"), false);
        page.heading(2, "Tenants that change");
        page.raw(PlanTables.tenants(tenants).render());
        if (!sameTenants.isEmpty()) page.folded(sameTenants.size() + " unchanged tenants", PlanTables.tenants(sameTenants).render());
        page.heading(2, "Pools that change");
        page.raw(PlanTables.pools(pools).render());
        if (!samePools.isEmpty()) page.folded(samePools.size() + " unchanged pools", PlanTables.pools(samePools).render());
        page.heading(2, "Pods that change");
        for (HtmlTable t : PlanChanges.changes(plan.path("changes"))) page.raw(t.render());
        page.heading(2, "Compiled diff");
        for (HtmlTable t : PlanChanges.diff(plan.path("diff"))) page.raw(t.render());
        page.heading(2, "Headroom");
        page.raw(PlanTables.quotas(tenants).render());
        page.raw(PlanTables.limits(pools).render());
        if (!sameTenants.isEmpty() || !samePools.isEmpty()) {
            page.folded("Headroom of the unchanged tenants and pools",
                    PlanTables.quotas(sameTenants).render() + PlanTables.limits(samePools).render());
        }
        page.heading(2, "Unschedulable on head");
        page.raw(PlanChanges.unschedulable("", plan.path("unschedulable").path("head")).render());
        page.heading(2, "Workload");
        workload(page, plan.path("workload"));
        return page.render();
    }

    private static String revision(JsonNode r) {
        String ref = r.path("ref").asText();
        JsonNode commit = r.path("commit");
        return commit.isTextual() && commit.asText().length() >= 7 ? ref + " (" + commit.asText().substring(0, 7) + ")" : ref;
    }

    /**
     * The verdict in one line, with or without {@code --fail-on}, and the report's findings under it: red
     * when the plan has errors, amber when it costs more or leaves pods unschedulable, green otherwise.
     */
    private static void verdict(HtmlPage page, JsonNode plan) {
        JsonNode s = plan.path("summary");
        JsonNode d = s.path("delta");
        double dc = d.path("perHour").asDouble();
        String cost = dc == 0 ? "no cost change" : Numbers.signedPerHour(dc) + " " + Numbers.percent(d.path("perHourPercent")).trim();
        int unschedulable = s.path("podsNewlyUnschedulable").asInt();
        String line = "Verdict: " + cost + ", " + Numbers.signed(d.path("nodes").asLong()) + " nodes, " + s.path("podsMoved").asInt()
                + " pods move pool, " + unschedulable + " become unschedulable, " + s.path("podsNewlyPlaced").asInt() + " become placed.";
        boolean errors = false;
        List<String> lines = new ArrayList<>(List.of(line));
        for (JsonNode f : plan.path("findings")) {
            lines.add(f.path("severity").asText() + ": " + f.path("message").asText());
            errors |= f.path("severity").asText().equals("error");
        }
        page.banner(errors ? "fail" : dc > 0 || unschedulable > 0 || lines.size() > 1 ? "warn" : "ok", lines);
    }

    private static void gate(HtmlPage page, JsonNode gate) {
        List<String> failOn = new ArrayList<>();
        gate.path("failOn").forEach(f -> failOn.add(f.asText()));
        if (gate.path("failed").asBoolean()) {
            List<String> lines = new ArrayList<>(List.of("Gate failed (--fail-on " + String.join(", ", failOn) + "):"));
            gate.path("messages").forEach(m -> lines.add(m.asText()));
            page.banner("fail", lines);
        } else if (!failOn.isEmpty()) {
            page.banner("ok", List.of("Gate passed (--fail-on " + String.join(", ", failOn) + ")."));
        }
    }

    private static void workload(HtmlPage page, JsonNode w) {
        JsonNode ignored = w.path("ignored");
        page.paragraph("meta", w.path("pods").asInt() + " pods and " + w.path("daemonSets").asInt() + " DaemonSets scheduled on each side; ignored: "
                + ignored.path("exemptNamespaces").asInt() + " in exempt namespaces, " + ignored.path("finished").asInt() + " finished, "
                + ignored.path("daemonSetPods").asInt() + " DaemonSet pods.");
        HtmlTable files = HtmlTable.of("Files", 100, "File", "Format", "Pods", "DaemonSets");
        for (JsonNode f : w.path("files")) {
            files.row(HtmlTable.Cell.of(f.path("file").asText()), HtmlTable.Cell.of(f.path("format").asText()),
                    HtmlTable.Cell.num(f.path("pods").asText()), HtmlTable.Cell.num(f.path("daemonSets").asText()));
        }
        page.raw(files.render());
        if (!w.path("unownedNamespaces").isEmpty()) {
            List<String> lines = new ArrayList<>(List.of("Namespaces no tenant claims (their pods are counted under " + PlanCharts.NO_TENANT + "):"));
            w.path("unownedNamespaces").forEach(n -> lines.add(n.path("namespace").asText() + ": " + n.path("pods").asInt() + " pod(s)"));
            page.banner("warn", lines);
        }
    }
}
