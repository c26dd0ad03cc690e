package dev.jig.controller.model;

import java.util.Set;

/**
 * A pod (anti-)affinity term: pods matching {@code selector} in {@code namespaces} (empty = the
 * pod's own namespace; {@link #ALL_NAMESPACES} = every namespace, from an empty
 * {@code namespaceSelector}; {@link #BY_NAMESPACE_LABELS} = a non-empty {@code namespaceSelector},
 * which the scheduler does not model) must (or must not) share the {@code topologyKey} domain.
 * {@code weight} is the preference weight, 0 for required terms.
 */
public record PodAffinityTerm(LabelSelector selector, String topologyKey, Set<String> namespaces, int weight) {

    public static final String ALL_NAMESPACES = "*";
    public static final String BY_NAMESPACE_LABELS = "?namespaceSelector";

    public PodAffinityTerm {
        namespaces = Set.copyOf(namespaces);
    }

    public static PodAffinityTerm required(LabelSelector selector, String topologyKey) {
        return new PodAffinityTerm(selector, topologyKey, Set.of(), 0);
    }
}
