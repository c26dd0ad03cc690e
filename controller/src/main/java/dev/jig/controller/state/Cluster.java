package dev.jig.controller.state;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The controller's port to the Kubernetes API: read a snapshot, write NodeClaims (spec and status)
 * and the labels and taints Karpenter manages on Nodes. Implemented by the fabric8 adapter and by
 * the in-memory cluster of {@code simulate}.
 */
public interface Cluster {

    ClusterSnapshot snapshot();

    void create(NodeClaim claim);

    /** Replaces the NodeClaim's labels and status. */
    void update(NodeClaim claim);

    /** Removes the NodeClaim (its instance is already gone). */
    void delete(NodeClaim claim);

    /** Replaces the Node's labels and taints (the simulated kubelet's write; the controller uses {@link #editNode}). */
    void update(Node node);

    /**
     * Edits the live Node as Karpenter's registration does: sets the given labels, removes the
     * taints with the given keys and adds the given taints it lacks (same key and effect). Labels and
     * taints others set since the snapshot stay: a write from a stale model must not drop them.
     */
    void editNode(String name, Map<String, String> labels, Set<String> removeTaintKeys, List<Taint> addTaints);

    /** The taints of {@link #editNode}: {@code live} without {@code remove} keys, plus the missing {@code add}. */
    static List<Taint> editedTaints(List<Taint> live, Set<String> remove, List<Taint> add) {
        List<Taint> out = new java.util.ArrayList<>();
        for (Taint t : live) if (!remove.contains(t.key())) out.add(t);
        for (Taint t : add) {
            if (out.stream().noneMatch(o -> o.key().equals(t.key()) && o.effect().equals(t.effect()))) out.add(t);
        }
        return out;
    }
}
