package dev.jig.api.karpenter;

/**
 * Annotation keys Jig writes or reads. Jig's provenance annotations are written by the compiler and checked by
 * the webhook ({@link dev.jig.api.tenancy.Provenance} says what they hold); Karpenter's are spelled as in
 * kubernetes-sigs/karpenter {@code pkg/apis/v1}.
 */
public final class Annotations {

    private static final String JIG = ApiGroups.JIG + "/";
    private static final String KARPENTER = ApiGroups.KARPENTER + "/";

    /** The policy file a compiled object came from. */
    public static final String SOURCE = JIG + "source";
    /** The git commit a compiled object was compiled from. */
    public static final String REVISION = JIG + "revision";
    /** {@code sha256:<hex>} of a compiled object's content. */
    public static final String CONTENT_HASH = JIG + "content-hash";
    /**
     * On the webhook's self-managed certificate Secret: when the webhook configurations were first seen trusting
     * its signing CA (an ISO-8601 instant); a new CA drops it. A new CA signs only some time after this.
     */
    public static final String CA_TRUSTED_SINCE = JIG + "ca-trusted-since";
    /** The price per hour a simulated or recorded node was bought at. */
    public static final String PRICE_PER_HOUR = JIG + "price-per-hour";

    /** On a pod or node: Karpenter must not voluntarily disrupt it. */
    public static final String DO_NOT_DISRUPT = KARPENTER + "do-not-disrupt";
    /** On a NodePool and its NodeClaims: the hash of the pool's template, compared to tell drift. */
    public static final String NODEPOOL_HASH = KARPENTER + "nodepool-hash";
    /** Beside {@link #NODEPOOL_HASH}: how the hash was computed; hashes of different versions are not compared. */
    public static final String NODEPOOL_HASH_VERSION = KARPENTER + "nodepool-hash-version";
    /** On a pod: the ReplicaSet controller's preference for deleting it (an int32); disruption weighs evictions by it. */
    /** The EC2NodeClass's static-field hash a NodeClaim was launched with (the AWS provider's static drift). */
    public static final String EC2NODECLASS_HASH = "karpenter.k8s.aws/ec2nodeclass-hash";
    /** Beside {@link #EC2NODECLASS_HASH}: how the hash was computed; hashes of different versions are not compared. */
    public static final String EC2NODECLASS_HASH_VERSION = "karpenter.k8s.aws/ec2nodeclass-hash-version";
    public static final String POD_DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
    /** On a mirror (static) pod: the kubelet owns it, so it is neither evicted nor rescheduled. */
    public static final String MIRROR_POD = "kubernetes.io/config.mirror";

    private Annotations() {
    }
}
