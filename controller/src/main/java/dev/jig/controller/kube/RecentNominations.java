package dev.jig.controller.kube;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The nominations {@link KubeCluster} wrote in the last few seconds, so that a reconcile running before the pod informer
 * has delivered the write does not PATCH the same nomination again. Keyed by pod uid and node (a clearing is the node
 * ""), each with the {@code resourceVersion} the informer showed before the write: while the informer still shows that
 * version, the write is not in the cache yet and is not repeated; once it shows any other version, the cache has caught
 * up and a nomination missing from it was cleared since (by the kube-scheduler after a failed attempt), so it is written
 * again. After {@link #WINDOW} an entry is dropped and a write goes through whatever the cache shows.
 */
final class RecentNominations {

    static final Duration WINDOW = Duration.ofSeconds(5);

    private record Written(String versionBefore, Instant at) {
    }

    private final Map<String, Written> written = new HashMap<>();

    /** Whether writing {@code node} for the pod now would repeat a write the informer (showing {@code version}) has not delivered yet. */
    synchronized boolean inFlight(String uid, String node, String version, Instant now) {
        written.values().removeIf(w -> !now.isBefore(w.at().plus(WINDOW)));
        Written w = written.get(key(uid, node));
        return w != null && w.versionBefore() != null && w.versionBefore().equals(version);
    }

    /** Records a write made while the informer showed {@code versionBefore}. */
    synchronized void wrote(String uid, String node, String versionBefore, Instant now) {
        written.put(key(uid, node), new Written(versionBefore, now));
    }

    synchronized int size() {
        return written.size();
    }

    private static String key(String uid, String node) {
        return uid + "\n" + (node == null ? "" : node);
    }
}
