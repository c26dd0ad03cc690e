package dev.jig.controller.provisioning;

import dev.jig.controller.model.DoNotDisrupt;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** What the {@link Provisioner} reads off a snapshot (the pods to plan, the targets pods can bind to now) and how it names a plan. Pure. */
final class PlanningView {

    private PlanningView() {
    }

    /**
     * The pods to plan: the pending ones, then, as Karpenter's provisioner does with pods on deleting nodes, the
     * reschedulable pods still bound to a node whose NodeClaim is being deleted, as if pending (unbound), so that
     * capacity for them is found while the node drains. DaemonSet and mirror pods, and pods that tolerate the
     * {@code karpenter.sh/disrupted} taint, stay with the node (the drain leaves them), so they are not planned. Nor
     * are pods the drain cannot move for now (Karpenter's {@code CurrentlyReschedulablePods}): an active
     * {@code karpenter.sh/do-not-disrupt}, or PodDisruptionBudgets that never allow their eviction
     * ({@link PodDisruptionBudget#fullyBlocked}); they are planned once their grace period deletes them.
     */
    static List<Pod> pending(ClusterSnapshot s, java.time.Instant now) {
        Set<String> going = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (!c.deleting() || c.status() == null) continue;
            if (c.status().nodeName() != null) going.add(c.status().nodeName());
            for (Node n : s.nodes()) if (c.status().providerId().equals(n.providerId())) going.add(n.name());
        }
        if (going.isEmpty()) return s.pendingPods();
        List<Pod> out = new java.util.ArrayList<>(s.pendingPods());
        for (Pod p : s.pods()) {
            if (p.isBound() && going.contains(p.nodeName()) && p.ignored() == null && dev.jig.controller.termination.DrainPlan.drainable(p)
                    && !DoNotDisrupt.active(p, now) && !PodDisruptionBudget.fullyBlocked(p, s.pdbs())) {
                out.add(p.with().nodeName(null).build());
            }
        }
        return out;
    }

    /**
     * Names (node and NodeClaim) of the targets whose Node is Ready and registered: the kube-scheduler may bind pods there
     * now. A Node that still has the {@code karpenter.sh/unregistered} taint is not, Ready or not: a kubelet may report
     * Ready before Jig registers it, and its NoExecute taint keeps every pod off until then.
     */
    static Set<String> bindable(ClusterSnapshot s) {
        Set<String> ready = new HashSet<>();
        for (Node n : s.nodes()) {
            if (n.ready() && n.taints().stream().noneMatch(t -> t.key().equals(dev.jig.api.karpenter.TaintKeys.UNREGISTERED))) ready.add(n.name());
        }
        Set<String> out = new HashSet<>(ready);
        for (NodeClaim c : s.nodeClaims()) {
            if (c.status() != null && c.status().nodeName() != null && ready.contains(c.status().nodeName())) out.add(c.name());
        }
        return out;
    }

    /** A planned NodeClaim for the timeline: its pool, pods, requests, cheapest options, zones and capacity types. */
    static String describe(PlannedNodeClaim p) {
        List<String> first = p.options().stream().limit(4).map(o -> String.format(Locale.ROOT, "%s $%.4f", o.type().name(), o.price())).toList();
        return String.format(Locale.ROOT, "pool %s for %d pods (requests %s); %d instance types, cheapest %s%s; zones %s, %s",
                p.pool(), p.pods().size(), p.requests(), p.options().size(), String.join(", ", first),
                p.options().size() > 4 ? ", ..." : "", p.zones(), String.join("/", p.capacityTypes()));
    }
}
