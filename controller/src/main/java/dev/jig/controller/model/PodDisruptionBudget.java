package dev.jig.controller.model;

import java.util.List;

/**
 * A policy/v1 PodDisruptionBudget as disruption reads it: which pods of its namespace it selects
 * and how many of them may be evicted now ({@code status.disruptionsAllowed}, which the API server's
 * disruption controller keeps). Disruption does not recompute the allowance from
 * {@code minAvailable}/{@code maxUnavailable}: the status is what the eviction API enforces.
 *
 * @param fullyBlocking whether its spec allows no eviction ever ({@code maxUnavailable: 0} or {@code "0%"}, or
 *                      {@code minAvailable: "100%"}), whatever the status says: Karpenter launches no capacity for pods
 *                      such a budget covers, since it cannot know when they will go
 */
public record PodDisruptionBudget(String namespace, String name, LabelSelector selector, int disruptionsAllowed, boolean fullyBlocking) {

    /** A budget whose spec allows evictions at times. */
    public PodDisruptionBudget(String namespace, String name, LabelSelector selector, int disruptionsAllowed) {
        this(namespace, name, selector, disruptionsAllowed, false);
    }

    /** Whether this budget covers {@code pod}: same namespace, and its selector matches the pod's labels. */
    public boolean covers(Pod pod) {
        return namespace.equals(pod.namespace()) && selector.matches(pod.labels());
    }

    public String key() {
        return namespace + "/" + name;
    }

    /** The same budget with another {@code disruptionsAllowed}. */
    public PodDisruptionBudget allowing(int disruptions) {
        return new PodDisruptionBudget(namespace, name, selector, disruptions, fullyBlocking);
    }

    /**
     * Whether the budgets keep an evictable {@code pod} for good (Karpenter's {@code isFullyBlocked}): a spec that
     * reads as "never evict" ({@link #fullyBlocking}) covers it, or two budgets do (the Eviction API refuses those).
     * Neither disruption nor the provisioner plans capacity for such a pod, since nobody knows when it will go.
     */
    public static boolean fullyBlocked(Pod pod, List<PodDisruptionBudget> pdbs) {
        int covering = 0;
        boolean never = false;
        for (PodDisruptionBudget b : pdbs) {
            if (!b.covers(pod)) continue;
            covering++;
            never |= b.fullyBlocking;
        }
        return never || covering > 1;
    }

    /** Whether {@code maxUnavailable}/{@code minAvailable} (as written, an int or a string) allow no eviction ever. */
    public static boolean fullyBlocking(String maxUnavailable, String minAvailable) {
        if (maxUnavailable != null) return maxUnavailable.equals("0") || maxUnavailable.equals("0%");
        return "100%".equals(minAvailable);
    }
}
