package dev.jig.controller.model;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Kubernetes Node as the controller sees it: labels, taints, capacity and allocatable, whether it
 * is Ready, the provider id that ties it to the cloud instance (and to its NodeClaim), and its
 * annotations (disruption reads {@code karpenter.sh/do-not-disrupt} there first, as Karpenter does).
 */
public record Node(String name, String providerId, Map<String, String> labels, List<Taint> taints,
                   ResourceList capacity, ResourceList allocatable, boolean ready, Instant created,
                   Map<String, String> annotations) {

    public Node {
        labels = new TreeMap<>(labels);
        taints = List.copyOf(taints);
        annotations = annotations == null ? Map.of() : new TreeMap<>(annotations);
    }

    /** A Node without annotations. */
    public Node(String name, String providerId, Map<String, String> labels, List<Taint> taints,
                ResourceList capacity, ResourceList allocatable, boolean ready, Instant created) {
        this(name, providerId, labels, taints, capacity, allocatable, ready, created, Map.of());
    }

    public Node withReady(boolean r) {
        return new Node(name, providerId, labels, taints, capacity, allocatable, r, created, annotations);
    }

    public Node withTaints(List<Taint> t) {
        return new Node(name, providerId, labels, t, capacity, allocatable, ready, created, annotations);
    }

    public Node withLabels(Map<String, String> l) {
        return new Node(name, providerId, l, taints, capacity, allocatable, ready, created, annotations);
    }

    public Node withAnnotations(Map<String, String> a) {
        return new Node(name, providerId, labels, taints, capacity, allocatable, ready, created, a);
    }
}
