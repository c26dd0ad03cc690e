package dev.jig.controller.model;

/**
 * A policy/v1 PodDisruptionBudget as disruption reads it: which pods of its namespace it selects
 * and how many of them may be evicted now ({@code status.disruptionsAllowed}, which the API server's
 * disruption controller keeps). Disruption does not recompute the allowance from
 * {@code minAvailable}/{@code maxUnavailable}: the status is what the eviction API enforces.
 */
public record PodDisruptionBudget(String namespace, String name, LabelSelector selector, int disruptionsAllowed) {

    /** Whether this budget covers {@code pod}: same namespace, and its selector matches the pod's labels. */
    public boolean covers(Pod pod) {
        return namespace.equals(pod.namespace()) && selector.matches(pod.labels());
    }

    public String key() {
        return namespace + "/" + name;
    }
}
