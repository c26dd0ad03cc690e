package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.karpenter.rules.Violation;
import dev.jig.api.source.Position;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.api.source.SourceFile;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a scenario file, failing closed: what it cannot use is a located finding, never a default
 * and never an exception. In order:
 * <ol>
 *   <li>YAML 1.2 through {@link YamlLoader} (JIG00xx);</li>
 *   <li>{@code apiVersion: jig.dev/v1alpha1}, {@code kind: Scenario} ({@link Rule#SCENARIO_KIND});</li>
 *   <li>the JSON Schema {@code policies/schema/scenario.schema.json} through the {@link ScenarioSchema}
 *       port ({@link Rule#SCENARIO_SCHEMA}): every field, type, enum and range, with "did you mean";</li>
 *   <li>what a schema cannot judge: durations and quantities too large, steps that let no time pass,
 *       {@code template} beside the shorthand fields, two workloads with one name
 *       ({@link Rule#SCENARIO_VALUE}); names that point nowhere, such as a {@code scale} step's deployment,
 *       a capacity error's zone or instance type, an inline NodePool's EC2NodeClass, the policy directory
 *       ({@link Rule#SCENARIO_REFERENCE}); inline NodePools and EC2NodeClasses against the Karpenter CRD
 *       rules (JIG030x), as the API server would check them.</li>
 * </ol>
 * The later stages run only on a document the earlier ones passed, so they may rely on its shape.
 * Format: {@code examples/scenarios/README.md}.
 */
public final class ScenarioReader {

    /** The longest a {@code wait} or {@code advance} step, or a cloud latency, may last: the clock ticks by the second. */
    public static final Duration LONGEST_STEP = Duration.ofHours(24);
    private static final List<String> DEFAULT_ZONES = List.of("us-east-1a", "us-east-1b", "us-east-1c");
    private static final String ANY = "*";

    /** The scenario, or the diagnostics that stopped it. */
    public record Result(Optional<Scenario> scenario, List<Diagnostic> diagnostics) {

        public Result {
            diagnostics = List.copyOf(diagnostics);
        }
    }

    private final ScenarioSchema schema;
    private final Catalog catalog;

    /**
     * @param schema  the scenario JSON Schema check (the app serves it with the compiler's schema checker)
     * @param catalog the instance types that capacity errors and expectations may name
     */
    public ScenarioReader(ScenarioSchema schema, Catalog catalog) {
        this.schema = schema;
        this.catalog = catalog;
    }

    /** Reads {@code text}, the content of {@code path}; {@code policies:} is resolved against the file's folder. */
    public Result read(Path path, String text) {
        return new Reading(path).parse(text, Optional.empty());
    }

    /**
     * Reads {@code text} as {@link #read(Path, String)} does, with {@code faults} (a YAML or JSON mapping, as
     * {@code spec.faults} takes) in place of the file's {@code spec.faults}: how a chaos run's seed is replayed. A
     * finding in it points into {@code faults}, named {@code --faults}.
     */
    public Result read(Path path, String text, String faults) {
        return new Reading(path).parse(text, Optional.of(faults));
    }

    /** The state of one read: the findings so far and where values are in the file. */
    private final class Reading {

        private final Path path;
        private final String file;
        private final ScenarioFindings findings;

        Reading(Path path) {
            this.path = path;
            this.file = path.toString();
            this.findings = new ScenarioFindings(file);
        }

        Result parse(String text, Optional<String> faults) {
            YamlLoader.Result loaded = new YamlLoader().load(new SourceFile(file, text));
            findings.addAll(loaded.diagnostics());
            if (loaded.document().isEmpty() || findings.hasErrors()) return failed();
            LoadedDocument doc = loaded.document().get();
            findings.positions(doc.positions());
            JsonNode root = doc.root();
            if (faults.isPresent() && root.isObject()) {
                YamlLoader.Result given = new YamlLoader().load(new SourceFile("--faults", faults.get()));
                findings.addAll(given.diagnostics());
                if (given.document().isEmpty() || findings.hasErrors()) return failed();
                com.fasterxml.jackson.databind.node.ObjectNode spec = root.path("spec").isObject()
                        ? (com.fasterxml.jackson.databind.node.ObjectNode) root.path("spec") : ((com.fasterxml.jackson.databind.node.ObjectNode) root).putObject("spec");
                spec.set("faults", given.document().get().root());
                doc.positions().graft("/spec/faults", given.document().get().positions());
            }
            if (!isScenario(root)) {
                findings.add(Rule.SCENARIO_KIND, root.isObject() && root.has("kind") ? "/kind" : "",
                        "not a scenario: a scenario has apiVersion: " + ApiGroups.JIG_V1ALPHA1 + " and kind: Scenario"
                                + (root.isObject() && root.has("kind") ? ", found kind '" + root.path("kind").asText() + "'" : ""));
                return failed();
            }
            findings.addAll(schema.validate(doc));
            if (findings.hasErrors()) return failed();
            Scenario s = scenario(root.path("spec"), root.path("metadata").path("name").asText(String.valueOf(path.getFileName())));
            return findings.hasErrors() ? failed() : new Result(Optional.of(s), findings.list());
        }

        private Result failed() {
            return new Result(Optional.empty(), findings.list());
        }

        private static boolean isScenario(JsonNode root) {
            return root.isObject() && ApiGroups.JIG_V1ALPHA1.equals(root.path("apiVersion").asText())
                    && "Scenario".equals(root.path("kind").asText());
        }

        private Scenario scenario(JsonNode spec, String name) {
            List<String> zones = spec.has("zones") ? strings(spec.get("zones")) : DEFAULT_ZONES;
            JsonNode cloud = spec.path("cloud");
            Duration boot = duration(cloud, "bootLatency", "30s", "/spec/cloud/bootLatency", false);
            Duration ready = duration(cloud, "readyLatency", "10s", "/spec/cloud/readyLatency", false);
            outlived(boot, dev.jig.controller.lifecycle.NodeClaimLifecycle.REGISTRATION_TTL, "/spec/cloud/bootLatency", "registration", "registers");
            outlived(ready, dev.jig.controller.lifecycle.NodeClaimLifecycle.INITIALIZATION_TTL, "/spec/cloud/readyLatency", "initialization", "turns Ready");
            Duration podReady = duration(spec, "podReadyLatency", SimulatedWorld.DEFAULT_POD_READY_LATENCY.toSeconds() + "s", "/spec/podReadyLatency", false);
            List<Scenario.CapacityError> errors = capacityErrors(cloud.path("capacityErrors"), zones);
            Optional<Path> policies = policies(spec.get("policies"));
            List<JsonNode> classes = karpenterObjects(spec.get("nodeClasses"), "/spec/nodeClasses");
            List<JsonNode> pools = karpenterObjects(spec.get("nodePools"), "/spec/nodePools");
            if (!spec.has("policies")) nodeClassRefs(spec.get("nodePools"), classes);
            ScenarioWorkloads workloads = new ScenarioWorkloads(findings);
            List<Scenario.Workload> daemonSets = workloads.read(spec.get("daemonSets"), "/spec/daemonSets", "DaemonSet");
            List<Scenario.Workload> deployments = workloads.read(spec.get("deployments"), "/spec/deployments", "deployment");
            if (!spec.has("policies")) {
                List<String> poolNames = names(array(spec.get("nodePools")));
                workloads.poolSelectors(spec.get("daemonSets"), "/spec/daemonSets", poolNames);
                workloads.poolSelectors(spec.get("deployments"), "/spec/deployments", poolNames);
            }
            List<Scenario.Step> steps = steps(spec.get("steps"), deployments, spec.has("policies") ? null : names(classes),
                    spec.has("policies") ? null : names(array(spec.get("nodePools"))));
            return new Scenario(name, path, zones, boot, ready, cloud.path("spot").asBoolean(true), errors, policies, pools, classes,
                    daemonSets, deployments, steps, kubeScheduler(spec), budgets(spec.get("podDisruptionBudgets")), podReady,
                    kubeSchedulerOption(spec, "nominations", KubeSchedulerNominations::parse, KubeSchedulerNominations.HONORED,
                            "is not a kube-scheduler nominations mode: use Honored or Ignored"), faults(spec.get("faults"), zones));
        }

        /** {@code spec.faults}: the schema checked fields, types and ranges; durations and the taint are read here. */
        private Faults faults(JsonNode f, List<String> zones) {
            if (f == null || f.isNull()) return Faults.NONE;
            Optional<Duration> until = optionalDuration(f, "until", false);
            Optional<dev.jig.api.karpenter.Taint> taint = Optional.empty();
            JsonNode t = f.get("kubeletTaint");
            if (t != null && t.isObject()) {
                taint = Optional.of(new dev.jig.api.karpenter.Taint(t.path("key").asText(), t.hasNonNull("value") ? t.get("value").asText() : null,
                        t.path("effect").asText("NoSchedule")));
            }
            List<Faults.Storm> storms = new ArrayList<>();
            int i = 0;
            for (JsonNode s : array(f.get("capacityStorms"))) {
                String at = "/spec/faults/capacityStorms/" + i++;
                String zone = s.path("zone").asText("*");
                if (!"*".equals(zone) && !zones.contains(zone)) {
                    findings.reference(at + "/zone", "zone '" + zone + "' is not one of the scenario's zones " + zones + ScenarioFindings.near(zone, zones));
                }
                String family = s.path("family").asText("*");
                if (!"*".equals(family) && catalog.all().stream().noneMatch(type -> type.name().startsWith(family + "."))) {
                    List<String> families = catalog.all().stream().map(type -> type.name().substring(0, type.name().indexOf('.'))).distinct().toList();
                    findings.reference(at + "/family", "no instance type of family '" + family + "' is in the catalog (" + catalog.region() + ")"
                            + ScenarioFindings.near(family, families));
                }
                storms.add(new Faults.Storm(s.path("family").asText("*"), s.path("zone").asText("*"), duration(s, "at", "0s", at + "/at", false),
                        duration(s, "lasts", "10m", at + "/lasts", true)));
            }
            List<String> on = new ArrayList<>();
            for (JsonNode w : array(f.get("apiErrorsOn"))) on.add(w.asText());
            Optional<Faults.ClockJump> jump = Optional.empty();
            JsonNode j = f.get("clockJump");
            if (j != null && j.isObject()) {
                jump = Optional.of(new Faults.ClockJump(duration(j, "at", "0s", "/spec/faults/clockJump/at", false),
                        duration(j, "by", "10m", "/spec/faults/clockJump/by", true)));
            }
            Faults.Cloud cloud = new Faults.Cloud(f.path("launchErrors").asDouble(0), f.path("launchTimeouts").asDouble(0),
                    f.path("terminatedOutside").asDouble(0), f.path("spotInterruptions").asDouble(0), storms);
            Faults.Cluster cluster = new Faults.Cluster(f.path("apiErrors").asDouble(0), on, f.path("watchStalls").asDouble(0),
                    watchLag(f), f.path("neverRegister").asDouble(0),
                    f.path("neverReady").asDouble(0), taint, f.path("podsNeverReady").asDouble(0));
            Faults.Controller controller = new Faults.Controller(optionalDuration(f, "restartEvery", true),
                    optionalDuration(f, "leaderChangeEvery", true), jump);
            return new Faults(f.path("seed").asLong(1), until, cloud, cluster, controller);
        }

        /** A latency at least the lifecycle's {@code ttl}: every node would be replaced before it {@code does}. */
        private void outlived(Duration latency, Duration ttl, String pointer, String which, String does) {
            if (latency.compareTo(ttl) < 0) return;
            findings.add(Rule.SCENARIO_VALUE, findings.value(pointer), "'" + GoDuration.format(latency) + "' is not shorter than the " + which + " TTL ("
                    + GoDuration.format(ttl) + "): the controller would replace every node before it " + does,
                    "Give a latency under " + GoDuration.format(ttl) + ".");
        }

        /** {@code watchLag}, 10 s when absent; a zero one is a finding (and 10 s, so that the rest reads on). */
        private Duration watchLag(JsonNode f) {
            Duration lag = duration(f, "watchLag", "10s", "/spec/faults/watchLag", true);
            return lag.isZero() ? Duration.ofSeconds(10) : lag;
        }

        private Optional<Duration> optionalDuration(JsonNode f, String field, boolean positive) {
            return f.has(field) ? Optional.of(duration(f, field, "0s", "/spec/faults/" + field, positive)) : Optional.empty();
        }

        /** PodDisruptionBudgets; two with one namespace and name are refused. */
        private List<Scenario.Budget> budgets(JsonNode list) {
            List<Scenario.Budget> out = new ArrayList<>();
            Map<String, String> seen = new LinkedHashMap<>();
            int i = 0;
            for (JsonNode b : array(list)) {
                String at = "/spec/podDisruptionBudgets/" + i++;
                String namespace = b.path("namespace").asText("default");
                String name = b.path("name").asText();
                String first = seen.putIfAbsent(namespace + "/" + name, at);
                if (first != null) {
                    findings.add(Rule.SCENARIO_VALUE, at + "/name", "a second PodDisruptionBudget named '" + namespace + "/" + name
                            + "' (the first is at " + findings.value(first + "/name") + ")");
                }
                Map<String, String> selector = new LinkedHashMap<>();
                b.path("selector").properties().forEach(e -> selector.put(e.getKey(), e.getValue().asText()));
                out.add(new Scenario.Budget(name, namespace, selector, intOrPercent(b.get("minAvailable")), intOrPercent(b.get("maxUnavailable"))));
            }
            return out;
        }

        /** A number or a percentage as the schema admits them ({@code 2}, {@code "50%"}), as text; null when absent. */
        private static String intOrPercent(JsonNode n) {
            return n == null || n.isNull() ? null : n.asText();
        }

        /** {@code spec.kubeScheduler.scoring}: LeastAllocated (the default profile) or MostAllocated; the schema admits only those. */
        private KubeSchedulerScoring kubeScheduler(JsonNode spec) {
            return kubeSchedulerOption(spec, "scoring", KubeSchedulerScoring::parse, KubeSchedulerScoring.LEAST_ALLOCATED,
                    "is not a kube-scheduler scoring strategy: use LeastAllocated or MostAllocated");
        }

        /** One named choice of {@code spec.kubeScheduler}: its default when absent, a located finding when not one of its names. */
        private <T> T kubeSchedulerOption(JsonNode spec, String field, java.util.function.Function<String, Optional<T>> parse, T absent,
                                          String notOne) {
            JsonNode value = spec.path("kubeScheduler").get(field);
            if (value == null || value.isNull()) return absent;
            Optional<T> parsed = parse.apply(value.asText());
            if (parsed.isEmpty()) findings.add(Rule.SCENARIO_VALUE, "/spec/kubeScheduler/" + field, "'" + value.asText() + "' " + notOne);
            return parsed.orElse(absent);
        }

        private List<Scenario.CapacityError> capacityErrors(JsonNode list, List<String> zones) {
            List<Scenario.CapacityError> out = new ArrayList<>();
            int i = 0;
            for (JsonNode e : array(list)) {
                String at = "/spec/cloud/capacityErrors/" + i++;
                String type = e.path("instanceType").asText(ANY);
                String zone = e.path("zone").asText(ANY);
                if (!type.equals(ANY)) instanceType(type, at + "/instanceType");
                if (!zone.equals(ANY) && !zones.contains(zone)) {
                    findings.reference(at + "/zone", "zone '" + zone + "' is not one of the scenario's zones " + zones + ScenarioFindings.near(zone, zones));
                }
                out.add(new Scenario.CapacityError(type, zone, e.path("capacityType").asText(ANY)));
            }
            return out;
        }

        private Optional<Path> policies(JsonNode node) {
            if (node == null) return Optional.empty();
            Path dir;
            try {
                dir = path.toAbsolutePath().getParent().resolve(node.asText()).normalize();
            } catch (InvalidPathException e) {
                findings.add(Rule.SCENARIO_VALUE, "/spec/policies", "'" + node.asText() + "' is not a path: " + e.getReason());
                return Optional.empty();
            }
            if (!Files.isDirectory(dir)) findings.reference("/spec/policies", "no policy directory at " + dir);
            return Optional.of(dir);
        }

        /** Inline NodePools or EC2NodeClasses, checked with the Karpenter v1.14.1 CRD rules, as the API server would. */
        private List<JsonNode> karpenterObjects(JsonNode list, String pointer) {
            List<JsonNode> out = new ArrayList<>();
            int i = 0;
            for (JsonNode o : array(list)) if (karpenterObject(o, pointer + "/" + i++)) out.add(o);
            return out;
        }

        /** Whether one NodePool or EC2NodeClass at {@code at} passes the Karpenter v1.14.1 CRD rules; the findings say why not. */
        private boolean karpenterObject(JsonNode o, String at) {
            List<Violation> violations = KarpenterRules.validate(o);
            for (Violation v : violations) findings.add(v.rule(), findings.value(at + v.pointer()), v.message(), v.rule().hint());
            return violations.isEmpty();
        }

        /** Without a policy directory, every inline NodePool's nodeClassRef must name an inline EC2NodeClass. */
        private void nodeClassRefs(JsonNode pools, List<JsonNode> classes) {
            List<String> names = names(classes);
            int i = 0;
            for (JsonNode pool : array(pools)) nodeClassRef(pool, "/spec/nodePools/" + i++, names);
        }

        private void nodeClassRef(JsonNode pool, String at, List<String> names) {
            String ref = pool.path("spec").path("template").path("spec").path("nodeClassRef").path("name").asText();
            if (names.contains(ref)) return;
            findings.reference(at + "/spec/template/spec/nodeClassRef/name", "NodePool '" + pool.path("metadata").path("name").asText()
                    + "' names EC2NodeClass '" + ref + "', which the scenario does not define" + ScenarioFindings.near(ref, names));
        }

        /**
         * @param nodeClasses the inline EC2NodeClasses a NodePool step may name; null when a policy directory may supply others
         * @param pools       the inline NodePools an interrupt step may name; null when a policy directory may supply others
         */
        private List<Scenario.Step> steps(JsonNode list, List<Scenario.Workload> deployments, List<String> nodeClasses, List<String> pools) {
            List<String> names = deployments.stream().map(Scenario.Workload::name).toList();
            List<Scenario.Step> out = new ArrayList<>();
            int i = 0;
            for (JsonNode s : array(list)) {
                String at = "/spec/steps/" + i++;
                Position pos = findings.value(at);
                if (s.has("scale")) {
                    String d = s.path("scale").path("deployment").asText();
                    if (!names.contains(d)) findings.reference(at + "/scale/deployment", "no deployment named '" + d + "'" + ScenarioFindings.near(d, names));
                    out.add(new Scenario.Scale(d, s.path("scale").path("replicas").asInt(), pos));
                } else if (s.has("wait")) {
                    out.add(new Scenario.Wait(duration(s.path("wait"), "timeout", "15m", at + "/wait/timeout", true), pos));
                } else if (s.has("advance")) {
                    out.add(new Scenario.Advance(duration(s, "advance", "", at + "/advance", true), pos));
                } else if (s.has("expect")) {
                    out.add(expect(s.path("expect"), at, pos, names));
                } else if (s.has("interrupt")) {
                    String pool = s.path("interrupt").path("nodePool").textValue();
                    if (pool != null && pools != null && !pools.contains(pool)) {
                        findings.reference(at + "/interrupt/nodePool", "no NodePool named '" + pool + "'" + ScenarioFindings.near(pool, pools));
                    }
                    out.add(interrupt(s.path("interrupt"), pos));
                } else if (s.has("nodePool")) {
                    JsonNode pool = s.path("nodePool");
                    if (karpenterObject(pool, at + "/nodePool")) {
                        if (nodeClasses != null) nodeClassRef(pool, at + "/nodePool", nodeClasses);
                        out.add(new Scenario.ApplyNodePool(pool, pos));
                    }
                }
            }
            return out;
        }

        /** An {@code interrupt} step; the schema admits only the kinds' reasons and the capacity types. */
        private Scenario.Interrupt interrupt(JsonNode i, Position pos) {
            String reason = i.path("kind").asText();
            CloudEvent.Kind kind = java.util.Arrays.stream(CloudEvent.Kind.values()).filter(k -> k.reason().equals(reason)).findFirst()
                    .orElse(CloudEvent.Kind.SPOT_INTERRUPTION);
            return new Scenario.Interrupt(kind, i.path("nodes").asInt(1), Optional.ofNullable(i.path("capacityType").textValue()),
                    Optional.ofNullable(i.path("nodePool").textValue()), pos);
        }

        private Scenario.Expect expect(JsonNode e, String at, Position pos, List<String> deployments) {
            Map<String, Integer> types = new LinkedHashMap<>();
            e.path("instanceTypes").properties().forEach(x -> {
                instanceType(x.getKey(), at + "/expect/instanceTypes/" + SourceMap.escape(x.getKey()));
                types.put(x.getKey(), x.getValue().asInt());
            });
            Map<String, Integer> ready = new LinkedHashMap<>();
            e.path("readyAtLeast").properties().forEach(x -> {
                if (!deployments.contains(x.getKey())) {
                    findings.reference(findings.key(at + "/expect/readyAtLeast/" + SourceMap.escape(x.getKey())),
                            "no deployment named '" + x.getKey() + "'" + ScenarioFindings.near(x.getKey(), deployments));
                }
                ready.put(x.getKey(), x.getValue().asInt());
            });
            return new Scenario.Expect(e.has("nodes") ? Optional.of(e.get("nodes").asInt()) : Optional.empty(), types,
                    e.has("pending") ? Optional.of(e.get("pending").asInt()) : Optional.empty(), ready, pos);
        }

        /** A duration of the schema's shape that must also fit the simulation: at most {@link #LONGEST_STEP}, more than 0s where time must pass. */
        private Duration duration(JsonNode parent, String field, String fallback, String pointer, boolean mustPass) {
            String text = parent.path(field).asText(fallback);
            Optional<Long> seconds = GoDuration.parseSeconds(text);
            if (seconds.isEmpty() || seconds.get() > LONGEST_STEP.getSeconds()) {
                findings.add(Rule.SCENARIO_VALUE, findings.value(pointer), "'" + text + "' is " + (seconds.isEmpty() ? "too long to read" : "longer than "
                        + GoDuration.formatMinutes(LONGEST_STEP.toMinutes())) + ", the longest a step or latency may be", "Split a longer stretch into several steps.");
                return Duration.ZERO;
            }
            if (mustPass && seconds.get() == 0) {
                findings.add(Rule.SCENARIO_VALUE, findings.value(pointer), "'" + text + "' lets no time pass", "Give a duration longer than 0s, or remove the step.");
            }
            return Duration.ofSeconds(seconds.get());
        }

        private void instanceType(String name, String pointer) {
            if (catalog.find(name).isPresent()) return;
            List<String> names = catalog.all().stream().map(InstanceType::name).toList();
            findings.reference(pointer, "instance type '" + name + "' is not in the catalog (" + catalog.region() + ")" + ScenarioFindings.near(name, names));
        }
    }

    /** The {@code metadata.name}s of a list of objects. */
    private static List<String> names(Iterable<JsonNode> objects) {
        List<String> out = new ArrayList<>();
        for (JsonNode o : objects) out.add(o.path("metadata").path("name").asText());
        return out;
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : array(n)) out.add(v.asText());
        return out;
    }

    /** The items of a list; nothing for a value that is absent or not a list. */
    static Iterable<JsonNode> array(JsonNode n) {
        return n == null || !n.isArray() ? List.of() : n;
    }
}
