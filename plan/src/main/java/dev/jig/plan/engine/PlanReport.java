package dev.jig.plan.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.compiler.diff.ManifestDiff;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.Refusal;
import dev.jig.controller.scheduling.Unschedulable;
import dev.jig.plan.workload.Workload;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the plan report document ({@code policies/schema/plan-report.schema.json}) from the two
 * scheduled sides, the workload and the compiled diff. The document is the one model every format
 * renders from, so text, markdown, json and html cannot disagree. Pure and deterministic: lists are
 * sorted, money rounded to 1/10,000 of a dollar.
 */
public final class PlanReport {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final SidePlan base;
    private final SidePlan head;
    private final Workload workload;
    private final Map<Optional<String>, Totals> baseTotals;
    private final Map<Optional<String>, Totals> headTotals;
    private final Map<String, List<SidePlan.PlannedNode>> baseNodes;
    private final Map<String, List<SidePlan.PlannedNode>> headNodes;

    private PlanReport(SidePlan base, SidePlan head, Workload workload) {
        this.base = base;
        this.head = head;
        this.workload = workload;
        this.baseTotals = byTenant(base);
        this.headTotals = byTenant(head);
        this.baseNodes = byPool(base);
        this.headNodes = byPool(head);
    }

    private static Map<String, List<SidePlan.PlannedNode>> byPool(SidePlan side) {
        Map<String, List<SidePlan.PlannedNode>> out = new HashMap<>();
        for (SidePlan.PlannedNode n : side.nodes()) out.computeIfAbsent(n.pool(), k -> new ArrayList<>()).add(n);
        return out;
    }

    /** The report document; {@code gate} is evaluated on it. */
    public static ObjectNode build(String directory, SidePlan base, SidePlan head, Workload workload, ManifestDiff.Result diff,
                                   Catalog catalog, Gate gate, List<PlanFinding> given) {
        PlanReport r = new PlanReport(base, head, workload);
        ObjectNode doc = F.objectNode().put("apiVersion", ApiGroups.JIG_V1ALPHA1).put("kind", "PlanReport");
        ObjectNode source = doc.putObject("source").put("directory", directory);
        source.set("base", revision(base.revision()));
        source.set("head", revision(head.revision()));
        source.putObject("catalog").put("region", catalog.region()).put("priceDate", catalog.priceDate());
        ArrayNode findings = doc.putArray("findings");
        doc.set("workload", r.workload());
        ObjectNode changes = r.changes();
        ObjectNode summary = r.summary(changes);
        List<PlanFinding> all = new ArrayList<>(r.findings(summary));
        all.addAll(given);
        all.sort(java.util.Comparator.comparing(PlanFinding::severity));
        for (PlanFinding f : all) findings.addObject().put("severity", f.severity().label()).put("message", f.message());
        doc.set("summary", summary);
        ArrayNode tenants = r.tenants();
        ArrayNode pools = r.pools();
        for (JsonNode p : pools) ((ObjectNode) p).put("changed", poolChanged(p));
        for (JsonNode t : tenants) ((ObjectNode) t).put("changed", tenantChanged(t));
        doc.set("tenants", tenants);
        doc.set("pools", pools);
        doc.set("changes", changes);
        ObjectNode unschedulable = doc.putObject("unschedulable");
        unschedulable.set("base", r.unschedulable(base));
        unschedulable.set("head", r.unschedulable(head));
        doc.set("diff", DiffSummary.json(diff));
        ObjectNode g = doc.putObject("gate");
        gate.conditions().forEach(g.putArray("failOn")::add);
        List<String> messages = gate.evaluate(summary, changes);
        g.put("failed", !messages.isEmpty());
        messages.forEach(g.putArray("messages")::add);
        return doc;
    }

    /** A tenant whose row differs between the sides in any figure the report shows (its quota's use and limits included). */
    private static boolean tenantChanged(JsonNode t) {
        JsonNode b = t.path("base");
        JsonNode h = t.path("head");
        return t.path("delta").path("perHour").asDouble() != 0 || !b.path("nodes").equals(h.path("nodes"))
                || !b.path("podsPlaced").equals(h.path("podsPlaced")) || !b.path("podsUnschedulable").equals(h.path("podsUnschedulable"))
                || !t.path("quota").path("base").equals(t.path("quota").path("head"));
    }

    /** A pool added, removed, or different between the sides in nodes, pods, instance types, $/h or limits. */
    private static boolean poolChanged(JsonNode p) {
        JsonNode b = p.get("base");
        JsonNode h = p.get("head");
        if (b == null || h == null || b.isNull() || h.isNull()) return true;
        return !b.path("nodes").equals(h.path("nodes")) || !b.path("podsPlaced").equals(h.path("podsPlaced"))
                || !b.path("perHour").equals(h.path("perHour")) || !b.path("instanceTypes").equals(h.path("instanceTypes"))
                || !b.path("limits").equals(h.path("limits"));
    }

