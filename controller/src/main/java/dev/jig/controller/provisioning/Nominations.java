package dev.jig.controller.provisioning;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Which pending pods Jig nominates to which node ({@code status.nominatedNodeName}, KEP-5278), a pure function of a
 * snapshot and the provisioner's plan. The kube-scheduler tries a pod's nominated node first (since 1.22) and
 * keeps the nominated pods' room on it from pods of lower or equal priority, so a nomination makes it bind the pods
 * where the provisioner planned them (above all the anti-affinity pods its queue takes last, which otherwise find
 * every node filled).
 *
 * <p>A pod is nominated to the Node of the target it was planned onto, once that Node has joined and while the target
 * is live ({@code plannedTarget} falls back on the node Jig nominated a pod to when the provisioner has no plan for it). The room is
 * checked as the kube-scheduler would count it: the Node's allocatable less its bound pods, less the pods nominated
 * there by anyone else (preemption), less the pods nominated before it, in the kube-scheduler's queue order. A pod
 * that no longer fits its target is a <b>misfit</b>: it gets no nomination, and the provisioner plans it again.
 * Only resources are checked; affinities and spreads were the plan's to honour.
 *
 * @param nodes   pod key → the node it should be nominated to; pods absent get no nomination (any is cleared)
 * @param misfits pods whose target has its Node but no room left for them
 */
record Nominations(Map<String, String> nodes, Set<String> misfits) {

    private static final Comparator<Pod> ORDER = Pod.QUEUE_ORDER.thenComparing(Pod::key);

    static Nominations of(ClusterSnapshot s, Function<Pod, String> plannedTarget) {
        PlanTargets targets = new PlanTargets(s);
        Map<String, ResourceList> used = new HashMap<>();
        NodeOccupants.of(s, Set.of()).forEach((node, pods) -> pods.forEach(p -> used.merge(node, p.requests(), ResourceList::plus)));
        List<Pod> pending = new ArrayList<>(s.pendingPods());
        pending.sort(ORDER);
        Map<String, String> nodes = new HashMap<>();
        Set<String> misfits = new HashSet<>();
        for (Pod p : pending) {
            String target = plannedTarget.apply(p);
            Node n = target == null ? null : targets.node(target);
            if (n == null) continue;
            ResourceList room = n.allocatable().minus(used.getOrDefault(n.name(), ResourceList.ZERO));
            if (p.requests().fitsIn(room)) {
                nodes.put(p.key(), n.name());
                used.merge(n.name(), p.requests(), ResourceList::plus);
            } else {
                misfits.add(p.key());
            }
        }
        return new Nominations(Map.copyOf(nodes), Set.copyOf(misfits));
    }
}
