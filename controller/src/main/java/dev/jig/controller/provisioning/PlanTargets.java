package dev.jig.controller.provisioning;

import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where the provisioner's plan targets stand in one snapshot. A target is the name of a NodeClaim (in flight when it
 * was planned) or of a Node (an existing one); it is <b>live</b> while it exists and is not being deleted, and it
 * <b>has a node</b> once a Node has joined for it: the node a pod planned there can be nominated to.
 */
final class PlanTargets {

    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, Node> nodeOfClaim = new HashMap<>();
    private final Map<String, String> claimOfNode = new HashMap<>();
    private final Set<String> live = new HashSet<>();

    PlanTargets(ClusterSnapshot s) {
        Map<String, Node> byProvider = new HashMap<>();
        for (Node n : s.nodes()) {
            nodes.put(n.name(), n);
            live.add(n.name());
            if (n.providerId() != null) byProvider.put(n.providerId(), n);
        }
        for (NodeClaim c : s.nodeClaims()) {
            Node n = c.status() == null ? null : byProvider.get(c.status().providerId());
            if (n == null && c.status() != null && c.status().nodeName() != null) n = nodes.get(c.status().nodeName());
            if (n != null) {
                nodeOfClaim.put(c.name(), n);
                claimOfNode.put(n.name(), c.name());
            }
            if (!c.deleting()) {
                live.add(c.name());
            } else {
                live.remove(c.name());
                if (n != null) live.remove(n.name());
            }
        }
    }

    /** Whether the target exists and is not being deleted (a deleting NodeClaim's node is going too). */
    boolean live(String target) {
        return live.contains(target);
    }

    /** The Node a live target is or has, or null: a NodeClaim whose Node has not joined, or a target that is going. */
    Node node(String target) {
        if (!live(target)) return null;
        Node n = nodeOfClaim.get(target);
        if (n == null) n = nodes.get(target);
        return n != null && live.contains(n.name()) ? n : null;
    }

    /**
     * Where a pod planned onto {@code target} should schedule, as Karpenter's {@code Nominated} Event names it:
     * {@code nodeclaim/<name>}, then {@code node/<name>} once it has joined.
     */
    String nominatedOn(String target) {
        String claim = nodeOfClaim.containsKey(target) || !nodes.containsKey(target) ? target : claimOfNode.get(target);
        Node n = nodeOfClaim.get(target);
        String node = n != null ? n.name() : nodes.containsKey(target) ? target : null;
        if (claim == null) return "node/" + node;
        return node == null ? "nodeclaim/" + claim : "nodeclaim/" + claim + ", node/" + node;
    }
}
