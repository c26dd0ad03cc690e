package dev.jig.controller.simulate;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.state.Eviction;
import dev.jig.controller.state.ObjectEvent;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An embedded cluster for {@code simulate} and tests: pods, nodes, NodeClaims, NodePools,
 * EC2NodeClasses, DaemonSets and the tenancy view, in insertion order. It plays the API server for
 * the controller (through {@link Cluster}) and for the simulated kubelet and kube-scheduler. Thread-safe.
 */
public final class InMemoryCluster implements Cluster {

    private final Map<String, Pod> pods = new LinkedHashMap<>();
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, NodeClaim> claims = new LinkedHashMap<>();
    private final Map<String, NodePool> pools = new LinkedHashMap<>();
    private final Map<String, NodeClass> classes = new LinkedHashMap<>();
    private final List<Pod> daemonSets = new ArrayList<>();
    private final Map<String, PodDisruptionBudget> pdbs = new LinkedHashMap<>();
    private final List<Pod> evicted = new ArrayList<>();
    private final List<Runnable> unboundPodListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<ObjectEvent> events = new ArrayList<>();
    private Tenancy tenancy;
    /** Bumped on every change of an object a snapshot holds; see {@link Cluster#generation()}. */
    private long generation;

    @Override
    public synchronized long generation() {
        return generation;
    }

    /** Puts {@code value} under {@code key}, counting a change when it differs from what was there. */
    private <K, V> void store(Map<K, V> map, K key, V value) {
        if (!value.equals(map.put(key, value))) generation++;
    }

    /** Removes {@code key}, counting a change when something was there. */
    private <K, V> void drop(Map<K, V> map, K key) {
        if (map.remove(key) != null) generation++;
    }

    /** The last snapshot and the generation it was taken at: read many times a simulated second, copied once per change. */
    private ClusterSnapshot last;
    private long lastGeneration = -1;

    @Override
    public synchronized ClusterSnapshot snapshot() {
        if (last != null && lastGeneration == generation) return last;
        last = new ClusterSnapshot(List.copyOf(pods.values()), List.copyOf(nodes.values()), List.copyOf(claims.values()),
                List.copyOf(pools.values()), Map.copyOf(classes), List.copyOf(daemonSets), Optional.ofNullable(tenancy),
                List.copyOf(pdbs.values()));
        lastGeneration = generation;
        return last;
    }

    /**
     * Launched NodeClaims, ready Nodes, their $/h and the provisionable pods, {@code at} seconds after
     * the start, counted in place: {@code simulate}'s series samples this every tick, so it copies nothing.
     */
    synchronized SimulationReport.Sample sample(long at) {
        int launched = 0;
        for (NodeClaim c : claims.values()) if (c.status() != null) launched++;
        int ready = 0;
        for (Node n : nodes.values()) if (n.ready()) ready++;
        int pending = 0;
        for (Pod p : pods.values()) if (ClusterSnapshot.provisionable(p)) pending++;
        return new SimulationReport.Sample(at, launched, ready, SimulationReport.costPerHour(claims.values()), pending);
    }

    @Override
    public synchronized void create(NodeClaim claim) {
        if (claims.containsKey(claim.name())) throw new IllegalStateException("NodeClaim " + claim.name() + " exists");
        store(claims, claim.name(), claim);
    }

    /** Replaces the NodeClaim; as on the API server, an update cannot take back a deletion. */
    @Override
    public synchronized void update(NodeClaim claim) {
        NodeClaim live = claims.get(claim.name());
        if (live != null) store(claims, claim.name(), live.deleting() ? claim.markDeleting() : claim);
    }

    @Override
    public synchronized void stampPodEvent(NodeClaim claim, java.time.Instant at) {
        NodeClaim live = claims.get(claim.name());
        if (live != null && live.status() != null) store(claims, live.name(), live.withStatus(live.status().withLastPodEventTime(at)));
    }

    @Override
    public synchronized void publish(ObjectEvent event) {
        events.add(event);
    }

    /** Every Event published so far, oldest first. */
    public synchronized List<ObjectEvent> events() {
        return List.copyOf(events);
    }

    /** Removes the NodeClaim, or, while it has finalizers, marks it deleting (the API server's deletion timestamp). */
    @Override
    public synchronized void delete(NodeClaim claim) {
        NodeClaim live = claims.get(claim.name());
        if (live == null) return;
        if (live.finalizers().isEmpty()) drop(claims, claim.name());
        else store(claims, claim.name(), live.markDeleting());
    }

    @Override
    public synchronized void removeFinalizer(NodeClaim claim, String finalizer) {
        NodeClaim live = claims.get(claim.name());
        if (live == null) return;
        List<String> rest = new ArrayList<>(live.finalizers());
        rest.remove(finalizer);
        if (live.deleting() && rest.isEmpty()) drop(claims, claim.name());
        else store(claims, claim.name(), new NodeClaim(live.name(), live.nodePool(), live.nodeClass(), live.labels(), live.requirements(),
                live.requests(), live.taints(), live.startupTaints(), live.created(), live.deleting(), live.status(), live.annotations(), rest));
    }

