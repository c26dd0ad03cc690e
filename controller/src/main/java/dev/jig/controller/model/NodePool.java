package dev.jig.controller.model;

import dev.jig.api.karpenter.Taint;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Karpenter v1 NodePool as the controller uses it: the node template (labels, annotations, requirements,
 * taints, node class), its weight, its limits and its disruption settings.
 *
 * @param annotations the template's {@code metadata.annotations}: every NodeClaim launched from the pool carries them,
 *                    and so does its Node (Karpenter copies them at registration); they are part of the drift hash
 */
public record NodePool(
        String name,
        int weight,
        Map<String, String> labels,
        List<PoolRequirement> requirements,
        List<Taint> taints,
        List<Taint> startupTaints,
        String nodeClassName,
        Limits limits,
        Disruption disruption,
        Map<String, String> annotations) {

    public NodePool {
        labels = new TreeMap<>(labels);
        annotations = annotations == null ? Map.of() : new TreeMap<>(annotations);
        requirements = List.copyOf(requirements);
        taints = List.copyOf(taints);
        startupTaints = List.copyOf(startupTaints);
    }

    /** A pool whose template has no annotations. */
    public NodePool(String name, int weight, Map<String, String> labels, List<PoolRequirement> requirements, List<Taint> taints,
                    List<Taint> startupTaints, String nodeClassName, Limits limits, Disruption disruption) {
        this(name, weight, labels, requirements, taints, startupTaints, nodeClassName, limits, disruption, Map.of());
    }
}
