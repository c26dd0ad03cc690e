package dev.jig.controller.simulate;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
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
    private Tenancy tenancy;

    @Override
    public synchronized ClusterSnapshot snapshot() {
        return new ClusterSnapshot(List.copyOf(pods.values()), List.copyOf(nodes.values()), List.copyOf(claims.values()),
                List.copyOf(pools.values()), Map.copyOf(classes), List.copyOf(daemonSets), Optional.ofNullable(tenancy));
    }

    @Override
    public synchronized void create(NodeClaim claim) {
        if (claims.putIfAbsent(claim.name(), claim) != null) throw new IllegalStateException("NodeClaim " + claim.name() + " exists");
    }

    @Override
    public synchronized void update(NodeClaim claim) {
        if (claims.containsKey(claim.name())) claims.put(claim.name(), claim);
    }

    @Override
    public synchronized void delete(NodeClaim claim) {
        claims.remove(claim.name());
    }

    @Override
    public synchronized void update(Node node) {
        if (nodes.containsKey(node.name())) nodes.put(node.name(), node);
    }

    @Override
    public synchronized void editNode(String name, Map<String, String> labels, java.util.Set<String> removeTaintKeys,
                                      List<dev.jig.api.karpenter.Taint> addTaints) {
        Node live = nodes.get(name);
        if (live == null) return;
        Map<String, String> l = new LinkedHashMap<>(live.labels());
        l.putAll(labels);
        nodes.put(name, live.withLabels(l).withTaints(Cluster.editedTaints(live.taints(), removeTaintKeys, addTaints)));
    }

    public synchronized void put(NodePool pool) {
        pools.put(pool.name(), pool);
    }

    public synchronized void put(NodeClass nodeClass) {
        classes.put(nodeClass.name(), nodeClass);
    }

    public synchronized void addDaemonSet(Pod template) {
        daemonSets.add(template);
    }

    public synchronized void tenancy(Tenancy t) {
        tenancy = t;
    }

    public synchronized void put(Pod pod) {
        pods.put(pod.key(), pod);
    }

    public synchronized void deletePod(String key) {
        pods.remove(key);
    }

    public synchronized void bind(String podKey, String node) {
        Pod p = pods.get(podKey);
        if (p != null && !p.isBound()) pods.put(podKey, p.with().nodeName(node).build());
    }

    public synchronized void register(Node node) {
        nodes.put(node.name(), node);
    }

    /** Removes a node; its pods lose their binding (their controllers would recreate them). */
    public synchronized void removeNode(String name) {
        nodes.remove(name);
        for (Map.Entry<String, Pod> e : pods.entrySet()) {
            if (name.equals(e.getValue().nodeName())) {
                Pod p = e.getValue();
                e.setValue(p.daemonSet() ? null : p.with().nodeName(null).build());
            }
        }
        pods.values().removeIf(p -> p == null);
    }
}
