package dev.jig.controller.lifecycle;

import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Karpenter's pod-events controller, a {@link Reconciler}: when a pod binds to a node, leaves it (deleted) or
 * finishes on it (Succeeded or Failed, which the snapshot leaves out), the node's NodeClaim gets
 * {@code status.lastPodEventTime} = now through {@link Cluster#stampPodEvent}; {@code consolidateAfter} counts
 * from it. DaemonSet pods count too, as in Karpenter (they are pods bound to the node).
 *
 * <p>Writes are rate-limited as upstream's: a NodeClaim stamped less than {@link #DEDUPE} ago is not written
 * again. Unlike upstream, the change is not dropped: it stays pending and is written once the window has passed,
 * so {@code lastPodEventTime} is never more than {@link #DEDUPE} older than the last pod event. The first sync
 * only takes the bound pods as its baseline: a restart does not stamp every node (the status keeps what was
 * written before it). A sync costs nothing while the cluster's generation has not moved and no write waits for
 * its window.
 */
public final class PodEvents implements Reconciler {

    /** Karpenter's dedupe timeout: at most one write per NodeClaim in this window. */
    public static final Duration DEDUPE = Duration.ofSeconds(5);

    private final Cluster cluster;
    private final Clock clock;
    /** The pods bound to each node as last written (or at the baseline). */
    private final Map<String, Set<String>> seen = new HashMap<>();
    private boolean primed;
    /** The cluster's generation at the last sync, and whether that sync left a change for after the dedupe window. */
    private long syncedGeneration = -1;
    private boolean deferred;

    public PodEvents(Cluster cluster, Clock clock) {
        this.cluster = cluster;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "pod-events";
    }

    @Override
    public void reconcile() {
        sync();
    }

    /** Stamps the NodeClaims whose nodes gained or lost a pod since they were last stamped; returns how many. */
    public synchronized int sync() {
        // read before the snapshot: a change in between only makes the next sync look again
        long generation = cluster.generation();
        if (primed && !deferred && generation == syncedGeneration) return 0;
        syncedGeneration = generation;
        deferred = false;
        ClusterSnapshot s = cluster.snapshot();
        Instant now = clock.instant();
        Map<String, Set<String>> bound = boundPods(s);
        if (!primed) {
            primed = true;
            seen.putAll(bound);
            return 0;
        }
        int stamped = 0;
        for (NodeClaim c : s.nodeClaims()) {
            if (c.status() == null || c.status().nodeName() == null || c.deleting()) continue;
            String node = c.status().nodeName();
            Set<String> after = bound.getOrDefault(node, Set.of());
            if (seen.getOrDefault(node, Set.of()).equals(after)) continue;
            Instant last = c.status().lastPodEventTime();
            if (last != null && Duration.between(last, now).compareTo(DEDUPE) < 0 && !last.isAfter(now)) {
                deferred = true;
                continue;
            }
            cluster.stampPodEvent(c, now);
            seen.put(node, after);
            stamped++;
        }
        seen.keySet().retainAll(nodesOfClaims(s));
        return stamped;
    }

    private static Map<String, Set<String>> boundPods(ClusterSnapshot s) {
        Map<String, Set<String>> out = new HashMap<>();
        for (Pod p : s.pods()) if (p.isBound()) out.computeIfAbsent(p.nodeName(), n -> new TreeSet<>()).add(p.key());
        return out;
    }

    private static Set<String> nodesOfClaims(ClusterSnapshot s) {
        Set<String> out = new java.util.HashSet<>();
        for (NodeClaim c : s.nodeClaims()) if (c.status() != null && c.status().nodeName() != null) out.add(c.status().nodeName());
        return out;
    }
}
