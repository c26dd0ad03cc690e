package dev.jig.controller.disruption;

/**
 * Why a node is disrupted, spelled as Karpenter's {@code DisruptionReason}. The first three are the
 * reasons a NodePool's disruption budgets name; {@link #EXPIRED} is forceful and no budget covers it.
 */
public enum Reason {
    EMPTY("Empty"), DRIFTED("Drifted"), UNDERUTILIZED("Underutilized"), EXPIRED("Expired");

    private final String wire;

    Reason(String wire) {
        this.wire = wire;
    }

    /** The name as it appears in {@code spec.disruption.budgets[].reasons}, metrics and Events. */
    public String wire() {
        return wire;
    }
}
