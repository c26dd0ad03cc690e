package dev.jig.controller.model;

import java.util.Set;

/**
 * A pod (anti-)affinity term: pods matching {@code selector} in {@code namespaces} (empty = the
 * pod's own namespace) must (or must not) share the {@code topologyKey} domain. {@code weight} is
 * the preference weight, 0 for required terms.
 */
public record PodAffinityTerm(LabelSelector selector, String topologyKey, Set<String> namespaces, int weight) {

    public PodAffinityTerm {
        namespaces = Set.copyOf(namespaces);
    }

    public static PodAffinityTerm required(LabelSelector selector, String topologyKey) {
        return new PodAffinityTerm(selector, topologyKey, Set.of(), 0);
    }
}
