package dev.jig.plan.workload;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.source.SourceMap;
import dev.jig.controller.manifest.PodManifests;
import dev.jig.controller.model.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads Kubernetes objects (one document, or the items of a {@code List}) into pending pods and
 * DaemonSet templates. What it reads:
 * <ul>
 *   <li>{@code Pod}: namespace, name, labels and the spec as {@link PodManifests} reads it (requests,
 *       node selector, affinity, tolerations, spread, priority). {@code spec.nodeName} is dropped: every
 *       pod is replayed as pending. Finished pods (phase Succeeded or Failed) and pods owned by a DaemonSet
 *       are counted and left out.</li>
 *   <li>{@code DaemonSet}: its pod template, on every node that tolerates it.</li>
 *   <li>{@code Deployment}, {@code ReplicaSet}, {@code StatefulSet}: {@code spec.replicas} (default 1)
 *       pods of {@code spec.template}, named {@code <name>-<i>}.</li>
 *   <li>{@code Job}: {@code spec.parallelism} (default 1, at most {@code spec.completions}) pods; none
 *       while {@code spec.suspend}.</li>
 * </ul>
 * Kinds that start no pods ({@link #NO_PODS}: Services, ConfigMaps, RBAC...) are skipped; any other kind
 * is refused. A value that cannot be read (a quantity that does not parse, a negative replica count, an
 * unknown operator) is refused at its location.
 */
final class KubeObjects {

    static final Set<String> NO_PODS = Set.of("Service", "ConfigMap", "Secret", "ServiceAccount", "Role", "RoleBinding",
            "ClusterRole", "ClusterRoleBinding", "Namespace", "Ingress", "IngressClass", "NetworkPolicy",
            "PodDisruptionBudget", "HorizontalPodAutoscaler", "PersistentVolumeClaim", "PersistentVolume", "StorageClass",
            "CustomResourceDefinition", "CronJob", "LimitRange", "ResourceQuota", "PriorityClass", "Endpoints",
            "EndpointSlice", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration", "Event");
    private static final List<String> READ = List.of("Pod", "DaemonSet", "Deployment", "ReplicaSet", "StatefulSet", "Job");

    private final String file;
    private final Function<String, String> locate;
    private final String defaultNamespace;
    final List<Pod> pods = new ArrayList<>();
    final List<Pod> daemonSets = new ArrayList<>();
    final Map<String, String> podLocations = new LinkedHashMap<>();
    int read;
    int finished;
    int daemonSetPods;

    /**
     * @param locate JSON pointer in the current document → location text ({@code file:line:col} or {@code file#pointer})
     * @param defaultNamespace the namespace of objects that name none
     */
    KubeObjects(String file, Function<String, String> locate, String defaultNamespace) {
        this.file = file;
        this.locate = locate;
        this.defaultNamespace = defaultNamespace;
    }

    /** Reads one object (or list) at {@code pointer}. */
    void read(JsonNode object, String pointer) throws WorkloadError {
        if (!object.isObject()) throw error(pointer, "expected a Kubernetes object, found " + describe(object));
        JsonNode kindNode = object.get("kind");
        if (kindNode == null || !kindNode.isTextual()) throw error(pointer, "the object has no kind");
        String kind = kindNode.asText();
        if (kind.endsWith("List") && object.has("items")) {
            JsonNode items = object.get("items");
            if (!items.isArray()) throw error(pointer + "/items", "items is not a list");
            for (int i = 0; i < items.size(); i++) read(items.get(i), pointer + "/items/" + i);
            return;
        }
        switch (kind) {
            case "Pod" -> pod(object, pointer);
            case "DaemonSet" -> daemonSets.add(template(object, pointer, name(object, pointer)).with().daemonSet(true).build());
            case "Deployment", "ReplicaSet", "StatefulSet" -> replicas(object, pointer, count(object, pointer, "replicas", 1));
            case "Job" -> replicas(object, pointer, jobPods(object, pointer));
            default -> {
                if (!NO_PODS.contains(kind)) {
                    throw error(pointer + "/kind", "unknown kind '" + kind + "': plan reads " + String.join(", ", READ)
                            + " and skips kinds that start no pods");
                }
            }
        }
    }

    private void pod(JsonNode object, String pointer) throws WorkloadError {
        read++;
        String phase = object.path("status").path("phase").asText("");
        if (phase.equals("Succeeded") || phase.equals("Failed")) {
            finished++;
            return;
        }
        for (JsonNode owner : object.path("metadata").path("ownerReferences")) {
            if (owner.path("kind").asText().equals("DaemonSet")) {
                daemonSetPods++;
                return;
            }
        }
        checkQuantities(object.path("spec"), pointer + "/spec");
        Optional<Pod> pod;
        try {
            pod = PodManifests.pod(object);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw error(pointer + "/spec", "the pod cannot be read: " + e.getMessage());
        }
        if (pod.isEmpty()) {
            finished++;
            return;
        }
        Pod p = pod.get();
        add(namespaced(p, object).with().nodeName(null).ignored(null).build(), pointer);
    }

    /** A pod of a manifest without {@code metadata.namespace} goes to the default namespace given. */
    private Pod namespaced(Pod p, JsonNode object) {
        if (object.path("metadata").has("namespace")) return p;
        Pod in = PodManifests.template(defaultNamespace, p.name(), p.labels(), object.path("spec"));
        return in.with().priority(p.priority()).build();
    }

    private void replicas(JsonNode object, String pointer, int replicas) throws WorkloadError {
        String name = name(object, pointer);
        Pod template = template(object, pointer, name);
        for (int i = 0; i < replicas; i++) {
            read++;
            add(PodManifests.template(template.namespace(), name + "-" + i, template.labels(), object.path("spec").path("template").path("spec")),
                    pointer);
        }
    }

    private void add(Pod pod, String pointer) throws WorkloadError {
        String first = podLocations.putIfAbsent(pod.key(), locate.apply(pointer));
        if (first != null) throw error(pointer, "a second pod " + pod.key() + " (the first is at " + first + ")");
        pods.add(pod);
    }

    private int jobPods(JsonNode job, String pointer) throws WorkloadError {
        if (job.path("spec").path("suspend").asBoolean(false)) return 0;
        int parallelism = count(job, pointer, "parallelism", 1);
        return job.path("spec").has("completions") ? Math.min(parallelism, count(job, pointer, "completions", 1)) : parallelism;
    }

    private int count(JsonNode object, String pointer, String field, int fallback) throws WorkloadError {
        JsonNode n = object.path("spec").get(field);
        if (n == null || n.isNull()) return fallback;
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 0) {
            throw error(pointer + "/spec/" + field, field + " must be a whole number of at least 0, found " + describe(n));
        }
        return n.asInt();
    }

    private Pod template(JsonNode object, String pointer, String name) throws WorkloadError {
        JsonNode template = object.path("spec").path("template");
        if (!template.path("spec").isObject()) throw error(pointer + "/spec", "the " + object.path("kind").asText() + " has no spec.template.spec");
        checkQuantities(template.path("spec"), pointer + "/spec/template/spec");
        String namespace = object.path("metadata").path("namespace").asText(defaultNamespace);
        Map<String, String> labels = new LinkedHashMap<>();
        template.path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        try {
            return PodManifests.template(namespace, name, labels, template.path("spec"));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw error(pointer + "/spec/template/spec", "the pod template cannot be read: " + e.getMessage());
        }
    }

    private String name(JsonNode object, String pointer) throws WorkloadError {
        String name = object.path("metadata").path("name").asText("");
        if (name.isEmpty()) throw error(pointer + "/metadata", "the " + object.path("kind").asText() + " has no metadata.name");
        return name;
    }

    /** Every request, limit and overhead of a pod spec is a quantity: the first that is not is refused where it stands. */
    private void checkQuantities(JsonNode spec, String pointer) throws WorkloadError {
        quantities(spec.get("overhead"), pointer + "/overhead");
        for (String list : new String[] {"containers", "initContainers"}) {
            JsonNode containers = spec.path(list);
            for (int i = 0; i < containers.size(); i++) {
                String at = pointer + "/" + list + "/" + i + "/resources";
                quantities(containers.get(i).path("resources").get("requests"), at + "/requests");
                quantities(containers.get(i).path("resources").get("limits"), at + "/limits");
            }
        }
    }

    private void quantities(JsonNode map, String pointer) throws WorkloadError {
        if (map == null || !map.isObject()) return;
        for (var e : map.properties()) {
            JsonNode v = e.getValue();
            String text = v.isTextual() || v.isNumber() ? v.asText() : null;
            Optional<Quantity> q;
            try {
                q = text == null ? Optional.empty() : Quantity.tryParse(text);
            } catch (IllegalArgumentException | ArithmeticException ex) {
                q = Optional.empty();
            }
            if (q.isEmpty()) {
                throw error(pointer + "/" + SourceMap.escape(e.getKey()), e.getKey() + ": " + describe(v) + " is not a Kubernetes quantity");
            }
        }
    }

    private WorkloadError error(String pointer, String message) {
        return new WorkloadError(locate.apply(pointer), message);
    }

    private static String describe(JsonNode n) {
        if (n.isTextual()) return "'" + n.asText() + "'";
        if (n.isObject()) return "an object";
        if (n.isArray()) return "a list";
        return n.toString();
    }

    String file() {
        return file;
    }
}
