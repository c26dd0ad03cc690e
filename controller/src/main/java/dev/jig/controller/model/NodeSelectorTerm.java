package dev.jig.controller.model;

import dev.jig.api.karpenter.Requirement;

import java.util.List;

/**
 * One term of a node affinity: its expressions are ANDed; a pod's required terms are ORed.
 * {@code weight} is the preference weight, 0 for required terms.
 */
public record NodeSelectorTerm(List<Requirement> matchExpressions, int weight) {

    public NodeSelectorTerm {
        matchExpressions = List.copyOf(matchExpressions);
    }

    public static NodeSelectorTerm of(Requirement... expressions) {
        return new NodeSelectorTerm(List.of(expressions), 0);
    }
}
