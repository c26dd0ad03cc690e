package dev.jig.api.karpenter;

/**
 * EC2 tag keys: those Jig writes on a tenant's instances through the EC2NodeClass's {@code spec.tags}, and those
 * EKS and Karpenter set themselves, which a node class may therefore not set.
 */
public final class TagKeys {

    private static final String JIG = ApiGroups.JIG + "/";

    /** The tenant's cost centre, for billing. */
    public static final String COST_CENTER = JIG + "cost-center";
    /** The name of the cluster the platform policy describes. */
    public static final String CLUSTER = JIG + "cluster";

    /** The NodeClaim an instance was launched for. */
    public static final String NODECLAIM = ApiGroups.KARPENTER + "/nodeclaim";
    /** The prefix of EKS's {@code kubernetes.io/cluster/<name>} ownership tag, without the trailing '/' as the CRD matches it. */
    public static final String KUBERNETES_CLUSTER_PREFIX = "kubernetes.io/cluster";
    /** EKS's cluster-name tag. */
    public static final String EKS_CLUSTER_NAME = "eks:eks-cluster-name";

    private TagKeys() {
    }
}