    /**
     * A plan with nothing to compare is not a clean result: a workload that reads no pods (replicas of 0,
     * only exempt namespaces), or a head that places none of them (zones of another region, a quota of 0).
     */
    private List<PlanFinding> findings(ObjectNode summary) {
        List<PlanFinding> out = new ArrayList<>();
        int pods = workload.pods().size();
        if (pods == 0) {
            Workload.Ignored ig = workload.ignored();
            out.add(PlanFinding.error("the workload has no pods to place: " + ig.exemptNamespaces() + " in exempt namespaces, "
                    + ig.finished() + " finished, and no replicas elsewhere (a Deployment or a scenario whose replicas start at 0 reads as none)"));
            return out;
        }
        int placed = summary.path("head").path("podsPlaced").asInt();
        if (placed == 0) {
            String why = head.unschedulable().values().stream().min(Comparator.comparing(u -> u.pod().key()))
                    .map(u -> "; for example " + u.pod().key() + ": " + u.refusals().stream().map(Refusal::message).distinct().limit(2)
                            .reduce((a, b) -> a + "; " + b).orElse("no pool takes it")).orElse("");
            out.add(PlanFinding.error("head places none of the workload's " + pods + " pods" + why));
        }
        return out;
    }

    private static ObjectNode revision(Revision r) {
        ObjectNode o = F.objectNode().put("ref", r.ref());
        if (r.commit().isPresent()) o.put("commit", r.commit().get());
        else o.putNull("commit");
        return o;
    }

    private ObjectNode workload() {
        ObjectNode w = F.objectNode();
        ArrayNode files = w.putArray("files");
        for (Workload.FileSummary f : workload.files()) {
            files.addObject().put("file", f.file()).put("format", f.format().id()).put("pods", f.pods()).put("daemonSets", f.daemonSets());
        }
        w.put("pods", workload.pods().size()).put("daemonSets", workload.daemonSets().size());
        w.putObject("ignored").put("exemptNamespaces", workload.ignored().exemptNamespaces()).put("finished", workload.ignored().finished())
                .put("daemonSetPods", workload.ignored().daemonSetPods());
        ArrayNode unowned = w.putArray("unownedNamespaces");
        for (var e : workload.namespaces().entrySet()) {
            if (base.revision().tenantOfNamespace(e.getKey()) == null && head.revision().tenantOfNamespace(e.getKey()) == null) {
                unowned.addObject().put("namespace", e.getKey()).put("pods", e.getValue());
            }
        }
        sortBy(unowned, "namespace");
        return w;
    }

    /** The tenant of a pod on one side: its namespace's. */
    private static String tenantOf(SidePlan side, Pod pod) {
        return side.revision().tenantOfNamespace(pod.namespace());
    }

    private ObjectNode summary(ObjectNode changes) {
        ObjectNode s = F.objectNode();
        ObjectNode b = totals(base, t -> true);
        ObjectNode h = totals(head, t -> true);
        s.set("base", b);
        s.set("head", h);
        s.set("delta", delta(b, h));
        s.put("podsMoved", changes.path("moved").size());
        s.put("podsNewlyUnschedulable", changes.path("newlyUnschedulable").size());
        s.put("podsNewlyPlaced", changes.path("newlyPlaced").size());
        return s;
    }

    /** Totals of one side over the pools and pods whose tenant passes {@code tenant}. */
    private ObjectNode totals(SidePlan side, java.util.function.Predicate<String> tenant) {
        Totals sum = new Totals();
        for (var e : (side == base ? baseTotals : headTotals).entrySet()) if (tenant.test(e.getKey().orElse(null))) sum.add(e.getValue());
        return sum.json();
    }

    /** Nodes, money and pods of one side per tenant (empty: no tenant), in one pass over the side. */
    private static Map<Optional<String>, Totals> byTenant(SidePlan side) {
        Map<Optional<String>, Totals> out = new HashMap<>();
        for (SidePlan.PlannedNode n : side.nodes()) {
            Totals t = out.computeIfAbsent(Optional.ofNullable(side.revision().tenantOfPool(n.pool())), k -> new Totals());
            t.nodes++;
            t.placed += n.pods();
            t.perHour += n.perHour();
            t.estimated |= n.estimated();
        }
        for (Unschedulable u : side.unschedulable().values()) {
            out.computeIfAbsent(Optional.ofNullable(tenantOf(side, u.pod())), k -> new Totals()).unschedulable++;
        }
        return out;
    }

