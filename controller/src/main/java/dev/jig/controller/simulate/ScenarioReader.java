package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.NearestName;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.karpenter.rules.Violation;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;
import dev.jig.controller.manifest.PodManifests;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
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
    /** The largest quantity (in bytes, cores or devices) a request or limit may ask for: larger sums would overflow. */
    static final BigDecimal LARGEST_QUANTITY = BigDecimal.TEN.pow(15);
    private static final String PAUSE = "registry.k8s.io/pause:3.10";
    private static final List<String> DEFAULT_ZONES = List.of("us-east-1a", "us-east-1b", "us-east-1c");
    private static final List<String> SHORTHAND = List.of("labels", "requests", "limits", "nodeSelector", "tolerations", "affinity",
            "topologySpreadConstraints");
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
        return new Reading(path).parse(text);
    }

    /** The state of one read: the findings so far and where values are in the file. */
    private final class Reading {

        private final Path path;
        private final String file;
        private final List<Diagnostic> findings = new ArrayList<>();
        private SourceMap positions;

        Reading(Path path) {
            this.path = path;
            this.file = path.toString();
        }

        Result parse(String text) {
            YamlLoader.Result loaded = new YamlLoader().load(new SourceFile(file, text));
            findings.addAll(loaded.diagnostics());
            if (loaded.document().isEmpty() || findings.stream().anyMatch(Diagnostic::isError)) return failed();
            LoadedDocument doc = loaded.document().get();
            positions = doc.positions();
            JsonNode root = doc.root();
            if (!isScenario(root)) {
                add(Rule.SCENARIO_KIND, root.isObject() && root.has("kind") ? "/kind" : "",
                        "not a scenario: a scenario has apiVersion: " + ApiGroups.JIG_V1ALPHA1 + " and kind: Scenario"
                                + (root.isObject() && root.has("kind") ? ", found kind '" + root.path("kind").asText() + "'" : ""));
                return failed();
            }
            findings.addAll(schema.validate(doc));
            if (findings.stream().anyMatch(Diagnostic::isError)) return failed();
            Scenario s = scenario(root.path("spec"), root.path("metadata").path("name").asText(String.valueOf(path.getFileName())));
            return findings.stream().anyMatch(Diagnostic::isError) ? failed() : new Result(Optional.of(s), findings);
        }

        private Result failed() {
            return new Result(Optional.empty(), findings);
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
            List<Scenario.CapacityError> errors = capacityErrors(cloud.path("capacityErrors"), zones);
            Optional<Path> policies = policies(spec.get("policies"));
            List<JsonNode> classes = karpenterObjects(spec.get("nodeClasses"), "/spec/nodeClasses");
            List<JsonNode> pools = karpenterObjects(spec.get("nodePools"), "/spec/nodePools");
            if (policies.isEmpty()) nodeClassRefs(spec.get("nodePools"), classes);
            List<Scenario.Workload> daemonSets = workloads(spec.get("daemonSets"), "/spec/daemonSets", "DaemonSet");
            List<Scenario.Workload> deployments = workloads(spec.get("deployments"), "/spec/deployments", "deployment");
            if (policies.isEmpty()) {
                List<String> poolNames = names(array(spec.get("nodePools")));
                poolSelectors(spec.get("daemonSets"), "/spec/daemonSets", poolNames);
                poolSelectors(spec.get("deployments"), "/spec/deployments", poolNames);
            }
            List<Scenario.Step> steps = steps(spec.get("steps"), deployments);
            return new Scenario(name, path, zones, boot, ready, cloud.path("spot").asBoolean(true), errors, policies, pools, classes,
                    daemonSets, deployments, steps);
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
                    reference(at + "/zone", "zone '" + zone + "' is not one of the scenario's zones " + zones + near(zone, zones));
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
                add(Rule.SCENARIO_VALUE, "/spec/policies", "'" + node.asText() + "' is not a path: " + e.getReason());
                return Optional.empty();
            }
            if (!Files.isDirectory(dir)) reference("/spec/policies", "no policy directory at " + dir);
            return Optional.of(dir);
        }

        /** Inline NodePools or EC2NodeClasses, checked with the Karpenter v1.14.1 CRD rules, as the API server would. */
        private List<JsonNode> karpenterObjects(JsonNode list, String pointer) {
            List<JsonNode> out = new ArrayList<>();
            int i = 0;
            for (JsonNode o : array(list)) {
                String at = pointer + "/" + i++;
                List<Violation> violations = KarpenterRules.validate(o);
                for (Violation v : violations) findings.add(Diagnostic.of(v.rule(), positions.value(at + v.pointer()), v.message()));
                if (violations.isEmpty()) out.add(o);
            }
            return out;
        }

        /** Without a policy directory, every inline NodePool's nodeClassRef must name an inline EC2NodeClass. */
        private void nodeClassRefs(JsonNode pools, List<JsonNode> classes) {
            List<String> names = names(classes);
            int i = 0;
            for (JsonNode pool : array(pools)) {
                String at = "/spec/nodePools/" + i++ + "/spec/template/spec/nodeClassRef/name";
                String ref = pool.path("spec").path("template").path("spec").path("nodeClassRef").path("name").asText();
                if (names.contains(ref)) continue;
                reference(at, "NodePool '" + pool.path("metadata").path("name").asText() + "' names EC2NodeClass '" + ref
                        + "', which the scenario does not define" + near(ref, names));
            }
        }

        /** Without a policy directory, a workload that selects {@code karpenter.sh/nodepool} must name an inline NodePool. */
        private void poolSelectors(JsonNode workloads, String pointer, List<String> poolNames) {
            int i = 0;
            for (JsonNode w : array(workloads)) {
                String at = pointer + "/" + i++ + (w.has("template") ? "/template/spec" : "") + "/nodeSelector/" + SourceMap.escape(WellKnownLabels.NODEPOOL);
                JsonNode selector = (w.has("template") ? w.path("template").path("spec") : w).path("nodeSelector").get(WellKnownLabels.NODEPOOL);
                if (selector == null || poolNames.contains(selector.asText())) continue;
                reference(at, "the pods select NodePool '" + selector.asText() + "', which the scenario does not define" + near(selector.asText(), poolNames));
            }
        }

        private List<Scenario.Workload> workloads(JsonNode list, String pointer, String what) {
            List<Scenario.Workload> out = new ArrayList<>();
            Map<String, String> seen = new HashMap<>();
            int i = 0;
            for (JsonNode w : array(list)) {
                String at = pointer + "/" + i++;
                String name = w.path("name").asText();
                int before = findings.size();
                String first = seen.putIfAbsent(name, at);
                if (first != null) {
                    add(Rule.SCENARIO_VALUE, at + "/name", "a second " + what + " named '" + name + "' (the first is at "
                            + positions.value(first + "/name") + ")");
                }
                Map<String, String> labels = new LinkedHashMap<>();
                JsonNode spec;
                if (w.has("template")) {
                    for (String field : SHORTHAND) {
                        if (w.has(field)) {
                            add(Rule.SCENARIO_VALUE, positions.key(at + "/" + field), "'" + field + "' is given beside 'template', which would ignore it",
                                    "Give the pods either with the shorthand fields or as a template; move '" + field + "' into the template.");
                        }
                    }
                    w.path("template").path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
                    spec = w.path("template").path("spec");
                    quantities(spec, at + "/template/spec");
                } else {
                    w.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
                    spec = shorthandSpec(w);
                    quantities(w, at);
                }
                if (labels.isEmpty()) labels.put("app", name);
                String namespace = w.path("namespace").asText("default");
                int replicas = w.path("replicas").asInt(0);
                if (findings.size() == before && podTemplateReads(namespace, name, labels, spec, at)) out.add(new Scenario.Workload(name, namespace, replicas, labels, spec));
            }
            return out;
        }

        /** Every request, limit and overhead of a pod spec (or of a shorthand workload) is a quantity that fits. */
        private void quantities(JsonNode spec, String at) {
            resources(spec.get("requests"), at + "/requests");
            resources(spec.get("limits"), at + "/limits");
            resources(spec.get("overhead"), at + "/overhead");
            for (String list : new String[] {"containers", "initContainers"}) {
                int i = 0;
                for (JsonNode c : array(spec.get(list))) {
                    String ca = at + "/" + list + "/" + i++ + "/resources";
                    resources(c.path("resources").get("requests"), ca + "/requests");
                    resources(c.path("resources").get("limits"), ca + "/limits");
                }
            }
        }

        private void resources(JsonNode map, String at) {
            if (map == null) return;
            map.properties().forEach(e -> {
                String text = e.getValue().asText();
                Optional<Quantity> q = quantity(text);
                if (q.isEmpty() || q.get().amount().abs().compareTo(LARGEST_QUANTITY) > 0) {
                    add(Rule.SCENARIO_VALUE, at + "/" + SourceMap.escape(e.getKey()),
                            e.getKey() + ": '" + text + "' is " + (q.isEmpty() ? "not a quantity" : "larger than any node (at most 10^15)"));
                }
            });
        }

        private static Optional<Quantity> quantity(String text) {
            try {
                return Quantity.tryParse(text);
            } catch (IllegalArgumentException | ArithmeticException e) {
                return Optional.empty();
            }
        }

        /**
         * Reads the pod template as the simulation will, so that whatever the schema and the checks above
         * let through but the pod reader refuses is a finding at the workload, not a crash mid-run.
         */
        private boolean podTemplateReads(String namespace, String name, Map<String, String> labels, JsonNode spec, String at) {
            try {
                PodManifests.template(namespace, name + "-0", labels, spec);
                return true;
            } catch (IllegalArgumentException | ArithmeticException e) {
                add(Rule.SCENARIO_VALUE, at, "the pods of '" + name + "' cannot be read: " + e.getMessage());
                return false;
            }
        }

        private List<Scenario.Step> steps(JsonNode list, List<Scenario.Workload> deployments) {
            List<String> names = deployments.stream().map(Scenario.Workload::name).toList();
            List<Scenario.Step> out = new ArrayList<>();
            int i = 0;
            for (JsonNode s : array(list)) {
                String at = "/spec/steps/" + i++;
                Position pos = positions.value(at);
                if (s.has("scale")) {
                    String d = s.path("scale").path("deployment").asText();
                    if (!names.contains(d)) reference(at + "/scale/deployment", "no deployment named '" + d + "'" + near(d, names));
                    out.add(new Scenario.Scale(d, s.path("scale").path("replicas").asInt(), pos));
                } else if (s.has("wait")) {
                    out.add(new Scenario.Wait(duration(s.path("wait"), "timeout", "15m", at + "/wait/timeout", true), pos));
                } else if (s.has("advance")) {
                    out.add(new Scenario.Advance(duration(s, "advance", "", at + "/advance", true), pos));
                } else if (s.has("expect")) {
                    out.add(expect(s.path("expect"), at, pos));
                }
            }
            return out;
        }

        private Scenario.Expect expect(JsonNode e, String at, Position pos) {
            Map<String, Integer> types = new LinkedHashMap<>();
            e.path("instanceTypes").properties().forEach(x -> {
                instanceType(x.getKey(), at + "/expect/instanceTypes/" + SourceMap.escape(x.getKey()));
                types.put(x.getKey(), x.getValue().asInt());
            });
            return new Scenario.Expect(e.has("nodes") ? Optional.of(e.get("nodes").asInt()) : Optional.empty(), types,
                    e.has("pending") ? Optional.of(e.get("pending").asInt()) : Optional.empty(), pos);
        }

        /** A duration of the schema's shape that must also fit the simulation: at most {@link #LONGEST_STEP}, more than 0s where time must pass. */
        private Duration duration(JsonNode parent, String field, String fallback, String pointer, boolean mustPass) {
            String text = parent.path(field).asText(fallback);
            Optional<Long> seconds = GoDuration.parseSeconds(text);
            if (seconds.isEmpty() || seconds.get() > LONGEST_STEP.getSeconds()) {
                add(Rule.SCENARIO_VALUE, positions.value(pointer), "'" + text + "' is " + (seconds.isEmpty() ? "too long to read" : "longer than "
                        + GoDuration.formatMinutes(LONGEST_STEP.toMinutes())) + ", the longest a step or latency may be", "Split a longer stretch into several steps.");
                return Duration.ZERO;
            }
            if (mustPass && seconds.get() == 0) {
                add(Rule.SCENARIO_VALUE, positions.value(pointer), "'" + text + "' lets no time pass", "Give a duration longer than 0s, or remove the step.");
            }
            return Duration.ofSeconds(seconds.get());
        }

        private void instanceType(String name, String pointer) {
            if (catalog.find(name).isPresent()) return;
            List<String> names = catalog.all().stream().map(InstanceType::name).toList();
            reference(pointer, "instance type '" + name + "' is not in the catalog (" + catalog.region() + ")" + near(name, names));
        }

        private void reference(String pointer, String message) {
            add(Rule.SCENARIO_REFERENCE, pointer, message);
        }

        private void add(Rule rule, String pointer, String message) {
            findings.add(Diagnostic.of(rule, positions.value(pointer), message));
        }

        private void add(Rule rule, Position at, String message, String hint) {
            findings.add(Diagnostic.of(rule, at, message, hint));
        }
    }

    /** {@code requests}, {@code nodeSelector}, {@code tolerations}, {@code affinity}, {@code topologySpreadConstraints} as a pod spec. */
    private static JsonNode shorthandSpec(JsonNode w) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode spec = f.objectNode();
        ObjectNode container = spec.putArray("containers").addObject();
        container.put("name", "main");
        container.put("image", PAUSE);
        ObjectNode resources = container.putObject("resources");
        if (w.has("requests")) resources.set("requests", w.get("requests"));
        if (w.has("limits")) resources.set("limits", w.get("limits"));
        for (String field : new String[] {"nodeSelector", "tolerations", "affinity", "topologySpreadConstraints"}) {
            if (w.has(field)) spec.set(field, w.get(field));
        }
        return spec;
    }

    /** A name like the one typed, as the schema findings suggest fields: {@code " (did you mean 'x'?)"} or nothing. */
    private static String near(String typed, Collection<String> names) {
        return NearestName.of(typed, names).map(n -> " (did you mean '" + n + "'?)").orElse("");
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

    private static Iterable<JsonNode> array(JsonNode n) {
        return n == null || !n.isArray() ? List.of() : n;
    }
}
