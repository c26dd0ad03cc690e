package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Refusal;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where every pod of a simulation stands, as data rather than timeline prose: bound to a node (with
 * its NodeClaim and pool), or pending with the reason: planned onto a node or a new NodeClaim of a
 * pool that is not ready yet, refused by every pool (each refusal with its rule id), ignored by the
 * provisioner (scheduling gates, another scheduler), or not yet seen by a batch. It remembers the
 * provisioner's latest decision for each pod that still exists.
 */
public final class PodPlacements {

    /** One pod's standing at the end, with its requests; {@code refusals} only for {@link Status#UNSCHEDULABLE}. */
    public record Placement(String pod, ResourceList requests, Status status, String node, String nodeClaim, String pool, String reason,
                            List<Refusal> refusals) {
        public Placement {
            refusals = List.copyOf(refusals);
        }
    }

    public enum Status { BOUND, PLANNED, UNSCHEDULABLE, IGNORED, PENDING }

    /** The latest decision per pod key: an existing node's name, a pool (new NodeClaim), or the refusals. */
    private record Decision(String node, String pool, Unschedulable refused) {
    }

    private final Map<String, Decision> latest = new HashMap<>();

    /** Records what one provisioning batch decided. */
    void record(SchedulingResult r) {
        r.existing().forEach((node, pods) -> pods.forEach(p -> latest.put(p.key(), new Decision(node, null, null))));
        for (PlannedNodeClaim c : r.newClaims()) for (Pod p : c.pods()) latest.put(p.key(), new Decision(null, c.pool(), null));
        for (Unschedulable u : r.unschedulable()) latest.put(u.pod().key(), new Decision(null, null, u));
    }

    /**
     * Forgets the decisions for pods {@code s} no longer holds: every eviction brings a pod under a new key, so a long
     * simulation would otherwise keep one decision per pod that ever was.
     */
    void retain(ClusterSnapshot s) {
        java.util.Set<String> live = new java.util.HashSet<>();
        for (Pod p : s.pods()) live.add(p.key());
        latest.keySet().retainAll(live);
    }

    /** Every pod that is not a DaemonSet's, in the snapshot's order. */
    List<Placement> of(ClusterSnapshot s) {
        Map<String, NodeClaim> claimOfNode = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) if (c.status() != null && c.status().nodeName() != null) claimOfNode.put(c.status().nodeName(), c);
        Map<String, NodeClaim> claims = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) claims.put(c.name(), c);
        Map<String, Node> nodes = new HashMap<>();
        for (Node n : s.nodes()) nodes.put(n.name(), n);
        List<Placement> out = new ArrayList<>();
        for (Pod p : s.pods()) {
            if (p.daemonSet()) continue;
            if (p.isBound()) {
                NodeClaim c = claimOfNode.get(p.nodeName());
                Node n = nodes.get(p.nodeName());
                String pool = c != null ? c.nodePool() : n == null ? null : n.labels().get(WellKnownLabels.NODEPOOL);
                out.add(new Placement(p.key(), p.requests(), Status.BOUND, p.nodeName(), c == null ? null : c.name(), pool, null, List.of()));
                continue;
            }
            if (p.ignored() != null) {
                out.add(new Placement(p.key(), p.requests(), Status.IGNORED, null, null, null, "not provisioned for: " + p.ignored(), List.of()));
                continue;
            }
            Decision d = latest.get(p.key());
            if (d == null) {
                out.add(new Placement(p.key(), p.requests(), Status.PENDING, null, null, null, "no provisioning batch has seen it yet", List.of()));
            } else if (d.refused() != null) {
                out.add(new Placement(p.key(), p.requests(), Status.UNSCHEDULABLE, null, null, null, d.refused().describe(), d.refused().refusals()));
            } else if (d.node() != null) {
                NodeClaim c = claims.get(d.node());
                String node = c == null ? d.node() : c.status() == null ? null : c.status().nodeName();
                out.add(new Placement(p.key(), p.requests(), Status.PLANNED, node, c == null ? null : c.name(), c == null ? null : c.nodePool(),
                        "planned onto " + (c == null ? "node " : "NodeClaim ") + d.node() + ", waiting for it to take the pod", List.of()));
            } else {
                out.add(new Placement(p.key(), p.requests(), Status.PLANNED, null, null, d.pool(), "planned onto a new NodeClaim of pool " + d.pool()
                        + ", waiting for its node", List.of()));
            }
        }
        return out;
    }
}
