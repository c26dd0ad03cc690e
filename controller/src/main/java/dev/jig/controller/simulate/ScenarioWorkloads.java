package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.source.SourceMap;
import dev.jig.controller.manifest.PodManifests;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.jig.controller.simulate.ScenarioReader.array;

/**
 * Reads a scenario's deployments or DaemonSets, after the schema passed them: their pods given with the
 * shorthand fields or as a template (never both), names unique, every quantity one that fits, and the
 * pod template readable as the simulation will read it ({@link PodManifests}). Part of {@link ScenarioReader}.
 */
final class ScenarioWorkloads {

    /** The largest quantity (in bytes, cores or devices) a request or limit may ask for: larger sums would overflow. */
    static final BigDecimal LARGEST_QUANTITY = BigDecimal.TEN.pow(15);
    private static final String PAUSE = "registry.k8s.io/pause:3.10";
    private static final List<String> SHORTHAND = List.of("labels", "annotations", "requests", "limits", "nodeSelector", "tolerations", "affinity",
            "topologySpreadConstraints", "priority");

    private final ScenarioFindings findings;

    ScenarioWorkloads(ScenarioFindings findings) {
        this.findings = findings;
    }

    /** Without a policy directory, a workload that selects {@code karpenter.sh/nodepool} must name an inline NodePool. */
    void poolSelectors(JsonNode workloads, String pointer, List<String> poolNames) {
        int i = 0;
        for (JsonNode w : array(workloads)) {
            String at = pointer + "/" + i++ + (w.has("template") ? "/template/spec" : "") + "/nodeSelector/" + SourceMap.escape(WellKnownLabels.NODEPOOL);
            JsonNode selector = (w.has("template") ? w.path("template").path("spec") : w).path("nodeSelector").get(WellKnownLabels.NODEPOOL);
            if (selector == null || poolNames.contains(selector.asText())) continue;
            findings.reference(at, "the pods select NodePool '" + selector.asText() + "', which the scenario does not define" + ScenarioFindings.near(selector.asText(), poolNames));
        }
    }

    List<Scenario.Workload> read(JsonNode list, String pointer, String what) {
        List<Scenario.Workload> out = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        int i = 0;
        for (JsonNode w : array(list)) {
            String at = pointer + "/" + i++;
            String name = w.path("name").asText();
            int before = findings.count();
            String first = seen.putIfAbsent(name, at);
            if (first != null) {
                findings.add(Rule.SCENARIO_VALUE, at + "/name", "a second " + what + " named '" + name + "' (the first is at "
                        + findings.value(first + "/name") + ")");
            }
            Map<String, String> labels = new LinkedHashMap<>();
            Map<String, String> annotations = new LinkedHashMap<>();
            JsonNode spec;
            if (w.has("template")) {
                for (String field : SHORTHAND) {
                    if (w.has(field)) {
                        findings.add(Rule.SCENARIO_VALUE, findings.key(at + "/" + field), "'" + field + "' is given beside 'template', which would ignore it",
                                "Give the pods either with the shorthand fields or as a template; move '" + field + "' into the template.");
                    }
                }
                w.path("template").path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
                w.path("template").path("metadata").path("annotations").properties().forEach(e -> annotations.put(e.getKey(), e.getValue().asText()));
                spec = w.path("template").path("spec");
                quantities(spec, at + "/template/spec");
            } else {
                w.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
                w.path("annotations").properties().forEach(e -> annotations.put(e.getKey(), e.getValue().asText()));
                spec = shorthandSpec(w);
                quantities(w, at);
            }
            if (labels.isEmpty()) labels.put("app", name);
            String namespace = w.path("namespace").asText("default");
            int replicas = w.path("replicas").asInt(0);
            if (findings.count() == before && podTemplateReads(namespace, name, labels, spec, at)) out.add(new Scenario.Workload(name, namespace, replicas, labels, annotations, spec));
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
                findings.add(Rule.SCENARIO_VALUE, at + "/" + SourceMap.escape(e.getKey()),
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
            findings.add(Rule.SCENARIO_VALUE, at, "the pods of '" + name + "' cannot be read: " + e.getMessage());
            return false;
        }
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
}
