package dev.jig.controller.model;

import dev.jig.api.karpenter.Taint;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Karpenter v1 NodePool as the controller uses it: the node template (labels, requirements,
 * taints, node class), its weight, its limits and its disruption settings.
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
        Disruption disruption) {

    public NodePool {
        labels = new TreeMap<>(labels);
        requirements = List.copyOf(requirements);
        taints = List.copyOf(taints);
        startupTaints = List.copyOf(startupTaints);
    }
}
