package dev.jig.api.karpenter;

/**
 * The API groups and versions Jig reads and writes: Karpenter's two CRD groups and Jig's own group, which is
 * also the domain of Jig's label, annotation and tag keys. As in Karpenter's {@code apis.Group}, every key in
 * {@link WellKnownLabels}, {@link Annotations}, {@link TaintKeys}, {@link Finalizers} and {@link TagKeys}
 * under these domains is spelled from the group here, so a domain is written once.
 */
public final class ApiGroups {

    /** NodePool and NodeClaim; also the domain of Karpenter's core labels, annotations, taints and finalizers. */
    public static final String KARPENTER = "karpenter.sh";
    /** EC2NodeClass; also the domain of the AWS provider's labels. */
    public static final String KARPENTER_AWS = "karpenter.k8s.aws";
    /** Jig's policy files, scenarios and tenancy ConfigMap format; also the domain of Jig's own keys. */
    public static final String JIG = "jig.dev";

    public static final String V1 = "v1";
    public static final String V1ALPHA1 = "v1alpha1";

    /** {@code karpenter.sh/v1}: NodePool and NodeClaim. */
    public static final String KARPENTER_V1 = KARPENTER + "/" + V1;
    /** {@code karpenter.k8s.aws/v1}: EC2NodeClass. */
    public static final String KARPENTER_AWS_V1 = KARPENTER_AWS + "/" + V1;
    /** {@code jig.dev/v1alpha1}: policies, scenarios and the tenancy format. */
    public static final String JIG_V1ALPHA1 = JIG + "/" + V1ALPHA1;

    private ApiGroups() {
    }
}
