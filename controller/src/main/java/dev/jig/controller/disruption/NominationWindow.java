package dev.jig.controller.disruption;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Karpenter's nomination window, as far as Jig needs it: a node or NodeClaim the provisioner nominated stays nominated
 * for {@link #WINDOW} after its plan let go of it, while pods are pending. Between a drain's evictions (or its grace
 * period's deletions) and the next batch, the pods the node was planned for are gone and their ReplicaSets' new pods
 * are pending but not planned yet: without the window the node looks empty for a second and emptiness takes it.
 * Upstream ({@code StateNode.Nominate}) keeps every nomination {@code max(2 × batchMaxDuration, 10s)} = 20 s; Jig's
 * nominations last as long as a pending pod's plan points at the node, so the window applies only while pods are
 * pending: once nothing is pending, a node the plans let go of is free at once (an emptied node is not held 20 s).
 */
final class NominationWindow {

    /** {@code max(2 × batchMaxDuration, 10s)} with Karpenter's default 10 s batch. */
    static final Duration WINDOW = Duration.ofSeconds(20);

    private final Map<String, Instant> lastNominated = new HashMap<>();

    /**
     * Records {@code nominated} as nominated at {@code now}; returns them, plus, when {@code podsPending}, the names
     * nominated less than {@link #WINDOW} before {@code now}.
     */
    Set<String> of(Set<String> nominated, boolean podsPending, Instant now) {
        for (String n : nominated) lastNominated.put(n, now);
        lastNominated.values().removeIf(at -> !now.isBefore(at.plus(WINDOW)));
        return podsPending ? Set.copyOf(lastNominated.keySet()) : Set.copyOf(nominated);
    }
}
