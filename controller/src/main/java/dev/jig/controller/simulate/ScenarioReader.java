package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.karpenter.rules.Violation;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a scenario file (YAML 1.2, through the compiler's {@link YamlLoader}); every problem is a
 * {@link Rule#SCENARIO} diagnostic at its {@code file:line:column}, and inline NodePools and
 * EC2NodeClasses must pass the compiler's {@link KarpenterRules} (JIG030x), as the CRDs would
 * demand. Format, by example: {@code examples/scenarios/inflate.yaml}.
 */
public final class ScenarioReader {

    private static final String PAUSE = "registry.k8s.io/pause:3.10";

    /** The scenario, or the diagnostics that stopped it. */
    public record Result(Optional<Scenario> scenario, List<Diagnostic> diagnostics) {
    }

    private final List<Diagnostic> findings = new ArrayList<>();
    private SourceMap positions;
    private String file;

    public static Result read(Path path, String text) {
        return new ScenarioReader().parse(path, text);
    }

    private Result parse(Path path, String text) {
        file = path.toString();
        YamlLoader.Result loaded = new YamlLoader().load(new SourceFile(file, text));
        findings.addAll(loaded.diagnostics());
        if (loaded.document().isEmpty()) return new Result(Optional.empty(), findings);
        LoadedDocument doc = loaded.document().get();
        positions = doc.positions();
        JsonNode root = doc.root();
        if (!ApiGroups.JIG_V1ALPHA1.equals(root.path("apiVersion").asText()) || !"Scenario".equals(root.path("kind").asText())) {
            error("", "a scenario needs apiVersion: " + ApiGroups.JIG_V1ALPHA1 + " and kind: Scenario");
            return new Result(Optional.empty(), findings);
        }
        JsonNode spec = root.path("spec");
        JsonNode cloud = spec.path("cloud");
        List<String> zones = strings(spec.get("zones"));
        if (zones.isEmpty()) zones = List.of("us-east-1a", "us-east-1b", "us-east-1c");
        List<Scenario.CapacityError> errors = new ArrayList<>();
        for (JsonNode e : array(cloud.get("capacityErrors"))) {
            errors.add(new Scenario.CapacityError(e.path("instanceType").asText("*"), e.path("zone").asText("*"), e.path("capacityType").asText("*")));
        }
        Optional<Path> policies = spec.hasNonNull("policies")
                ? Optional.of(path.toAbsolutePath().getParent().resolve(spec.get("policies").asText()).normalize()) : Optional.empty();
        List<JsonNode> pools = karpenterObjects(spec.get("nodePools"), "/spec/nodePools");
        List<JsonNode> classes = karpenterObjects(spec.get("nodeClasses"), "/spec/nodeClasses");
        List<Scenario.Workload> daemonSets = workloads(spec.get("daemonSets"), "/spec/daemonSets");
        List<Scenario.Workload> deployments = workloads(spec.get("deployments"), "/spec/deployments");
        List<Scenario.Step> steps = steps(spec.get("steps"), deployments);
        Scenario s = new Scenario(root.path("metadata").path("name").asText(path.getFileName().toString()), path, zones,
                duration(cloud, "bootLatency", "30s", "/spec/cloud/bootLatency"), duration(cloud, "readyLatency", "10s", "/spec/cloud/readyLatency"),
                cloud.path("spot").asBoolean(true), errors, policies, pools, classes, daemonSets, deployments, steps, kubeScheduler(spec));
        boolean failed = findings.stream().anyMatch(Diagnostic::isError);
        return new Result(failed ? Optional.empty() : Optional.of(s), findings);
    }

    /** Inline NodePools or EC2NodeClasses, checked with the compiler's Karpenter v1.14.1 rules, as the API server would. */
    private List<JsonNode> karpenterObjects(JsonNode list, String pointer) {
        List<JsonNode> out = new ArrayList<>();
        int i = 0;
        for (JsonNode o : array(list)) {
            String at = pointer + "/" + i++;
            List<Violation> violations = KarpenterRules.validate(o);
            for (Violation v : violations) {
                Position p = positions.value(at + v.pointer());
                findings.add(Diagnostic.of(v.rule(), p, v.message()));
            }
            if (violations.isEmpty()) out.add(o);
        }
        return out;
    }

    private List<Scenario.Workload> workloads(JsonNode list, String pointer) {
        List<Scenario.Workload> out = new ArrayList<>();
        int i = 0;
        for (JsonNode w : array(list)) {
            String at = pointer + "/" + i++;
            String name = w.path("name").asText("");
            if (name.isEmpty()) {
                error(at, "a workload needs a name");
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            JsonNode spec;
            if (w.has("template")) {
                w.path("template").path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
                spec = w.path("template").path("spec");
            } else {
                w.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
                spec = shorthandSpec(w);
            }
            if (labels.isEmpty()) labels.put("app", name);
            out.add(new Scenario.Workload(name, w.path("namespace").asText("default"), w.path("replicas").asInt(0), labels, spec));
        }
        return out;
    }

    /** {@code requests}, {@code nodeSelector}, {@code tolerations}, {@code affinity}, {@code topologySpreadConstraints}, {@code priority} as a pod spec. */
    private static JsonNode shorthandSpec(JsonNode w) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode spec = f.objectNode();
        ObjectNode container = spec.putArray("containers").addObject();
        container.put("name", "main");
        container.put("image", PAUSE);
        ObjectNode resources = container.putObject("resources");
        if (w.has("requests")) resources.set("requests", w.get("requests"));
        if (w.has("limits")) resources.set("limits", w.get("limits"));
        for (String field : new String[] {"nodeSelector", "tolerations", "affinity", "topologySpreadConstraints", "priority"}) {
            if (w.has(field)) spec.set(field, w.get(field));
        }
        return spec;
    }

    private List<Scenario.Step> steps(JsonNode list, List<Scenario.Workload> deployments) {
        List<Scenario.Step> out = new ArrayList<>();
        int i = 0;
        for (JsonNode s : array(list)) {
            String at = "/spec/steps/" + i++;
            Position pos = positions.value(at);
            if (s.has("scale")) {
                String d = s.path("scale").path("deployment").asText("");
                if (deployments.stream().noneMatch(w -> w.name().equals(d))) error(at + "/scale/deployment", "no deployment named '" + d + "'");
                out.add(new Scenario.Scale(d, s.path("scale").path("replicas").asInt(0), pos));
            } else if (s.has("wait")) {
                out.add(new Scenario.Wait(duration(s.path("wait"), "timeout", "15m", at + "/wait/timeout"), pos));
            } else if (s.has("advance")) {
                out.add(new Scenario.Advance(parse(s.get("advance").asText(), at + "/advance"), pos));
            } else if (s.has("expect")) {
                JsonNode e = s.path("expect");
                Map<String, Integer> types = new LinkedHashMap<>();
                e.path("instanceTypes").properties().forEach(x -> types.put(x.getKey(), x.getValue().asInt()));
                out.add(new Scenario.Expect(e.has("nodes") ? Optional.of(e.get("nodes").asInt()) : Optional.empty(), types,
                        e.has("pending") ? Optional.of(e.get("pending").asInt()) : Optional.empty(), pos));
            } else {
                error(at, "a step is one of scale, wait, advance or expect");
            }
        }
        return out;
    }

    /** {@code spec.kubeScheduler.scoring}: LeastAllocated (the default profile) or MostAllocated. */
    private KubeSchedulerScoring kubeScheduler(JsonNode spec) {
        JsonNode scoring = spec.path("kubeScheduler").get("scoring");
        if (scoring == null || scoring.isNull()) return KubeSchedulerScoring.LEAST_ALLOCATED;
        Optional<KubeSchedulerScoring> s = KubeSchedulerScoring.parse(scoring.asText());
        if (s.isEmpty()) error("/spec/kubeScheduler/scoring", "'" + scoring.asText() + "' is not a kube-scheduler scoring strategy: use LeastAllocated or MostAllocated");
        return s.orElse(KubeSchedulerScoring.LEAST_ALLOCATED);
    }

    private Duration duration(JsonNode parent, String field, String fallback, String pointer) {
        return parse(parent.path(field).asText(fallback), pointer);
    }

    private Duration parse(String text, String pointer) {
        Optional<Long> s = GoDuration.parseSeconds(text);
        if (s.isEmpty()) {
            error(pointer, "'" + text + "' is not a duration such as 30s, 5m or 1h30m");
            return Duration.ZERO;
        }
        return Duration.ofSeconds(s.get());
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : array(n)) out.add(v.asText());
        return out;
    }

    private static Iterable<JsonNode> array(JsonNode n) {
        return n == null || !n.isArray() ? List.of() : n;
    }

    private void error(String pointer, String message) {
        Position p = positions == null ? Position.ofFile(file) : positions.value(pointer);
        findings.add(Diagnostic.of(Rule.SCENARIO, p == null ? Position.ofFile(file) : p, message));
    }
}
