package dev.jig.controller.disruption;

/**
 * A node that voluntary disruption leaves alone in this pass, and why: what Karpenter reports as a
 * {@code DisruptionBlocked} Event. {@code subject} names the pod or PodDisruptionBudget when there is one.
 */
public record Blocked(String node, String nodeClaim, String pool, Why why, String subject) {

    /** The reasons, as stable words for Events and metric labels. */
    public enum Why {
        /** The NodeClaim has not reached Initialized yet. */
        NOT_INITIALIZED,
        /** The NodeClaim is already being deleted. */
        DELETING,
        /** The provisioner planned pending pods onto this node. */
        NOMINATED,
        /** The Node (or, without one, its NodeClaim) carries {@code karpenter.sh/do-not-disrupt: "true"}. */
        NODE_DO_NOT_DISRUPT,
        /** A pod on the node carries {@code karpenter.sh/do-not-disrupt: "true"}. */
        POD_DO_NOT_DISRUPT,
        /** A PodDisruptionBudget allows no eviction of a pod on the node now, or two budgets cover one pod. */
        PDB,
        /** Its Node has no {@code karpenter.sh/nodepool} label. */
        NO_NODEPOOL_LABEL
    }

    public String describe() {
        return node + ": " + explanation();
    }

    /** Why, in words, without the node's name: {@code pod default/web has the karpenter.sh/do-not-disrupt annotation}. */
    public String explanation() {
        return switch (why) {
            case NOT_INITIALIZED -> "node is not initialized";
            case DELETING -> "node is deleting";
            case NOMINATED -> "node is nominated for pending pods";
            case NODE_DO_NOT_DISRUPT -> "disruption is blocked by the karpenter.sh/do-not-disrupt annotation";
            case POD_DO_NOT_DISRUPT -> "pod " + subject + " has the karpenter.sh/do-not-disrupt annotation";
            case PDB -> "PodDisruptionBudget " + subject + " prevents pod evictions";
            case NO_NODEPOOL_LABEL -> "node has no karpenter.sh/nodepool label";
        };
    }
}