    /**
     * Evicts as the Eviction API does: a pod that a budget allowing no disruption covers, or that two
     * budgets cover, is refused; otherwise the pod goes and each covering budget allows one fewer.
     */
    @Override
    public synchronized Eviction evict(Pod pod) {
        Pod live = pods.get(pod.key());
        if (live == null) return Eviction.NOT_FOUND;
        List<PodDisruptionBudget> covering = pdbs.values().stream().filter(b -> b.covers(live)).toList();
        if (covering.size() > 1) return Eviction.failed("pod " + pod.key() + " is covered by more than one PodDisruptionBudget");
        if (!covering.isEmpty()) {
            PodDisruptionBudget b = covering.get(0);
            if (b.disruptionsAllowed() <= 0) return Eviction.blocked("PodDisruptionBudget " + b.key() + " allows no disruption");
            store(pdbs, b.key(), b.allowing(b.disruptionsAllowed() - 1));
        }
        drop(pods, pod.key());
        evicted.add(live);
        return Eviction.EVICTED;
    }

    /** The pods evicted since the last call, as they were when evicted (the invariants check them). */
    public synchronized List<Pod> takeEvicted() {
        List<Pod> out = List.copyOf(evicted);
        evicted.clear();
        return out;
    }

    @Override
    public synchronized void deletePod(Pod pod) {
        drop(pods, pod.key());
    }

    @Override
    public synchronized void deleteNode(String name, String finalizer) {
        removeNode(name);
    }

    /** Adds or replaces a PodDisruptionBudget; eviction spends its {@code disruptionsAllowed}. */
    public synchronized void put(PodDisruptionBudget pdb) {
        store(pdbs, pdb.key(), pdb);
    }

    @Override
    public synchronized void update(Node node) {
        if (nodes.containsKey(node.name())) store(nodes, node.name(), node);
    }

    @Override
    public synchronized void editNode(String name, Map<String, String> labels, java.util.Set<String> removeTaintKeys,
                                      List<dev.jig.api.karpenter.Taint> addTaints) {
        Node live = nodes.get(name);
        if (live == null) return;
        Map<String, String> l = new LinkedHashMap<>(live.labels());
        l.putAll(labels);
        store(nodes, name, live.withLabels(l).withTaints(Cluster.editedTaints(live.taints(), removeTaintKeys, addTaints)));
    }

    @Override
    public synchronized void nodeClaimCondition(String name, String type, NodeClaim.Condition condition) {
        NodeClaim live = claims.get(name);
        if (live == null || live.status() == null) return;
        NodeClaim.Status next = live.status().withCondition(type, condition);
        if (!next.equals(live.status())) store(claims, name, live.withStatus(next));
    }

    @Override
    public synchronized void annotateNode(String name, Map<String, String> annotations) {
        Node live = nodes.get(name);
        if (live == null) return;
        Map<String, String> a = new LinkedHashMap<>(live.annotations());
        a.putAll(annotations);
        if (!a.equals(live.annotations())) store(nodes, name, live.withAnnotations(a));
    }

    public synchronized void put(NodePool pool) {
        store(pools, pool.name(), pool);
    }

    public synchronized void put(NodeClass nodeClass) {
        store(classes, nodeClass.name(), nodeClass);
    }

    public synchronized void addDaemonSet(Pod template) {
        daemonSets.add(template);
        generation++;
    }

    public synchronized void tenancy(Tenancy t) {
        if (!java.util.Objects.equals(tenancy, t)) generation++;
        tenancy = t;
    }

    public void put(Pod pod) {
        synchronized (this) {
            store(pods, pod.key(), pod);
        }
        if (!pod.isBound()) for (Runnable l : unboundPodListeners) l.run();
    }

    @Override
    public void onUnboundPod(Runnable listener) {
        unboundPodListeners.add(listener);
    }

    public synchronized void deletePod(String key) {
        drop(pods, key);
    }

    /**
     * Binds the pod; as the API server's binding does since Kubernetes 1.35 (KEP-5278), it clears the nomination. The
     * simulated kubelet accepts it at once: {@code at} becomes its {@code status.startTime}.
     */
    public synchronized void bind(String podKey, String node, java.time.Instant at) {
        Pod p = pods.get(podKey);
        if (p != null && !p.isBound()) store(pods, podKey, p.with().nodeName(node).nominatedNodeName(null).started(at).build());
    }

    /** The kube-scheduler clearing a pod's nomination after it found the pod unschedulable (KEP-5278). */
    public synchronized void clearNomination(String podKey) {
        Pod p = pods.get(podKey);
        if (p != null && !p.isBound() && p.nominatedNodeName() != null) store(pods, podKey, p.with().nominatedNodeName(null).build());
    }

    /** As the API server with the uid precondition: a pod gone, bound, or created again under the name (another uid) is skipped. */
    @Override
    public synchronized Nomination nominate(Pod pod, String node) {
        Pod p = pods.get(pod.key());
        if (p == null || p.isBound() || !java.util.Objects.equals(p.uid(), pod.uid())) return Nomination.SKIPPED;
        store(pods, pod.key(), p.with().nominatedNodeName(node).build());
        return Nomination.WRITTEN;
    }

    public synchronized void register(Node node) {
        store(nodes, node.name(), node);
    }

    /**
     * Removes a node and the pods bound to it, as the pod garbage collector deletes the pods of a Node that is gone:
     * nothing rebinds them, their ReplicaSets ({@link SimulatedReplicaSets}) create new pods instead.
     */
    public synchronized void removeNode(String name) {
        drop(nodes, name);
        if (pods.values().removeIf(p -> name.equals(p.nodeName()))) generation++;
    }
}
