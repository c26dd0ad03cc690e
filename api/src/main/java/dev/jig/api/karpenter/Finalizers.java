package dev.jig.api.karpenter;

/** Finalizers Karpenter puts on its objects and nodes, spelled as in kubernetes-sigs/karpenter {@code pkg/apis/v1} and aws/karpenter-provider-aws. */
public final class Finalizers {

    /** On NodeClaims and nodes: the instance is terminated and the node drained before the object goes. */
    public static final String TERMINATION = ApiGroups.KARPENTER + "/termination";

    /** On EC2NodeClasses: the class's NodeClaims are gone, and its instance profile and launch templates deleted, before it goes. */
    public static final String NODE_CLASS_TERMINATION = ApiGroups.KARPENTER_AWS + "/termination";

    private Finalizers() {
    }
}
