package dev.jig.compiler.policy;

import java.util.List;

/** A Karpenter disruption budget as written in a policy. */
public record Budget(Origin origin, String nodes, String schedule, String duration, List<String> reasons) {

    /** Zero nodes (or 0%): while active, this budget stops disruption for its reasons. */
    public boolean blocksAll() {
        String digits = nodes.endsWith("%") ? nodes.substring(0, nodes.length() - 1) : nodes;
        return !digits.isEmpty() && digits.chars().allMatch(c -> c == '0');
    }
}
