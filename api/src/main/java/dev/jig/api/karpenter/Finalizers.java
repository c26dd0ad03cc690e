package dev.jig.api.karpenter;

/** Finalizers Karpenter puts on its objects and nodes, spelled as in kubernetes-sigs/karpenter {@code pkg/apis/v1}. */
public final class Finalizers {

    /** On NodeClaims and nodes: the instance is terminated and the node drained before the object goes. */
    public static final String TERMINATION = ApiGroups.KARPENTER + "/termination";

    private Finalizers() {
    }
}
