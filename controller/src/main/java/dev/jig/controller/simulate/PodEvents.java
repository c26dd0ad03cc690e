package dev.jig.controller.simulate;

import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Karpenter's pod-events controller for {@code simulate}: when a pod binds to a node or leaves it,
 * the node's NodeClaim gets {@code status.lastPodEventTime} set to now, from which
 * {@code consolidateAfter} counts. DaemonSet pods count too, as in Karpenter (they are pods bound to
 * the node); a node whose set of bound pods did not change since the last sync is left alone.
 */
final class PodEvents {

    private final InMemoryCluster cluster;
    private final Clock clock;
    /** The pods bound to each node at the last sync. */
    private final Map<String, Set<String>> seen = new HashMap<>();

    PodEvents(InMemoryCluster cluster, Clock clock) {
        this.cluster = cluster;
        this.clock = clock;
    }

    /** Stamps the NodeClaims whose nodes gained or lost a pod since the last call; returns how many. */
    int sync() {
        ClusterSnapshot s = cluster.snapshot();
        Map<String, Set<String>> now = new HashMap<>();
        for (Pod p : s.pods()) if (p.isBound()) now.computeIfAbsent(p.nodeName(), n -> new TreeSet<>()).add(p.key());
        int stamped = 0;
        for (NodeClaim c : s.nodeClaims()) {
            if (c.status() == null || c.status().nodeName() == null) continue;
            String node = c.status().nodeName();
            Set<String> before = seen.getOrDefault(node, Set.of());
            Set<String> after = now.getOrDefault(node, Set.of());
            if (before.equals(after)) continue;
            cluster.update(c.withStatus(c.status().withLastPodEventTime(clock.instant())));
            stamped++;
        }
        seen.clear();
        seen.putAll(now);
        return stamped;
    }
}
