package dev.jig.controller.state;

/**
 * What the Eviction API answered for one pod (Karpenter's eviction queue acts on the same four
 * outcomes): the pod is being evicted; a PodDisruptionBudget refused it (HTTP 429, try again
 * later); the pod is already gone (counts as evicted); or any other failure, with its message.
 */
public record Eviction(Outcome outcome, String message) {

    public enum Outcome { EVICTED, BLOCKED_BY_PDB, NOT_FOUND, FAILED }

    public static final Eviction EVICTED = new Eviction(Outcome.EVICTED, "");
    public static final Eviction NOT_FOUND = new Eviction(Outcome.NOT_FOUND, "");

    public static Eviction blocked(String why) {
        return new Eviction(Outcome.BLOCKED_BY_PDB, why);
    }

    public static Eviction failed(String why) {
        return new Eviction(Outcome.FAILED, why);
    }

    /** Whether the pod is leaving or gone. */
    public boolean done() {
        return outcome == Outcome.EVICTED || outcome == Outcome.NOT_FOUND;
    }
}
