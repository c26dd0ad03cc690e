package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pending pods nominated to each node during one kube-scheduler pass, and the room they hold (upstream's
 * addNominatedPods): for a pod being filtered, the requests of the others nominated there with higher or equal
 * priority. Each node keeps the sum of its nominated pods' requests and their lowest priority, updated as pods are
 * bound or lose their nomination, so the common case (no nominated pod of lower priority there) costs no loop.
 */
final class NominatedRoom {

    private final Map<String, List<Pod>> pods = new HashMap<>();
    private final Map<String, ResourceList> sums = new HashMap<>();
    private final Map<String, Integer> lowest = new HashMap<>();

    void add(Pod p) {
        String node = p.nominatedNodeName();
        pods.computeIfAbsent(node, x -> new ArrayList<>()).add(p);
        sums.merge(node, p.requests(), ResourceList::plus);
        lowest.merge(node, p.priority(), Math::min);
    }

    /** Takes the pod's nomination out (it was bound, or cleared). */
    void remove(Pod p) {
        String node = p.nominatedNodeName();
        List<Pod> list = node == null ? null : pods.get(node);
        if (list == null || !list.removeIf(q -> q == p)) return;
        sums.put(node, sums.get(node).minus(p.requests()));
        int min = Integer.MAX_VALUE;
        for (Pod q : list) min = Math.min(min, q.priority());
        lowest.put(node, min);
    }

    /** The requests of the pods nominated to {@code node} that {@code p} must leave room for: others of higher or equal priority. */
    ResourceList reservedFor(Pod p, String node) {
        List<Pod> list = pods.get(node);
        if (list == null || list.isEmpty()) return ResourceList.ZERO;
        if (p.priority() <= lowest.get(node)) {
            ResourceList sum = sums.get(node);
            return node.equals(p.nominatedNodeName()) ? sum.minus(p.requests()) : sum;
        }
        ResourceList sum = ResourceList.ZERO;
        for (Pod q : list) if (q != p && q.priority() >= p.priority()) sum = sum.plus(q.requests());
        return sum;
    }
}
