package dev.jig.controller.disruption;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Karpenter's "consolidated" memo: once consolidation has looked at the cluster and found nothing to do, it is not
 * run again until something that could change its answer has changed. The {@link Key} holds what that is: the
 * cluster's objects ({@code Cluster.generation()}: pods, nodes, NodeClaims, pools, node classes), the cloud's
 * offerings out of capacity ({@code CloudProvider.offeringsVersion()}), the nodes the
 * provisioner holds for pending pods, the candidates consolidation may take now (so a {@code consolidateAfter}
 * window that ends, a pod's do-not-disrupt that goes or a NodeClaim that initializes changes the key) and each
 * pool's Underutilized budget now (so a budget window that opens does). What the key cannot see (spot prices) is
 * caught by revalidating after {@link #REVALIDATE}, as Karpenter does.
 * Not thread-safe: the disruption controller's lock guards it.
 */
final class ConsolidatedMemo {

    /** How long a "nothing to consolidate" stands at most (Karpenter's 5 minutes): prices move without an event. */
    static final Duration REVALIDATE = Duration.ofMinutes(5);

    /** What consolidation's answer depends on, but for time and prices. */
    record Key(long generation, long offerings, Set<String> nominated, List<String> eligible, Map<String, Integer> budgets) {
        Key {
            nominated = Set.copyOf(nominated);
            eligible = List.copyOf(eligible);
            budgets = Map.copyOf(budgets);
        }
    }

    private Key key;
    private Instant at;

    /** Whether consolidation found nothing for {@code k} less than {@link #REVALIDATE} before {@code now}. */
    boolean holds(Key k, Instant now) {
        return key != null && key.equals(k) && now.isBefore(at.plus(REVALIDATE));
    }

    /** Consolidation looked at {@code k} in full at {@code now} and found nothing. */
    void consolidated(Key k, Instant now) {
        key = k;
        at = now;
    }

    /** Forgets the memo: the next pass runs consolidation. */
    void clear() {
        key = null;
        at = null;
    }
}
