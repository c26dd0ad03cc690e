package dev.jig.controller.simulate;

import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * The kube-scheduler of a simulation, modelled on the default profile and knowing nothing of
 * Karpenter's plan. Each pass takes the pending pods one at a time in queue order (higher priority
 * first, then older), runs the {@link KubeFilters} over every Node, scores the feasible ones with
 * the {@link KubeScores} and binds the pod to the best; the next pod sees that binding. A pod no
 * node takes keeps upstream's "0/N nodes are available: ..." message ({@link #failure}) and is tried
 * again on a later pass, which runs only when nodes, bindings or pending pods have changed since the last pass
 * started (as upstream moves unschedulable pods back to its active queue on cluster events, including the bindings
 * of that pass). A change of a pod's nomination alone starts no pass: upstream does not requeue an unschedulable pod
 * for an update of its status only. A pass tries every pending pod (upstream's queueing hints requeue only the pods
 * an event may help: the simulation is coarser there).
 *
 * <p>Nominations ({@code status.nominatedNodeName}), when {@link KubeSchedulerNominations#HONORED}, as Kubernetes
 * 1.35 reads them (KEP-5278, KEP-1923): a pod nominated to a node is tried there first and bound there if the node
 * passes the filters, without scoring the others; when any node is filtered for a pod, the pods nominated to it that
 * are still pending, other than the pod and of higher or equal priority, count as if they already ran there, so a pod
 * of lower or equal priority cannot take their room (a higher-priority one ignores them). A pod a pass tries and
 * leaves unschedulable loses its nomination ("the scheduler clears NominatedNodeName after scheduling failure",
 * KEP-5278), before the next pod of that pass is tried; binding clears it too (the API server's rule since 1.35),
 * wherever the pod is bound. The writer of the nomination (Jig's provisioner) writes it again on its next reconcile
 * if it still plans the pod there.
 *
 * <p>As upstream, from 100 nodes up a pod is scored on the first feasible nodes found from a start
 * that moves on with every pod ({@link #feasibleNodesToFind}), not on all of them. Differences from
 * upstream: nodes are visited in registration order (upstream interleaves zones); ties go to a
 * seeded pseudo-random choice among the best nodes (upstream chooses at random too, unseeded), so a
 * scenario replays the same; no preemption, volumes, ports or image locality.
 */
public final class SimulatedKubeScheduler {

    private final InMemoryCluster cluster;
    private final Clock clock;
    private final Timeline log;
    private final KubeSchedulerScoring scoring;
    private final KubeSchedulerNominations nominations;
    private final Random ties = new Random(1);
    private final Map<String, String> failures = new HashMap<>();
    private long lastSeen;
    /** Where the next pod's filtering starts, so that successive pods look at different nodes first (as upstream). */
    private int nextStart;

    private static final int MIN_FEASIBLE_NODES = 100;
    private static final int MIN_PERCENTAGE = 5;

    public SimulatedKubeScheduler(InMemoryCluster cluster, Clock clock, Timeline log, KubeSchedulerScoring scoring) {
        this(cluster, clock, log, scoring, KubeSchedulerNominations.HONORED);
    }

    public SimulatedKubeScheduler(InMemoryCluster cluster, Clock clock, Timeline log, KubeSchedulerScoring scoring,
                                  KubeSchedulerNominations nominations) {
        this.cluster = cluster;
        this.clock = clock;
        this.log = log;
        this.scoring = scoring;
        this.nominations = nominations;
    }

    /** Upstream's queue order: higher priority first, then earlier creation; the snapshot's order breaks ties. */
    static final Comparator<Pod> QUEUE_ORDER = Pod.QUEUE_ORDER;

    /** Why the pod was not bound on the last pass that tried it, if it was not. */
    public Optional<String> failure(String podKey) {
        return Optional.ofNullable(failures.get(podKey));
    }

    /** One scheduling pass over the pending pods; returns how many were bound. */
    public int bind() {
        ClusterSnapshot s = cluster.snapshot();
        List<Pod> pending = new ArrayList<>(s.pendingPods());
        Set<String> keys = new HashSet<>();
        for (Pod p : pending) keys.add(p.key());
        failures.keySet().retainAll(keys);
        long seen = fingerprint(s);
        if (pending.isEmpty() || seen == lastSeen) return 0;
        pending.sort(QUEUE_ORDER);
        List<KubeNode> nodes = new ArrayList<>();
        Map<String, KubeNode> byName = new HashMap<>();
        for (Node n : s.nodes()) {
            KubeNode k = new KubeNode(n, nodes.size());
            nodes.add(k);
            byName.put(n.name(), k);
        }
        for (Pod p : s.pods()) if (p.isBound() && byName.containsKey(p.nodeName())) byName.get(p.nodeName()).add(p);
        KubeTopology topology = new KubeTopology(nodes);
        NominatedRoom nominated = new NominatedRoom();
        if (nominations == KubeSchedulerNominations.HONORED) {
            for (Pod p : pending) if (p.nominatedNodeName() != null) nominated.add(p);
        }
        Map<String, List<Pod>> bound = new LinkedHashMap<>();
        for (Pod p : pending) {
            KubeNode chosen = schedule(p, nodes, byName, topology, nominated);
            nominated.remove(p);
            if (chosen == null) {
                // upstream clears the nomination of a pod it finds unschedulable before it queues the pod again
                if (p.nominatedNodeName() != null) cluster.clearNomination(p.key());
                continue;
            }
            cluster.bind(p.key(), chosen.node.name(), clock.instant());
            chosen.add(p);
            topology.bound(p, chosen);
            bound.computeIfAbsent(chosen.node.name(), x -> new ArrayList<>()).add(p);
        }
        bound.forEach((node, pods) -> log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.POD_BOUND, node,
                pods.size() + (pods.size() == 1 ? " pod: " : " pods: ") + names(pods))));
        // The state this pass started from: a pass that bound pods changed it, so the pods it left pending are tried
        // once more on the next pass, as upstream moves pods a spread or affinity rejected back to its active queue
        // when a pod is bound (a skew that only held while the pass was half done no longer stops them).
        lastSeen = seen;
        return bound.values().stream().mapToInt(List::size).sum();
    }

    /**
     * How many feasible nodes a pass looks for before it stops filtering (upstream's
     * {@code numFeasibleNodesToFind} with the adaptive {@code percentageOfNodesToScore}): every node
     * below 100 nodes; else 50% less one point per 125 nodes, at least 5%, and never fewer than 100.
     */
    static int feasibleNodesToFind(int nodes) {
        if (nodes < MIN_FEASIBLE_NODES) return nodes;
        int percentage = Math.max(MIN_PERCENTAGE, 50 - nodes / 125);
        return Math.max(MIN_FEASIBLE_NODES, nodes * percentage / 100);
    }

    private KubeNode schedule(Pod p, List<KubeNode> nodes, Map<String, KubeNode> byName, KubeTopology topology,
                              NominatedRoom nominated) {
        if (nominations == KubeSchedulerNominations.HONORED && p.nominatedNodeName() != null) {
            KubeNode n = byName.get(p.nominatedNodeName());
            if (n != null && KubeFilters.filter(p, n, topology, () -> nominated.reservedFor(p, n.node.name())) == null) {
                failures.remove(p.key());
                return n;
            }
        }
        List<KubeNode> feasible = new ArrayList<>();
        Map<String, Integer> reasons = new TreeMap<>();
        int wanted = feasibleNodesToFind(nodes.size());
        int processed = 0;
        for (int i = 0; i < nodes.size() && feasible.size() < wanted; i++) {
            KubeNode n = nodes.get((nextStart + i) % nodes.size());
            processed++;
            String why = KubeFilters.filter(p, n, topology, () -> nominated.reservedFor(p, n.node.name()));
            if (why == null) feasible.add(n);
            else reasons.merge(why, 1, Integer::sum);
        }
        if (!nodes.isEmpty()) nextStart = (nextStart + processed) % nodes.size();
        if (feasible.isEmpty()) {
            List<String> parts = new ArrayList<>();
            reasons.forEach((why, count) -> parts.add(count + " " + why));
            failures.put(p.key(), nodes.isEmpty() ? "no nodes available to schedule pods"
                    : "0/" + nodes.size() + " nodes are available: " + String.join(", ", parts) + ".");
            return null;
        }
        failures.remove(p.key());
        long[] scores = KubeScores.score(p, feasible, topology, scoring);
        KubeNode best = null;
        long bestScore = Long.MIN_VALUE;
        int tied = 0;
        for (int i = 0; i < feasible.size(); i++) {
            if (scores[i] > bestScore) {
                bestScore = scores[i];
                best = feasible.get(i);
                tied = 1;
            } else if (scores[i] == bestScore && ties.nextInt(++tied) == 0) {
                best = feasible.get(i);
            }
        }
        return best;
    }

    /**
     * Changes when nodes (readiness, labels, taints, size), bindings or the set of pending pods change; not when a
     * nomination alone does (a status-only update requeues no pod upstream).
     */
    private static long fingerprint(ClusterSnapshot s) {
        long h = 1;
        for (Node n : s.nodes()) h = 31 * h + Objects.hash(n.name(), n.ready(), n.labels(), n.taints(), n.allocatable());
        for (Pod p : s.pods()) h = 31 * h + Objects.hash(p.key(), p.nodeName(), p.ignored());
        return h;
    }

    private static String names(List<Pod> pods) {
        List<String> n = new ArrayList<>();
        for (Pod p : pods) n.add(p.name());
        return n.size() <= 6 ? String.join(", ", n) : String.join(", ", n.subList(0, 6)) + ", ...";
    }
}
