package dev.jig.controller.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.model.TopologySpread;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads Kubernetes Pods (and pod templates of Deployments and DaemonSets) as JSON trees into the
 * scheduler's {@link Pod}: the effective requests (the larger of the containers' sum and each init
 * container, limits standing in for missing requests, plus pod overhead), node selector and
 * affinity, tolerations, topology spread, pod (anti-)affinity and the pod's annotations (which
 * disruption reads). It also reads the policy/v1 PodDisruptionBudgets that cover pods. The
 * Kubernetes adapter and the {@code simulate} scenarios share it, so both see pods the same way.
 */
public final class PodManifests {

    private PodManifests() {
    }

    /** A Pod object; empty for pods that have finished (Succeeded or Failed) and for unbound pods being deleted. */
    public static Optional<Pod> pod(JsonNode pod) {
        String phase = pod.path("status").path("phase").asText("");
        if (phase.equals("Succeeded") || phase.equals("Failed")) return Optional.empty();
        if (pod.path("metadata").hasNonNull("deletionTimestamp") && pod.path("spec").path("nodeName").asText("").isEmpty()) return Optional.empty();
        JsonNode meta = pod.path("metadata");
        boolean daemon = false;
        for (JsonNode owner : Json.array(meta.get("ownerReferences"))) daemon |= owner.path("kind").asText().equals("DaemonSet");
        Pod p = template(Json.text(meta, "namespace", "default"), Json.text(meta, "name", ""), Json.strings(meta.get("labels")), pod.path("spec"));
        String uid = Json.text(meta, "uid", p.uid());
        String node = pod.path("spec").path("nodeName").asText("");
        var b = p.with().uid(uid).nodeName(node.isEmpty() ? null : node).daemonSet(daemon)
                .created(Json.instant(Json.text(meta, "creationTimestamp", null)))
                .started(pod.path("status").hasNonNull("startTime") ? Json.instant(pod.path("status").path("startTime").asText()) : null)
                .nominatedNodeName(node.isEmpty() ? pod.path("status").path("nominatedNodeName").asText("") : null);
        Json.strings(meta.get("annotations")).forEach(b::annotation);
        return Optional.of(b.ignored(ignored(pod)).build());
    }

    /**
     * Why Karpenter's IsProvisionable would skip this pod: kube-scheduler has not tried it. A nominated pod is not
     * skipped here: only the provisioner knows which nominations it wrote itself (its Nominator ignores the others).
     */
    private static String ignored(JsonNode pod) {
        JsonNode spec = pod.path("spec");
        if (spec.path("schedulingGates").size() > 0) return "it has scheduling gates";
        String scheduler = spec.path("schedulerName").asText("");
        if (!scheduler.isEmpty() && !scheduler.equals("default-scheduler")) return "it is scheduled by " + scheduler;
        return null;
    }

    /** A pod built from a template's spec, pending. */
    public static Pod template(String namespace, String name, Map<String, String> labels, JsonNode spec) {
        Set<String> other = new HashSet<>();
        ResourceList requests = requests(spec, other);
        Pod p = Pod.of(namespace, name, requests, labels).with()
                .otherRequests(other)
                .nodeSelector(Json.strings(spec.get("nodeSelector")))
                .tolerations(tolerations(spec.get("tolerations")))
                .spreads(spreads(spec.get("topologySpreadConstraints"), labels))
                .priority(Json.integer(spec, "priority", 0))
                .terminationGracePeriodSeconds(Math.max(0, Json.integer(spec, "terminationGracePeriodSeconds", (int) Pod.DEFAULT_TERMINATION_GRACE_SECONDS)))
                .build();
        var b = p.with();
        JsonNode affinity = spec.path("affinity");
        JsonNode nodeAffinity = affinity.path("nodeAffinity");
        for (JsonNode term : Json.array(nodeAffinity.path("requiredDuringSchedulingIgnoredDuringExecution").get("nodeSelectorTerms"))) {
            b.requiredTerm(new NodeSelectorTerm(expressions(term.get("matchExpressions")), 0));
        }
        for (JsonNode pref : Json.array(nodeAffinity.get("preferredDuringSchedulingIgnoredDuringExecution"))) {
            b.preferredTerm(new NodeSelectorTerm(expressions(pref.path("preference").get("matchExpressions")), Json.integer(pref, "weight", 1)));
        }
        for (JsonNode t : Json.array(affinity.path("podAffinity").get("requiredDuringSchedulingIgnoredDuringExecution"))) b.affinity(term(t, 0));
        for (JsonNode t : Json.array(affinity.path("podAffinity").get("preferredDuringSchedulingIgnoredDuringExecution"))) {
            b.preferredAffinity(term(t.path("podAffinityTerm"), Json.integer(t, "weight", 1)));
        }
        for (JsonNode t : Json.array(affinity.path("podAntiAffinity").get("requiredDuringSchedulingIgnoredDuringExecution"))) b.antiAffinity(term(t, 0));
        for (JsonNode t : Json.array(affinity.path("podAntiAffinity").get("preferredDuringSchedulingIgnoredDuringExecution"))) {
            b.preferredAntiAffinity(term(t.path("podAffinityTerm"), Json.integer(t, "weight", 1)));
        }
        return b.build();
    }

