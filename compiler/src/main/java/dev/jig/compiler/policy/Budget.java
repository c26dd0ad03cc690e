package dev.jig.compiler.policy;

import java.util.List;

/** A Karpenter disruption budget as written in a policy. */
public record Budget(Origin origin, String nodes, String schedule, String duration, List<String> reasons) {

    /** Zero nodes (or 0%): while active, this budget stops disruption for its reasons. */
    public boolean blocksAll() {
        return nodes.equals("0") || nodes.equals("0%");
    }
}
