package dev.jig.compiler.policy;

/**
 * Karpenter consolidation: which nodes may be consolidated, and how long after a pod change. A
 * pool's own setting may leave either field null; it then inherits the platform default's.
 */
public record Consolidation(String policy, String after) {

    /** This setting with its missing fields taken from {@code defaults}. */
    public Consolidation over(Consolidation defaults) {
        return new Consolidation(policy != null ? policy : defaults.policy(), after != null ? after : defaults.after());
    }
}
