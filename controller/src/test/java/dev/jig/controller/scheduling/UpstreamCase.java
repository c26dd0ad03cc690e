package dev.jig.controller.scheduling;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.manifest.KarpenterManifests;
import dev.jig.controller.manifest.PodManifests;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.testing.Fixtures;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;

/**
 * One case of the upstream replay ({@link UpstreamReplayTest}) turned into a scheduling input: its {@code pools}
 * become karpenter.sh/v1 NodePools read by {@link KarpenterManifests}, its {@code pods} groups ({@code count}
 * pods named {@code name-i}) and {@code daemonSets} pod specs read by {@link PodManifests}, its {@code nodes}
 * existing nodes of catalog types with their bound pods. {@code groupOf} maps every pod name to its group.
 */
record UpstreamCase(SchedulingInput input, Map<String, String> groupOf) {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    static UpstreamCase read(JsonNode c) {
        List<SchedulingInput.Pool> pools = new ArrayList<>();
        for (JsonNode p : c.path("pools")) pools.add(Fixtures.input(nodePool(p)));
        List<Pod> daemonSets = new ArrayList<>();
        for (JsonNode d : c.path("daemonSets")) daemonSets.add(pod(d, d.path("name").asText()).with().daemonSet(true).build());
        Map<String, String> groupOf = new HashMap<>();
        List<ExistingNode> nodes = new ArrayList<>();
        for (JsonNode n : c.path("nodes")) nodes.add(existing(n, groupOf));
        List<Pod> pods = new ArrayList<>();
        for (JsonNode g : c.path("pods")) {
            String group = g.path("name").asText();
            int count = g.path("count").asInt(1);
            for (int i = 0; i < count; i++) {
                String name = count == 1 ? group : group + "-" + i;
                pods.add(pod(g, name));
                groupOf.put(name, group);
            }
        }
        return new UpstreamCase(new SchedulingInput(pods, nodes, pools, daemonSets, Optional.empty(), true), groupOf);
    }

    static List<Requirement> expressions(JsonNode list) {
        List<Requirement> out = new ArrayList<>();
        for (JsonNode e : list) out.add(new Requirement(e.path("key").asText(), Requirement.Operator.valueOf(e.path("operator").asText()), strings(e.get("values"))));
        return out;
    }

    private static NodePool nodePool(JsonNode p) {
        ObjectNode o = F.objectNode();
        o.put("apiVersion", ApiGroups.KARPENTER + "/v1").put("kind", "NodePool");
        o.putObject("metadata").put("name", p.path("name").asText("default"));
        ObjectNode spec = o.putObject("spec");
        if (p.has("weight")) spec.put("weight", p.get("weight").asInt());
        if (p.has("limits")) spec.set("limits", p.get("limits"));
        ObjectNode template = spec.putObject("template");
        if (p.has("labels")) template.putObject("metadata").set("labels", p.get("labels"));
        ObjectNode tspec = template.putObject("spec");
        tspec.set("requirements", p.has("requirements") ? p.get("requirements") : F.arrayNode());
        if (p.has("taints")) tspec.set("taints", p.get("taints"));
        if (p.has("startupTaints")) tspec.set("startupTaints", p.get("startupTaints"));
        tspec.putObject("nodeClassRef").put("group", ApiGroups.KARPENTER_AWS).put("kind", "EC2NodeClass").put("name", "default");
        return KarpenterManifests.nodePool(o);
    }

    /**
     * A pod of a group: a pod {@code spec} (Kubernetes' shape), with shorthands for what most cases need:
     * {@code requests} (one container's requests), {@code nodeSelector}, {@code tolerations},
     * {@code topologySpreadConstraints}, {@code required} (node affinity terms, each a list of expressions)
     * and {@code preferred} (weighted terms: {@code {weight, match: [expressions]}}); plus {@code labels} and
     * {@code namespace}.
     */
    private static Pod pod(JsonNode g, String name) {
        ObjectNode spec = g.has("spec") ? ((ObjectNode) g.get("spec")).deepCopy() : F.objectNode();
        if (!spec.has("containers")) {
            ObjectNode container = spec.putArray("containers").addObject().put("name", "app");
            if (g.has("requests")) container.putObject("resources").set("requests", g.get("requests"));
        }
        for (String field : List.of("nodeSelector", "tolerations", "topologySpreadConstraints")) if (g.has(field)) spec.set(field, g.get(field));
        if (g.has("required") || g.has("preferred")) {
            ObjectNode nodeAffinity = spec.with("affinity").with("nodeAffinity");
            if (g.has("required")) {
                var terms = nodeAffinity.putObject("requiredDuringSchedulingIgnoredDuringExecution").putArray("nodeSelectorTerms");
                for (JsonNode term : g.get("required")) terms.addObject().set("matchExpressions", term);
            }
            if (g.has("preferred")) {
                var terms = nodeAffinity.putArray("preferredDuringSchedulingIgnoredDuringExecution");
                for (JsonNode term : g.get("preferred")) {
                    ObjectNode t = terms.addObject().put("weight", term.path("weight").asInt(1));
                    t.putObject("preference").set("matchExpressions", term.get("match"));
                }
            }
        }
        Map<String, String> labels = new TreeMap<>();
        g.path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        return PodManifests.template(g.path("namespace").asText("default"), name, labels, spec);
    }

    /** An existing node of a catalog type, registered and initialized unless told otherwise, with its bound pods. */
    private static ExistingNode existing(JsonNode n, Map<String, String> groupOf) {
        String name = n.path("name").asText();
        ResolvedInstanceType t = RESOLVER.resolve(AL2023, List.of(n.path("type").asText())).get(0);
        Map<String, String> labels = new HashMap<>(t.labels());
        labels.put(WellKnownLabels.ZONE, n.path("zone").asText("us-east-1a"));
        labels.put(WellKnownLabels.HOSTNAME, name);
        String pool = n.hasNonNull("pool") ? n.get("pool").asText() : null;
        if (pool != null) labels.put(WellKnownLabels.NODEPOOL, pool);
        n.path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        List<Taint> taints = new ArrayList<>();
        for (JsonNode x : n.path("taints")) taints.add(new Taint(x.path("key").asText(), x.hasNonNull("value") ? x.get("value").asText() : null, x.path("effect").asText()));
        List<Pod> bound = new ArrayList<>();
        for (JsonNode g : n.path("pods")) {
            String podName = g.path("name").asText();
            bound.add(pod(g, podName).with().nodeName(name).build());
            groupOf.put(podName, g.path("name").asText());
        }
        boolean initialized = n.path("initialized").asBoolean(true);
        return new ExistingNode(name, pool, labels, taints, t.allocatable(), t.capacity(), bound, initialized, true);
    }

    static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n == null) return out;
        if (n.isTextual()) out.add(n.asText());
        for (JsonNode x : n) out.add(x.asText());
        return out;
    }
}
