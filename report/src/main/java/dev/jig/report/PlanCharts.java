package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.report.chart.BarChart;
import dev.jig.report.chart.Series;
import dev.jig.report.chart.StackedBarChart;
import dev.jig.report.chart.Unit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan report's charts, from its JSON: nodes and $/h per tenant and per pool, base against head,
 * and the instance-type mix of each side. A chart shows the {@value #TOP} largest categories (by the
 * larger of base and head $/h) so it stays readable for a thousand tenants; the tables list them all.
 */
final class PlanCharts {

    static final int TOP = 20;
    /** Types shown on their own in the mix: with "other", one colour each of the palette's eight. */
    static final int TYPES = 7;
    static final String NO_TENANT = "(no tenant)";

    private PlanCharts() {
    }

    static List<String> of(JsonNode plan) {
        List<String> charts = new ArrayList<>();
        List<JsonNode> tenants = top(plan.path("tenants"));
        List<String> tenantNames = tenants.stream().map(PlanCharts::tenantName).toList();
        String ofTenants = suffix(tenants.size(), plan.path("tenants").size(), "tenants");
        charts.add(bars("Nodes per tenant" + ofTenants, tenantNames, tenants, "nodes", Unit.count()));
        charts.add(bars("$/h per tenant" + ofTenants, tenantNames, tenants, "perHour", Unit.of(Numbers::dollars)));
        List<JsonNode> pools = top(plan.path("pools"));
        List<String> poolNames = pools.stream().map(p -> p.path("name").asText()).toList();
        String ofPools = suffix(pools.size(), plan.path("pools").size(), "pools");
        charts.add(bars("Nodes per pool" + ofPools, poolNames, pools, "nodes", Unit.count()));
        charts.add(bars("$/h per pool" + ofPools, poolNames, pools, "perHour", Unit.of(Numbers::dollars)));
        charts.add(instanceTypes(plan.path("pools")));
        return charts;
    }

    static String tenantName(JsonNode tenant) {
        JsonNode n = tenant.path("name");
        return n.isTextual() ? n.asText() : NO_TENANT;
    }

    /** Base and head bars of {@code field} (a totals or pool-side field; a missing side counts zero). */
    private static String bars(String title, List<String> names, List<JsonNode> items, String field, Unit unit) {
        List<Series> series = List.of(
                new Series("base", items.stream().map(i -> i.path("base").path(field).asDouble()).toList()),
                new Series("head", items.stream().map(i -> i.path("head").path(field).asDouble()).toList()));
        return BarChart.grouped(title, names, series, unit);
    }

    /** Nodes by instance type and capacity type, all pools together, per side; the rarest types beyond {@value #TYPES} as "other". */
    private static String instanceTypes(JsonNode pools) {
        Map<String, double[]> nodes = new LinkedHashMap<>();
        String[] sides = {"base", "head"};
        for (JsonNode pool : pools) {
            for (int s = 0; s < sides.length; s++) {
                for (JsonNode t : pool.path(sides[s]).path("instanceTypes")) {
                    String key = t.path("type").asText() + " " + t.path("capacityType").asText();
                    nodes.computeIfAbsent(key, k -> new double[2])[s] += t.path("nodes").asDouble();
                }
            }
        }
        List<Map.Entry<String, double[]>> sorted = new ArrayList<>(nodes.entrySet());
        sorted.sort(Comparator.comparingDouble((Map.Entry<String, double[]> e) -> -(e.getValue()[0] + e.getValue()[1])).thenComparing(Map.Entry::getKey));
        List<String> segments = new ArrayList<>();
        List<double[]> columns = new ArrayList<>();
        double[] other = new double[2];
        for (int i = 0; i < sorted.size(); i++) {
            if (i < TYPES || sorted.size() == TYPES + 1) {
                segments.add(sorted.get(i).getKey());
                columns.add(sorted.get(i).getValue());
            } else {
                other[0] += sorted.get(i).getValue()[0];
                other[1] += sorted.get(i).getValue()[1];
            }
        }
        if (other[0] + other[1] > 0) {
            segments.add("other (" + (sorted.size() - TYPES) + " types)");
            columns.add(other);
        }
        double[][] values = new double[2][segments.size()];
        for (int k = 0; k < segments.size(); k++) {
            values[0][k] = columns.get(k)[0];
            values[1][k] = columns.get(k)[1];
        }
        return StackedBarChart.render("Instance-type mix (nodes)", List.of("base", "head"), segments, values, Unit.count());
    }

    /** The {@value #TOP} items with the largest $/h on either side, in their report order. */
    private static List<JsonNode> top(JsonNode items) {
        List<JsonNode> all = new ArrayList<>();
        items.forEach(all::add);
        if (all.size() <= TOP) return all;
        List<JsonNode> ranked = new ArrayList<>(all);
        ranked.sort(Comparator.comparingDouble(PlanCharts::largestCost).reversed());
        java.util.Set<JsonNode> kept = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        kept.addAll(ranked.subList(0, TOP));
        return all.stream().filter(kept::contains).toList();
    }

    private static double largestCost(JsonNode item) {
        return Math.max(item.path("base").path("perHour").asDouble(), item.path("head").path("perHour").asDouble());
    }

    private static String suffix(int shown, int total, String what) {
        return shown < total ? " (top " + shown + " of " + total + " " + what + " by $/h)" : "";
    }
}
