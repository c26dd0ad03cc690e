package dev.jig.controller.simulate;

import dev.jig.controller.model.Pod;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The ReplicaSet controller of a simulation: each deployment keeps its replica count. A pod that goes, evicted by a
 * drain, deleted when its grace period ran out, or deleted with a node whose instance vanished, is replaced by a
 * <em>new</em> pending pod (the next name, a new uid, created now), as a ReplicaSet does; nothing is ever rebound.
 * Scaling down deletes pending pods first, then bound pods that are not Ready, then Ready ones, the newest (highest
 * index) first within each, as the ReplicaSet controller's {@code ActivePods} ranking does. Pods are named
 * {@code <name>-<n>}, {@code n} counting up from 0 per ReplicaSet.
 */
public final class SimulatedReplicaSets {

    /**
     * A ReplicaSet: its pods' namespace, the name they are numbered after, and how to build the pod of a given name
     * (pending, with the template's labels, requests and scheduling constraints).
     */
    public record ReplicaSet(String namespace, String name, Function<String, Pod> template) {

        /** Whether {@code p} is one of its pods: {@code <name>-<n>} in its namespace ({@code web-api-0} is not a pod of {@code web}). */
        public boolean owns(Pod p) {
            if (p.daemonSet() || !p.namespace().equals(namespace)) return false;
            String n = p.name();
            if (!n.startsWith(name + "-") || n.length() == name.length() + 1) return false;
            return n.substring(name.length() + 1).chars().allMatch(Character::isDigit);
        }
    }

    private record Desired(ReplicaSet set, int replicas) {
    }

    private final InMemoryCluster cluster;
    private final Clock clock;
    private final Predicate<Pod> ready;
    private final Map<String, Desired> desired = new LinkedHashMap<>();
    private final Map<String, Integer> next = new LinkedHashMap<>();

    /** ReplicaSets in a cluster where no pod reports Ready (scale-down ranks pods by binding and age only). */
    public SimulatedReplicaSets(InMemoryCluster cluster, Clock clock) {
        this(cluster, clock, p -> false);
    }

    /** @param ready whether a pod is Ready now: scale-down deletes the pods that are not before those that are */
    public SimulatedReplicaSets(InMemoryCluster cluster, Clock clock, Predicate<Pod> ready) {
        this.cluster = cluster;
        this.clock = clock;
        this.ready = ready;
    }

    /** Sets the ReplicaSet's replicas and creates or deletes its pods now; returns how many pods it had before. */
    public synchronized int scale(ReplicaSet set, int replicas) {
        desired.put(key(set), new Desired(set, replicas));
        List<Pod> mine = new ArrayList<>();
        for (Pod p : cluster.snapshot().pods()) if (set.owns(p)) mine.add(p);
        return reconcile(set, replicas, mine);
    }

    /** One pass of the controller: every ReplicaSet back to its replicas. */
    public synchronized void sync() {
        if (desired.isEmpty()) return;
        Map<String, List<Pod>> byOwner = owned(cluster.snapshot().pods());
        for (Desired d : desired.values()) reconcile(d.set(), d.replicas(), byOwner.getOrDefault(key(d.set()), List.of()));
    }

    /** The ReplicaSets, with their replicas, in the order they were first scaled. */
    synchronized Map<ReplicaSet, Integer> replicas() {
        Map<ReplicaSet, Integer> out = new LinkedHashMap<>();
        for (Desired d : desired.values()) out.put(d.set(), d.replicas());
        return out;
    }

    /** The ReplicaSet that owns {@code p}, if one does. */
    synchronized java.util.Optional<ReplicaSet> owner(Pod p) {
        int dash = p.name().lastIndexOf('-');
        if (dash <= 0) return java.util.Optional.empty();
        Desired d = desired.get(p.namespace() + "/" + p.name().substring(0, dash));
        return d != null && d.set().owns(p) ? java.util.Optional.of(d.set()) : java.util.Optional.empty();
    }

    /** The pods of each ReplicaSet (by key), read off their names in one pass. */
    private Map<String, List<Pod>> owned(List<Pod> pods) {
        Map<String, List<Pod>> out = new java.util.HashMap<>();
        for (Pod p : pods) owner(p).ifPresent(r -> out.computeIfAbsent(key(r), k -> new ArrayList<>()).add(p));
        return out;
    }

    private int reconcile(ReplicaSet set, int replicas, List<Pod> pods) {
        List<Pod> mine = new ArrayList<>(pods);
        int before = mine.size();
        for (int i = before; i < replicas; i++) {
            int n = next.merge(key(set), 1, Integer::sum) - 1;
            cluster.put(set.template().apply(set.name() + "-" + n).with().created(clock.instant()).build());
        }
        mine.sort(Comparator.comparing(Pod::isBound).thenComparing(ready::test)
                .thenComparing(Comparator.comparingInt(SimulatedReplicaSets::index).reversed()));
        for (int i = 0; i < before - replicas; i++) cluster.deletePod(mine.get(i).key());
        return before;
    }

    private static String key(ReplicaSet set) {
        return set.namespace() + "/" + set.name();
    }

    private static int index(Pod p) {
        String n = p.name();
        return Integer.parseInt(n.substring(n.lastIndexOf('-') + 1));
    }
}