    /** A running sum of {@code totals}. */
    private static final class Totals {
        int nodes;
        int placed;
        int unschedulable;
        double perHour;
        boolean estimated;

        void add(Totals o) {
            nodes += o.nodes;
            placed += o.placed;
            unschedulable += o.unschedulable;
            perHour += o.perHour;
            estimated |= o.estimated;
        }

        ObjectNode json() {
            return F.objectNode().put("nodes", nodes).put("perHour", money(perHour)).put("estimated", estimated).put("podsPlaced", placed)
                    .put("podsUnschedulable", unschedulable);
        }
    }

    private static ObjectNode delta(JsonNode b, JsonNode h) {
        double bh = b.path("perHour").asDouble();
        double hh = h.path("perHour").asDouble();
        ObjectNode d = F.objectNode().put("nodes", h.path("nodes").asInt() - b.path("nodes").asInt()).put("perHour", money(hh - bh));
        if (bh == 0) d.putNull("perHourPercent");
        else d.put("perHourPercent", Math.round(10_000 * (hh - bh) / bh) / 100.0);
        d.put("podsPlaced", h.path("podsPlaced").asInt() - b.path("podsPlaced").asInt());
        d.put("podsUnschedulable", h.path("podsUnschedulable").asInt() - b.path("podsUnschedulable").asInt());
        return d;
    }

    private ArrayNode tenants() {
        TreeSet<String> names = new TreeSet<>();
        base.revision().tenancy().ifPresent(t -> names.addAll(t.tenants().keySet()));
        head.revision().tenancy().ifPresent(t -> names.addAll(t.tenants().keySet()));
        ArrayNode out = F.arrayNode();
        for (String name : names) out.add(tenant(name));
        ObjectNode none = tenant(null);
        boolean any = none.path("base").path("nodes").asInt() + none.path("head").path("nodes").asInt()
                + none.path("base").path("podsUnschedulable").asInt() + none.path("head").path("podsUnschedulable").asInt() > 0
                || workload.pods().stream().anyMatch(p -> tenantOf(base, p) == null || tenantOf(head, p) == null);
        if (any) out.add(none);
        return out;
    }

    private ObjectNode tenant(String name) {
        ObjectNode t = F.objectNode();
        if (name == null) t.putNull("name");
        else t.put("name", name);
        ArrayNode namespaces = t.putArray("namespaces");
        if (name == null) {
            TreeSet<String> unowned = new TreeSet<>();
            for (String ns : workload.namespaces().keySet()) if (head.revision().tenantOfNamespace(ns) == null) unowned.add(ns);
            unowned.forEach(namespaces::add);
        } else {
            Optional<Tenancy.TenantEntry> entry = entry(head, name).or(() -> entry(base, name));
            entry.ifPresent(e -> new TreeSet<>(e.namespaces()).forEach(namespaces::add));
        }
        ObjectNode b = totals(base, tenant -> Objects.equals(tenant, name));
        ObjectNode h = totals(head, tenant -> Objects.equals(tenant, name));
        t.set("base", b);
        t.set("head", h);
        t.set("delta", delta(b, h));
        ObjectNode quota = t.putObject("quota");
        quota.set("base", quota(base, name));
        quota.set("head", quota(head, name));
        return t;
    }

    private static Optional<Tenancy.TenantEntry> entry(SidePlan side, String tenant) {
        return side.revision().tenancy().map(t -> t.tenants().get(tenant));
    }

    private ArrayNode quota(SidePlan side, String tenant) {
        ArrayNode out = F.arrayNode();
        if (tenant == null) return out;
        Optional<Tenancy.TenantEntry> entry = entry(side, tenant);
        if (entry.isEmpty()) return out;
        ResourceList used = ResourceList.ZERO;
        for (String pool : entry.get().nodePools()) {
            for (SidePlan.PlannedNode n : (side == base ? baseNodes : headNodes).getOrDefault(pool, List.of())) used = used.plus(n.capacity());
        }
        return Headroom.ofQuota(out, entry.get().quota(), used);
    }

    private ArrayNode pools() {
        Map<String, NodePool> basePools = byName(base);
        Map<String, NodePool> headPools = byName(head);
        TreeSet<String> names = new TreeSet<>(basePools.keySet());
        names.addAll(headPools.keySet());
        ArrayNode out = F.arrayNode();
        for (String name : names) {
            ObjectNode p = out.addObject().put("name", name);
            String tenant = headPools.containsKey(name) ? head.revision().tenantOfPool(name) : base.revision().tenantOfPool(name);
            if (tenant == null) p.putNull("tenant");
            else p.put("tenant", tenant);
            p.set("base", basePools.containsKey(name) ? poolSide(baseNodes, basePools.get(name)) : F.nullNode());
            p.set("head", headPools.containsKey(name) ? poolSide(headNodes, headPools.get(name)) : F.nullNode());
        }
        return out;
    }

