package dev.jig.controller.simulate;

import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The pods' {@code Ready} condition in a simulation, which the controller model does not carry: a pod turns Ready
 * {@code podReadyLatency} after the first second the world sees it bound to a Ready node (its containers start and
 * its readiness probe passes), and stops being Ready when it leaves that node or the node turns NotReady. Only the
 * simulated disruption controller reads it: PodDisruptionBudgets count Ready pods as healthy.
 */
final class SimulatedPodReadiness {

    private final Duration latency;
    /** Pod uid → when it turns (or turned) Ready, for the pods bound to a Ready node. */
    private final Map<String, Instant> readyAt = new HashMap<>();
    /** Pods held back from Ready for now (a {@code podsNeverReady} fault); asked at each sync. */
    private java.util.function.Predicate<Pod> held = p -> false;

    SimulatedPodReadiness(Duration latency) {
        this.latency = latency;
    }

    /** Pods that stay unready while {@code held} says so; they turn Ready {@code podReadyLatency} after it stops. */
    void hold(java.util.function.Predicate<Pod> h) {
        this.held = h;
    }

    /** Starts the clock of every pod newly bound to a Ready node and forgets the pods that left one. */
    void sync(ClusterSnapshot s, Instant now) {
        Set<String> readyNodes = new HashSet<>();
        for (Node n : s.nodes()) if (n.ready()) readyNodes.add(n.name());
        Set<String> running = new HashSet<>();
        for (Pod p : s.pods()) {
            if (!p.isBound() || !readyNodes.contains(p.nodeName()) || held.test(p)) continue;
            running.add(p.uid());
            readyAt.putIfAbsent(p.uid(), now.plus(latency));
        }
        readyAt.keySet().retainAll(running);
    }

    /** Whether {@code p} was Ready at the last {@link #sync} at {@code now}. */
    boolean ready(Pod p, Instant now) {
        Instant at = readyAt.get(p.uid());
        return at != null && !now.isBefore(at);
    }
}
