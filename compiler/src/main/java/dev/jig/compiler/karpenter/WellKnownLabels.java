package dev.jig.compiler.karpenter;

/** Node label keys that Karpenter and Kubernetes define, as Jig uses them in requirements. */
public final class WellKnownLabels {
    public static final String CAPACITY_TYPE = "karpenter.sh/capacity-type";
    public static final String NODEPOOL = "karpenter.sh/nodepool";
    public static final String ARCH = "kubernetes.io/arch";
    public static final String OS = "kubernetes.io/os";
    public static final String ZONE = "topology.kubernetes.io/zone";
    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    public static final String CATEGORY = "karpenter.k8s.aws/instance-category";
    public static final String FAMILY = "karpenter.k8s.aws/instance-family";
    public static final String GENERATION = "karpenter.k8s.aws/instance-generation";
    public static final String CPU = "karpenter.k8s.aws/instance-cpu";
    public static final String MEMORY = "karpenter.k8s.aws/instance-memory";
    public static final String GPU_NAME = "karpenter.k8s.aws/instance-gpu-name";
    public static final String GPU_COUNT = "karpenter.k8s.aws/instance-gpu-count";

    public static final String GPU_RESOURCE = "nvidia.com/gpu";

    private WellKnownLabels() {
    }

    /** Keys that describe where and how a node is bought, not what the instance type is. */
    public static boolean isOfferingKey(String key) {
        return key.equals(CAPACITY_TYPE) || key.equals(ZONE);
    }
}
