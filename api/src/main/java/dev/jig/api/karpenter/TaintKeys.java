package dev.jig.api.karpenter;

import java.util.Set;

/** Taint keys that Kubernetes and Karpenter put on nodes themselves; {@link Taint} is a taint with its value and effect. */
public final class TaintKeys {

    /** On a node until Karpenter has registered it against its NodeClaim. */
    public static final String UNREGISTERED = ApiGroups.KARPENTER + "/unregistered";

    /** Put on a node (NoSchedule) by disruption while it is being replaced or removed. */
    public static final String DISRUPTED = ApiGroups.KARPENTER + "/disrupted";

    public static final String NOT_READY = "node.kubernetes.io/not-ready";
    public static final String UNREACHABLE = "node.kubernetes.io/unreachable";
    /** Set by the kubelet when an external cloud provider will initialise the node. */
    public static final String CLOUD_UNINITIALIZED = "node.cloudprovider.kubernetes.io/uninitialized";

    /**
     * Taints that come and go while a node starts, so pods need not tolerate them for the scheduler to count on
     * the node (as Karpenter's {@code scheduling.KnownEphemeralTaints}).
     */
    public static final Set<String> EPHEMERAL = Set.of(NOT_READY, UNREACHABLE, CLOUD_UNINITIALIZED, UNREGISTERED);

    private TaintKeys() {
    }
}
