package dev.jig.compiler.policy;

/** Karpenter consolidation: which nodes may be consolidated, and how long after a pod change. */
public record Consolidation(String policy, String after) {
}