    /** The effective requests of a pod spec; names of resources the scheduler does not model go to {@code other}. */
    static ResourceList requests(JsonNode spec, Set<String> other) {
        ResourceList sum = ResourceList.ZERO;
        for (JsonNode c : Json.array(spec.get("containers"))) sum = sum.plus(container(c, other));
        ResourceList init = ResourceList.ZERO;
        for (JsonNode c : Json.array(spec.get("initContainers"))) {
            ResourceList r = container(c, other);
            if (c.path("restartPolicy").asText("").equals("Always")) sum = sum.plus(r);
            else init = init.max(r);
        }
        ResourceList overhead = ResourceList.parse(known(Json.strings(spec.get("overhead")), other));
        return sum.max(init).plus(overhead);
    }

    private static ResourceList container(JsonNode c, Set<String> other) {
        Map<String, String> requests = Json.strings(c.path("resources").get("requests"));
        Map<String, String> limits = Json.strings(c.path("resources").get("limits"));
        Map<String, String> effective = new LinkedHashMap<>(limits);
        effective.putAll(requests);
        return ResourceList.parse(known(effective, other));
    }

    private static Map<String, String> known(Map<String, String> quantities, Set<String> other) {
        Map<String, String> out = new LinkedHashMap<>();
        quantities.forEach((k, v) -> {
            if (ResourceList.isKnown(k)) out.put(k, v);
            else if (!isZero(v)) other.add(k);
        });
        return out;
    }

    private static boolean isZero(String v) {
        return dev.jig.api.karpenter.Quantity.tryParse(v).map(q -> q.signum() == 0).orElse(false);
    }

    static List<Requirement> expressions(JsonNode n) {
        List<Requirement> out = new ArrayList<>();
        for (JsonNode e : Json.array(n)) {
            out.add(new Requirement(e.path("key").asText(), Requirement.Operator.valueOf(e.path("operator").asText()), Json.list(e.get("values"))));
        }
        return out;
    }

    private static List<Toleration> tolerations(JsonNode n) {
        List<Toleration> out = new ArrayList<>();
        for (JsonNode t : Json.array(n)) {
            out.add(new Toleration(Json.text(t, "key", ""), Json.text(t, "operator", "Equal"), Json.text(t, "value", ""), Json.text(t, "effect", "")));
        }
        return out;
    }

    private static List<TopologySpread> spreads(JsonNode n, Map<String, String> podLabels) {
        List<TopologySpread> out = new ArrayList<>();
        for (JsonNode s : Json.array(n)) {
            LabelSelector selector = selector(s.get("labelSelector"));
            Map<String, String> match = new LinkedHashMap<>(selector.matchLabels());
            for (String key : Json.list(s.get("matchLabelKeys"))) if (podLabels.containsKey(key)) match.put(key, podLabels.get(key));
            out.add(new TopologySpread(Json.integer(s, "maxSkew", 1), Json.text(s, "topologyKey", ""),
                    !Json.text(s, "whenUnsatisfiable", "DoNotSchedule").equals("ScheduleAnyway"),
                    new LabelSelector(match, selector.matchExpressions()), Json.integer(s, "minDomains", 0),
                    !Json.text(s, "nodeAffinityPolicy", "Honor").equals("Ignore"), Json.text(s, "nodeTaintsPolicy", "Ignore").equals("Honor")));
        }
        return out;
    }

