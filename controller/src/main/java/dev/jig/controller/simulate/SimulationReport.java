package dev.jig.controller.simulate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a simulation produced: the decision timeline, the results of its {@code expect} steps, the
 * final nodes with instance types and prices, and the total cost per hour; as text or JSON.
 */
public record SimulationReport(String scenario, String source, List<Diagnostic> diagnostics, List<Line> timeline,
                               List<Simulation.Check> checks, List<NodeLine> nodes, int pendingPods, double totalPerHour) {

    /** One timeline entry, {@code at} seconds after the start. */
    public record Line(long at, String kind, String subject, String message) {
    }

    /** One final node. */
    public record NodeLine(String nodeClaim, String node, String pool, String instanceType, String zone, String capacityType,
                           double pricePerHour, boolean simulatedPrice, int pods, boolean ready) {
    }

    public SimulationReport {
        diagnostics = List.copyOf(diagnostics);
        timeline = List.copyOf(timeline);
        checks = List.copyOf(checks);
        nodes = List.copyOf(nodes);
    }

    static SimulationReport failed(Scenario s, List<Diagnostic> findings) {
        return new SimulationReport(s.name(), s.file().toString(), findings, List.of(), List.of(), List.of(), 0, 0);
    }

    /**
     * The report of a scenario file that did not read (see {@link ScenarioReader}): its findings and nothing
     * played, so that a failure is a document of the same format as a run, with the same finding fields
     * as {@code jig lint}.
     */
    public static SimulationReport invalid(java.nio.file.Path file, List<Diagnostic> findings) {
        return new SimulationReport(String.valueOf(file.getFileName()), file.toString(), findings, List.of(), List.of(), List.of(), 0, 0);
    }

    static SimulationReport of(Scenario s, Catalog catalog, Instant start, List<TimelineEvent> timeline, List<Simulation.Check> checks, ClusterSnapshot end) {
        List<Line> lines = new ArrayList<>();
        for (TimelineEvent d : timeline) lines.add(new Line(Duration.between(start, d.at()).getSeconds(), d.kind().name(), d.subject(), d.message()));
        List<NodeLine> nodes = new ArrayList<>();
        double total = 0;
        for (NodeClaim c : end.nodeClaims()) {
            if (c.status() == null) continue;
            String nodeName = c.status().nodeName();
            int pods = 0;
            for (Pod p : end.pods()) if (nodeName != null && nodeName.equals(p.nodeName()) && !p.daemonSet()) pods++;
            boolean ready = end.nodes().stream().filter(n -> n.name().equals(nodeName)).anyMatch(Node::ready);
            nodes.add(new NodeLine(c.name(), nodeName, c.nodePool(), c.status().instanceType(), c.status().zone(), c.status().capacityType(),
                    c.status().pricePerHour(), c.status().capacityType().equals("spot"), pods, ready));
            total += c.status().pricePerHour();
        }
        return new SimulationReport(s.name(), s.file().toString() + " (catalog " + catalog.region() + ", prices of " + catalog.priceDate() + ")",
                List.of(), lines, checks, nodes, end.pendingPods().size(), total);
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
        for (Line l : timeline) {
            out.append(String.format(Locale.ROOT, "  %-7s %-18s %-32s %s%n", clock(l.at()), l.kind(), l.subject(), l.message()));
        }
        if (!checks.isEmpty()) {
            out.append("\nExpectations\n");
            for (Simulation.Check c : checks) {
                out.append(String.format(Locale.ROOT, "  %-4s %s: expected %s%s%n", c.passed() ? "ok" : "FAIL", c.at(), c.expected(),
                        c.passed() ? "" : ", got " + c.actual()));
            }
        }
        out.append("\nNodes\n");
        out.append(String.format(Locale.ROOT, "  %-22s %-14s %-14s %-11s %-10s %10s %5s  %s%n", "NODECLAIM", "POOL", "INSTANCE TYPE", "ZONE", "CAPACITY", "$/HOUR", "PODS", "NODE"));
        for (NodeLine n : nodes) {
            out.append(String.format(Locale.ROOT, "  %-22s %-14s %-14s %-11s %-10s %10.4f %5d  %s%s%n", n.nodeClaim(), n.pool(), n.instanceType(), n.zone(),
                    n.capacityType(), n.pricePerHour(), n.pods(), n.node() == null ? "(not registered)" : n.node(), n.ready() ? "" : " (not ready)"));
        }
        boolean spot = nodes.stream().anyMatch(NodeLine::simulatedPrice);
        out.append(String.format(Locale.ROOT, "%nTotal: %d node(s), $%.4f per hour%s; %d pod(s) pending%n", nodes.size(), totalPerHour,
                spot ? " (spot prices are simulated)" : " (on-demand prices from the catalog)", pendingPods));
        return out.toString();
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
        }
        root.put("pendingPods", pendingPods);
        root.put("totalPerHour", Math.round(totalPerHour * 10_000) / 10_000.0);
        root.put("passed", passed());
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String clock(long seconds) {
        return String.format(Locale.ROOT, "+%d:%02d", seconds / 60, seconds % 60);
    }
}
