package dev.jig.controller.state;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Publishes Events on pods through {@link Cluster#publish}, at most one per pod and reason every {@link #REPEAT}
 * while the message stays the same: a pod that waits an hour for capacity, retried every minute, or an eviction a
 * PodDisruptionBudget refuses every few seconds, gets a handful of Events, not thousands. A new message (the reason
 * changed: another pool's refusal, another budget) is published at once. Kubernetes' own recorder aggregates
 * repeats into a count on the API server; this keeps the writes from happening at all. Each reconciler keeps its
 * own limiter and {@linkplain #retain prunes} it to the pods that still exist.
 */
public final class PodEventLimiter {

    /** The least time between two Events with the same reason and message on one pod. */
    public static final Duration REPEAT = Duration.ofMinutes(5);

    private record Last(String message, Instant at) {
    }

    private final Cluster cluster;
    private final Map<String, Last> last = new HashMap<>();

    public PodEventLimiter(Cluster cluster) {
        this.cluster = cluster;
    }

    /** Publishes {@code event} (on a pod) unless the same reason and message went out for it less than {@link #REPEAT} ago; returns whether it did. */
    public synchronized boolean publish(ObjectEvent event, Instant now) {
        String key = event.namespace() + "/" + event.name() + "|" + event.reason();
        Last l = last.get(key);
        if (l != null && l.message().equals(event.message()) && now.isBefore(l.at().plus(REPEAT))) return false;
        last.put(key, new Last(event.message(), now));
        cluster.publish(event);
        return true;
    }

    /** Forgets the pods whose key ({@code namespace/name}) is not in {@code podKeys}. */
    public synchronized void retain(Set<String> podKeys) {
        last.keySet().removeIf(k -> !podKeys.contains(k.substring(0, k.lastIndexOf('|'))));
    }
}