    private static PodAffinityTerm term(JsonNode t, int weight) {
        Set<String> namespaces = new HashSet<>(Json.list(t.get("namespaces")));
        JsonNode byLabels = t.get("namespaceSelector");
        if (byLabels != null && byLabels.isObject()) {
            boolean empty = byLabels.path("matchLabels").isEmpty() && byLabels.path("matchExpressions").isEmpty();
            namespaces.add(empty ? PodAffinityTerm.ALL_NAMESPACES : PodAffinityTerm.BY_NAMESPACE_LABELS);
        }
        return new PodAffinityTerm(selector(t.get("labelSelector")), Json.text(t, "topologyKey", ""), namespaces, weight);
    }

    /**
     * A policy/v1 PodDisruptionBudget: namespace, selector and {@code status.disruptionsAllowed} (0 while the
     * disruption controller has not written a status yet). A missing selector selects no pods, as policy/v1 says;
     * an empty one selects every pod of the namespace.
     * <p>
     * A selector that cannot be read (not an object, an unknown operator, values where the operator takes none or
     * none where it needs some) fails closed: the budget selects every pod of its namespace and allows no
     * disruption. Reading it leniently would select nothing and so let disruption taint and replace nodes whose pods
     * the budget protects. The API server validates selectors, so this guards against a reader out of step with the
     * API; the cost is no voluntary disruption in that namespace until the reader catches up.
     */
    public static PodDisruptionBudget podDisruptionBudget(JsonNode pdb) {
        JsonNode meta = pdb.path("metadata");
        String namespace = Json.text(meta, "namespace", "default");
        String name = Json.text(meta, "name", "");
        JsonNode selector = pdb.path("spec").get("selector");
        if (selector != null && !selector.isNull() && !readable(selector)) {
            return new PodDisruptionBudget(namespace, name, LabelSelector.of(Map.of()), 0);
        }
        JsonNode spec = pdb.path("spec");
        boolean fullyBlocking = PodDisruptionBudget.fullyBlocking(spec.hasNonNull("maxUnavailable") ? spec.get("maxUnavailable").asText() : null,
                spec.hasNonNull("minAvailable") ? spec.get("minAvailable").asText() : null);
        return new PodDisruptionBudget(namespace, name, selector(selector), Math.max(0, Json.integer(pdb.path("status"), "disruptionsAllowed", 0)), fullyBlocking);
    }

    /** Whether a label selector is one {@link LabelSelector} models exactly (the API server's own validation). */
    private static boolean readable(JsonNode selector) {
        if (!selector.isObject()) return false;
        JsonNode labels = selector.get("matchLabels");
        if (labels != null && !labels.isNull()) {
            if (!labels.isObject()) return false;
            for (var e : labels.properties()) if (!e.getValue().isTextual()) return false;
        }
        JsonNode expressions = selector.get("matchExpressions");
        if (expressions == null || expressions.isNull()) return true;
        if (!expressions.isArray()) return false;
        for (JsonNode e : expressions) {
            if (!e.path("key").isTextual() || e.path("key").asText().isEmpty()) return false;
            JsonNode values = e.get("values");
            int count = values == null || values.isNull() ? 0 : values.isArray() ? values.size() : -1;
            if (count < 0) return false;
            boolean ok = switch (e.path("operator").asText("")) {
                case "In", "NotIn" -> count > 0;
                case "Exists", "DoesNotExist" -> count == 0;
                default -> false;
            };
            if (!ok) return false;
        }
        return true;
    }

    /** A label selector; a missing one selects nothing, as in pod affinity terms. */
    static LabelSelector selector(JsonNode n) {
        if (n == null || n.isNull()) return LabelSelector.NONE;
        List<LabelSelector.Expression> expressions = new ArrayList<>();
        for (JsonNode e : Json.array(n.get("matchExpressions"))) {
            expressions.add(new LabelSelector.Expression(e.path("key").asText(), e.path("operator").asText(), Set.copyOf(Json.list(e.get("values")))));
        }
        return new LabelSelector(Json.strings(n.get("matchLabels")), expressions);
    }
}
