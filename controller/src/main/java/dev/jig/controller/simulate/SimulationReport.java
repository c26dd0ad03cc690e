package dev.jig.controller.simulate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.Refusal;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What a simulation produced: the decision timeline, the results of its {@code expect} steps, the
 * final nodes with instance types, prices, labels and taints, where every pod stands
 * ({@link PodPlacements}), and the total cost per hour; how each {@code wait} step ended; and three
 * costs: <em>planned</em> (the NodeClaims the provisioner launched for new demand), <em>re-planned</em>
 * (those it launched only for pods the kube-scheduler displaced) and <em>settled</em> (the nodes that
 * exist once every placeable pod is bound and nothing is in flight, at the end of the last
 * {@code wait}, when it settled); as text or JSON. The JSON is meant for programs: its structured
 * fields carry the data (the timeline's messages are for people), and its shape is
 * {@code policies/schema/simulation-report.schema.json}.
 */
public record SimulationReport(String scenario, String source, List<Diagnostic> diagnostics, List<Line> timeline,
                               List<Simulation.Check> checks, List<NodeLine> nodes, int pendingPods, double totalPerHour,
                               List<PodPlacements.Placement> placements,
                               List<WaitLine> waits, List<PendingPod> pending, double plannedPerHour, double replannedPerHour,
                               double replacementsPerHour,
                               OptionalDouble settledPerHour, List<Sample> series) {

    /**
     * The cluster {@code at} seconds after the start: launched nodes, ready nodes, their $/h and the
     * pending pods; the report keeps one sample per change (see {@link UsageSeries}).
     */
    public record Sample(long at, int nodes, int readyNodes, double costPerHour, int pendingPods) {

        boolean sameValues(Sample o) {
            return nodes == o.nodes && readyNodes == o.readyNodes && Double.compare(costPerHour, o.costPerHour) == 0 && pendingPods == o.pendingPods;
        }
    }

    /** An unbound pod and why it waits. */
    public record PendingPod(String pod, String reason) {
    }

    /**
     * How a {@code wait} step ended: {@code settled} (every placeable pod bound, nothing in flight)
     * or timed out, {@code endsAt} seconds after the start, after {@code seconds}; the $/h of the
     * nodes then, and the pods still pending.
     */
    public record WaitLine(String at, long endsAt, boolean settled, long seconds, double costPerHour, List<PendingPod> pending) {
        public WaitLine {
            pending = List.copyOf(pending);
        }
    }

    /** One timeline entry, {@code at} seconds after the start. */
    public record Line(long at, String kind, String subject, String message) {
    }

    /**
     * One final node: {@code capacity} is the launched instance's (what limits count); {@code labels}, {@code taints} and
     * {@code allocatable} are the Node's (empty or null until it registers).
     */
    public record NodeLine(String nodeClaim, String node, String pool, String instanceType, String zone, String capacityType,
                           double pricePerHour, boolean simulatedPrice, int pods, boolean ready, ResourceList capacity,
                           Map<String, String> labels, List<Taint> taints, ResourceList allocatable) {
        public NodeLine {
            labels = new TreeMap<>(labels);
            taints = List.copyOf(taints);
        }
    }

    public SimulationReport {
        diagnostics = List.copyOf(diagnostics);
        timeline = List.copyOf(timeline);
        checks = List.copyOf(checks);
        nodes = List.copyOf(nodes);
        placements = List.copyOf(placements);
        waits = List.copyOf(waits);
        pending = List.copyOf(pending);
        series = List.copyOf(series);
    }

    static SimulationReport failed(Scenario s, List<Diagnostic> findings) {
        return new SimulationReport(s.name(), s.file().toString(), findings, List.of(), List.of(), List.of(), 0, 0, List.of(), List.of(), List.of(),
                0, 0, 0, OptionalDouble.empty(), List.of());
    }

    /**
     * The report of a scenario file that did not read (see {@link ScenarioReader}): its findings and nothing
     * played, so that a failure is a document of the same format as a run, with the same finding fields
     * as {@code jig lint}.
     */
    public static SimulationReport invalid(java.nio.file.Path file, List<Diagnostic> findings) {
        return new SimulationReport(String.valueOf(file.getFileName()), file.toString(), findings, List.of(), List.of(), List.of(), 0, 0, List.of(), List.of(), List.of(),
                0, 0, 0, OptionalDouble.empty(), List.of());
    }

    static SimulationReport of(Scenario s, Catalog catalog, Instant start, List<TimelineEvent> timeline, List<Simulation.Check> checks, ClusterSnapshot end,
                               List<PodPlacements.Placement> placements, List<Sample> series) {
        List<Line> lines = new ArrayList<>();
        for (TimelineEvent d : timeline) lines.add(new Line(Duration.between(start, d.at()).getSeconds(), d.kind().name(), d.subject(), d.message()));
        List<NodeLine> nodes = new ArrayList<>();
        for (NodeClaim c : end.nodeClaims()) {
            if (c.status() == null) continue;
            String nodeName = c.status().nodeName();
            int pods = 0;
            for (Pod p : end.pods()) if (nodeName != null && nodeName.equals(p.nodeName()) && !p.daemonSet()) pods++;
            Node node = end.nodes().stream().filter(n -> n.name().equals(nodeName)).findFirst().orElse(null);
            nodes.add(new NodeLine(c.name(), nodeName, c.nodePool(), c.status().instanceType(), c.status().zone(), c.status().capacityType(),
                    c.status().pricePerHour(), c.status().capacityType().equals("spot"), pods, node != null && node.ready(), c.status().capacity(),
                    node == null ? Map.of() : node.labels(), node == null ? List.of() : node.taints(), node == null ? null : node.allocatable()));
        }
        return new SimulationReport(s.name(), s.file().toString() + " (catalog " + catalog.region() + ", prices of " + catalog.priceDate() + ")",
                List.of(), lines, checks, nodes, end.pendingPods().size(), costPerHour(end), placements,
                List.of(), List.of(), 0, 0, 0, OptionalDouble.empty(), series);
    }

    /** The $/h of every launched NodeClaim in the snapshot. */
    static double costPerHour(ClusterSnapshot s) {
        return costPerHour(s.nodeClaims());
    }

    /** The $/h of the launched NodeClaims among {@code claims}. */
    static double costPerHour(java.util.Collection<NodeClaim> claims) {
        double total = 0;
        for (NodeClaim c : claims) if (c.status() != null) total += c.status().pricePerHour();
        return total;
    }

    /** This report with the wait outcomes, the pods still pending, and the planned, re-planned and settled costs. */
    SimulationReport withSettling(List<WaitLine> waitLines, List<Provisioner.Launch> launches, List<PendingPod> stillPending) {
        double planned = 0, replanned = 0, replacements = 0;
        for (Provisioner.Launch l : launches) {
            if (Double.isNaN(l.pricePerHour())) continue;
            switch (l.purpose()) {
                case DEMAND -> planned += l.pricePerHour();
                case REPLAN -> replanned += l.pricePerHour();
                case REPLACEMENT -> replacements += l.pricePerHour();
            }
        }
        OptionalDouble settled = waitLines.isEmpty() || !waitLines.get(waitLines.size() - 1).settled() ? OptionalDouble.empty()
                : OptionalDouble.of(waitLines.get(waitLines.size() - 1).costPerHour());
        return new SimulationReport(scenario, source, diagnostics, timeline, checks, nodes, pendingPods, totalPerHour, placements, waitLines, stillPending,
                planned, replanned, replacements, settled, series);
    }

    /** True when the scenario loaded and every expectation held. */
    public boolean passed() {
        return diagnostics.stream().noneMatch(Diagnostic::isError) && checks.stream().allMatch(Simulation.Check::passed);
    }

    public String text() {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : diagnostics) out.append(d.lines());
        if (diagnostics.stream().anyMatch(Diagnostic::isError)) return out.toString();
        out.append("Scenario ").append(scenario).append(", ").append(source).append("\n\nTimeline\n");
        // Columns as wide as their longest entry (a name up to 64 characters), so long pool names do not push rows out of line.
        int subject = width(timeline.stream().map(Line::subject).toList(), 24, 64);
        int kind = width(timeline.stream().map(Line::kind).toList(), 6, 24);
        for (Line l : merged(timeline)) {
            out.append(String.format(Locale.ROOT, "  %-7s %-" + kind + "s %-" + subject + "s %s%n", clock(l.at()), l.kind(),
                    l.subject() == null ? "" : l.subject(), l.message()));
        }
        if (!checks.isEmpty()) {
            out.append("\nExpectations\n");
            for (Simulation.Check c : checks) {
                out.append(String.format(Locale.ROOT, "  %-4s %s: expected %s%s%n", c.passed() ? "ok" : "FAIL", c.at(), c.expected(),
                        c.passed() ? "" : ", got " + c.actual()));
            }
        }
        out.append("\nNodes\n");
        int claim = width(nodes.stream().map(NodeLine::nodeClaim).toList(), 9, 64);
        int pool = width(nodes.stream().map(NodeLine::pool).toList(), 4, 64);
        String row = "  %-" + claim + "s  %-" + pool + "s  %-14s %-11s %-10s %10s %5s  %s%n";
        out.append(String.format(Locale.ROOT, row, "NODECLAIM", "POOL", "INSTANCE TYPE", "ZONE", "CAPACITY", "$/HOUR", "PODS", "NODE"));
        for (NodeLine n : nodes) {
            out.append(String.format(Locale.ROOT, row, n.nodeClaim(), n.pool(), n.instanceType(), n.zone(), n.capacityType(),
                    String.format(Locale.ROOT, "%.4f", n.pricePerHour()), Integer.toString(n.pods()),
                    (n.node() == null ? "(not registered)" : n.node()) + (n.ready() ? "" : " (not ready)")));
        }
        boolean spot = nodes.stream().anyMatch(NodeLine::simulatedPrice);
        long end = Math.max(timeline.isEmpty() ? 0 : timeline.get(timeline.size() - 1).at(), waits.isEmpty() ? 0 : waits.get(waits.size() - 1).endsAt());
        out.append(String.format(Locale.ROOT, "%nAt the end (%s): %d node%s, $%.4f per hour%s; %d pod%s pending%n", clock(end), nodes.size(),
                nodes.size() == 1 ? "" : "s", totalPerHour, spot ? " (spot prices are simulated)" : " (on-demand prices from the catalog)",
                pendingPods, pendingPods == 1 ? "" : "s"));
        WaitLine last = waits.isEmpty() ? null : waits.get(waits.size() - 1);
        out.append(String.format(Locale.ROOT, "Launched over the run: $%.4f/h for new demand, $%.4f/h re-planned for pods the kube-scheduler "
                + "displaced, $%.4f/h of replacements by disruption%n", plannedPerHour, replannedPerHour, replacementsPerHour));
        if (last != null) {
            out.append(settledPerHour.isPresent()
                    ? String.format(Locale.ROOT, "Settled cost, at the last wait (%s): $%.4f/h, %.2f× what was launched for new demand%n", clock(last.endsAt()),
                            settledPerHour.getAsDouble(), plannedPerHour == 0 ? 1 : settledPerHour.getAsDouble() / plannedPerHour)
                    : String.format(Locale.ROOT, "Settled cost: unknown, the last wait (%s) timed out%n", clock(last.endsAt())));
        }
        if (!waits.isEmpty()) {
            out.append("\nWaits\n");
            for (WaitLine w : waits) {
                out.append(String.format(Locale.ROOT, "  %-8s %s: after %s (at %s), $%.4f per hour, %d pod%s pending%n", w.settled() ? "settled" : "TIMEOUT",
                        w.at(), clock(w.seconds()).substring(1), clock(w.endsAt()), w.costPerHour(), w.pending().size(), w.pending().size() == 1 ? "" : "s"));
                // The pods a wait left pending are listed once: under "Pending pods" when they are the ones still pending at the end.
                if (w == last && samePods(w.pending(), pending)) {
                    if (!pending.isEmpty()) out.append("           the pods under Pending pods, below\n");
                } else {
                    grouped(out, "           ", w.pending());
                }
            }
        }
        if (!pending.isEmpty()) {
            out.append("\nPending pods\n");
            grouped(out, "  ", pending);
        }
        if (uncoveredPending()) {
            out.append(String.format(Locale.ROOT, "%nNote: %d pod%s still pending at the end, and no expectation expects them (pending: %d)%n",
                    pendingPods, pendingPods == 1 ? " is" : "s are", pendingPods));
        }
        return out.toString();
    }

    /**
     * Pods pending at the end that no {@code expect: {pending: N}} step speaks for (none expects that many): the
     * run passes, but the reader must be told rather than shown a clean result.
     */
    public boolean uncoveredPending() {
        return pendingPods > 0 && checks.stream().noneMatch(c -> c.expected().contains(pendingPods + " pending"));
    }

    /**
     * The timeline as a person reads it: consecutive UNSCHEDULABLE lines of one moment with the same reason
     * become one, {@code 198 pods (a, b, c, ...)}, instead of a screen of identical lines.
     */
    static List<Line> merged(List<Line> timeline) {
        List<Line> out = new ArrayList<>();
        int i = 0;
        while (i < timeline.size()) {
            Line l = timeline.get(i);
            String reason = unschedulableReason(l);
            int j = i + 1;
            while (reason != null && j < timeline.size() && timeline.get(j).at() == l.at() && reason.equals(unschedulableReason(timeline.get(j)))) j++;
            if (j - i == 1) {
                out.add(l);
            } else {
                List<String> pods = timeline.subList(i, j).stream().map(Line::subject).toList();
                out.add(new Line(l.at(), l.kind(), (j - i) + " pods (" + String.join(", ", pods.subList(0, 3)) + ", ...)", "cannot be placed; " + reason));
            }
            i = j;
        }
        return out;
    }

    /** An UNSCHEDULABLE line's reason without its pod's name, or null for any other line. */
    private static String unschedulableReason(Line l) {
        if (!"UNSCHEDULABLE".equals(l.kind()) || l.subject() == null) return null;
        String prefix = l.subject() + " cannot be placed; ";
        return l.message().startsWith(prefix) ? l.message().substring(prefix.length()) : null;
    }

    private static boolean samePods(List<PendingPod> a, List<PendingPod> b) {
        return a.stream().map(PendingPod::pod).toList().equals(b.stream().map(PendingPod::pod).toList());
    }

    private static int width(List<String> values, int least, int most) {
        int w = least;
        for (String v : values) if (v != null) w = Math.max(w, Math.min(most, v.length()));
        return w;
    }

    public String json() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("scenario", scenario);
        root.put("source", source);
        ArrayNode diags = root.putArray("diagnostics");
        for (Diagnostic d : diagnostics) diags.add(d.json());
        ArrayNode tl = root.putArray("timeline");
        for (Line l : timeline) tl.addObject().put("at", l.at()).put("kind", l.kind()).put("subject", l.subject()).put("message", l.message());
        ArrayNode cs = root.putArray("expectations");
        for (Simulation.Check c : checks) cs.addObject().put("at", c.at()).put("passed", c.passed()).put("expected", c.expected()).put("actual", c.actual());
        ArrayNode ns = root.putArray("nodes");
        for (NodeLine n : nodes) {
            ns.addObject().put("nodeClaim", n.nodeClaim()).put("node", n.node()).put("pool", n.pool()).put("instanceType", n.instanceType())
                    .put("zone", n.zone()).put("capacityType", n.capacityType()).put("pricePerHour", n.pricePerHour())
                    .put("simulatedPrice", n.simulatedPrice()).put("pods", n.pods()).put("ready", n.ready());
            ObjectNode node = (ObjectNode) ns.get(ns.size() - 1);
            ObjectNode labels = node.putObject("labels");
            n.labels().forEach(labels::put);
            ArrayNode taints = node.putArray("taints");
            for (Taint t : n.taints()) taints.addObject().put("key", t.key()).put("value", t.value()).put("effect", t.effect());
            resources(node, "capacity", n.capacity());
            resources(node, "allocatable", n.allocatable());
        }
        ArrayNode ps = root.putArray("placements");
        for (PodPlacements.Placement p : placements) {
            ObjectNode o = ps.addObject().put("pod", p.pod());
            resources(o, "requests", p.requests());
            o.put("status", p.status().name().toLowerCase(Locale.ROOT))
                    .put("node", p.node()).put("nodeClaim", p.nodeClaim()).put("pool", p.pool()).put("reason", p.reason());
            ArrayNode rs = o.putArray("refusals");
            for (Refusal r : p.refusals()) rs.addObject().put("pool", r.pool()).put("rule", r.rule().id()).put("message", r.message());
        }
        root.put("pendingPods", pendingPods);
        root.put("totalPerHour", round(totalPerHour));
        root.put("plannedPerHour", round(plannedPerHour));
        root.put("replannedPerHour", round(replannedPerHour));
        root.put("replacementsPerHour", round(replacementsPerHour));
        if (settledPerHour.isPresent()) root.put("settledPerHour", round(settledPerHour.getAsDouble()));
        else root.putNull("settledPerHour");
        ArrayNode ws = root.putArray("waits");
        for (WaitLine w : waits) {
            ObjectNode o = ws.addObject().put("at", w.at()).put("endsAt", w.endsAt()).put("outcome", w.settled() ? "settled" : "timeout")
                    .put("seconds", w.seconds()).put("costPerHour", round(w.costPerHour()));
            pendingJson(o.putArray("pending"), w.pending());
        }
        pendingJson(root.putArray("pending"), pending);
        ArrayNode samples = root.putArray("series");
        for (Sample p : series) {
            samples.addObject().put("at", p.at()).put("nodes", p.nodes()).put("readyNodes", p.readyNodes())
                    .put("costPerHour", round(p.costPerHour())).put("pendingPods", p.pendingPods());
        }
        root.put("passed", passed());
        root.put("uncoveredPending", uncoveredPending());
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A resource list as numbers (null stays null): cpu in millicores, memory and ephemeral storage in bytes. */
    private static void resources(ObjectNode parent, String field, ResourceList r) {
        if (r == null) {
            parent.putNull(field);
            return;
        }
        parent.putObject(field).put("cpuMillis", r.cpuMillis()).put("memoryBytes", r.memoryBytes())
                .put("ephemeralStorageBytes", r.ephemeralBytes()).put("gpus", r.gpus()).put("pods", r.pods());
    }

    /** Pending pods with the same reason on one line: how many, the first few names, the reason. */
    private static void grouped(StringBuilder out, String indent, List<PendingPod> pods) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (PendingPod p : pods) byReason.computeIfAbsent(p.reason(), r -> new ArrayList<>()).add(p.pod());
        byReason.forEach((reason, names) -> {
            String shown = String.join(", ", names.subList(0, Math.min(3, names.size()))) + (names.size() > 3 ? ", ..." : "");
            out.append(indent).append(names.size() == 1 ? shown : names.size() + " pods (" + shown + ")").append(": ").append(reason).append('\n');
        });
    }

    private static void pendingJson(ArrayNode out, List<PendingPod> pods) {
        for (PendingPod p : pods) out.addObject().put("pod", p.pod()).put("reason", p.reason());
    }

    private static double round(double perHour) {
        return Math.round(perHour * 10_000) / 10_000.0;
    }

    private static String clock(long seconds) {
        return String.format(Locale.ROOT, "+%d:%02d", seconds / 60, seconds % 60);
    }
}