    private static Map<String, NodePool> byName(SidePlan side) {
        Map<String, NodePool> out = new LinkedHashMap<>();
        for (NodePool p : side.revision().pools()) out.put(p.name(), p);
        return out;
    }

    private static ObjectNode poolSide(Map<String, List<SidePlan.PlannedNode>> nodesByPool, NodePool pool) {
        record Key(String type, String capacityType) {
        }
        Map<Key, double[]> byType = new TreeMap<>(Comparator.comparing(Key::type).thenComparing(Key::capacityType));
        Map<Key, Boolean> estimatedByType = new HashMap<>();
        int nodes = 0;
        int pods = 0;
        double perHour = 0;
        boolean estimated = false;
        ResourceList used = ResourceList.ZERO;
        for (SidePlan.PlannedNode n : nodesByPool.getOrDefault(pool.name(), List.of())) {
            nodes++;
            pods += n.pods();
            perHour += n.perHour();
            estimated |= n.estimated();
            used = used.plus(n.capacity());
            Key k = new Key(n.instanceType(), n.capacityType());
            double[] acc = byType.computeIfAbsent(k, x -> new double[2]);
            acc[0]++;
            acc[1] += n.perHour();
            estimatedByType.merge(k, n.estimated(), Boolean::logicalOr);
        }
        ObjectNode o = F.objectNode().put("weight", pool.weight()).put("nodes", nodes).put("perHour", money(perHour))
                .put("estimated", estimated).put("podsPlaced", pods);
        ArrayNode types = o.putArray("instanceTypes");
        byType.forEach((k, acc) -> types.addObject().put("type", k.type()).put("capacityType", k.capacityType()).put("nodes", (int) acc[0])
                .put("perHour", money(acc[1])).put("estimated", estimatedByType.get(k)));
        o.set("limits", Headroom.ofPool(F.arrayNode(), pool.limits(), used, nodes));
        return o;
    }

    private ObjectNode changes() {
        ObjectNode c = F.objectNode();
        ArrayNode moved = c.putArray("moved");
        ArrayNode newlyUnschedulable = c.putArray("newlyUnschedulable");
        ArrayNode newlyPlaced = c.putArray("newlyPlaced");
        List<Pod> pods = new ArrayList<>(workload.pods());
        pods.sort(Comparator.comparing(Pod::key));
        for (Pod p : pods) {
            String from = base.podPools().get(p.key());
            String to = head.podPools().get(p.key());
            String tenant = tenantOf(head, p);
            if (from != null && to != null && !from.equals(to)) {
                tenantField(moved.addObject().put("pod", p.key()), tenant).put("from", from).put("to", to);
            } else if (from != null && head.unschedulable().containsKey(p.key())) {
                ObjectNode o = tenantField(newlyUnschedulable.addObject().put("pod", p.key()), tenant).put("from", from);
                o.set("reasons", reasons(head.unschedulable().get(p.key())));
            } else if (to != null && base.unschedulable().containsKey(p.key())) {
                tenantField(newlyPlaced.addObject().put("pod", p.key()), tenant).put("to", to);
            }
        }
        return c;
    }

    private ArrayNode unschedulable(SidePlan side) {
        List<Unschedulable> pods = new ArrayList<>(side.unschedulable().values());
        pods.sort(Comparator.comparing(u -> u.pod().key()));
        ArrayNode out = F.arrayNode();
        for (Unschedulable u : pods) {
            ObjectNode o = tenantField(out.addObject().put("pod", u.pod().key()), tenantOf(side, u.pod()));
            o.set("reasons", reasons(u));
        }
        return out;
    }

    private static ArrayNode reasons(Unschedulable u) {
        ArrayNode out = F.arrayNode();
        for (Refusal r : u.refusals()) {
            ObjectNode o = out.addObject();
            if (r.pool() == null) o.putNull("pool");
            else o.put("pool", r.pool());
            o.put("rule", r.rule().id()).put("message", r.message());
        }
        return out;
    }

    private static ObjectNode tenantField(ObjectNode o, String tenant) {
        if (tenant == null) o.putNull("tenant");
        else o.put("tenant", tenant);
        return o;
    }

    private static void sortBy(ArrayNode array, String field) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        items.sort(Comparator.comparing(n -> n.path(field).asText()));
        array.removeAll();
        items.forEach(array::add);
    }

    /** Dollars rounded to 1/10,000, so sums do not show floating-point noise. */
    static double money(double d) {
        return Math.round(d * 10_000) / 10_000.0;
    }
}
