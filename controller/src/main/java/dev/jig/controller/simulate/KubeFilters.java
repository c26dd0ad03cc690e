package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.model.TopologySpread;
import dev.jig.controller.scheduling.DaemonSets;

import java.util.Map;

/**
 * The filter plugins of the default kube-scheduler profile that the simulation models, in
 * upstream's order: node readiness, TaintToleration (NoSchedule and NoExecute), NodeAffinity (node
 * selector and required terms, ORed), NodeResourcesFit (cpu, memory, ephemeral storage, GPUs, pod
 * slots; resources a node does not offer never fit), PodTopologySpread ({@code DoNotSchedule}
 * constraints, on any topology key) and InterPodAffinity (required affinity and anti-affinity, and
 * the required anti-affinity of pods already bound). Each returns null when the node passes, or
 * upstream's reason phrase, which the scheduler aggregates into a "0/N nodes are available" message.
 */
final class KubeFilters {

    private KubeFilters() {
    }

    static String filter(Pod pod, KubeNode n, KubeTopology topology) {
        return filter(pod, n, topology, () -> ResourceList.ZERO);
    }

    /**
     * The filters with {@code reserved} (the requests of the pods nominated to the node that the pod must leave room
     * for: upstream's addNominatedPods) counted as if those pods already ran there. Only NodeResourcesFit counts them
     * here; upstream also adds them to the topology spread and inter-pod affinity counts. {@code reserved} is asked only
     * of a node that passed the cheaper filters before NodeResourcesFit.
     */
    static String filter(Pod pod, KubeNode n, KubeTopology topology, java.util.function.Supplier<ResourceList> reserved) {
        if (!n.node.ready()) return "node(s) were not ready";
        Taint t = Toleration.firstUntolerated(n.node.taints(), pod.tolerations(), false);
        if (t != null) return "node(s) had untolerated taint {" + t.key() + ": " + (t.value() == null ? "" : t.value()) + "}";
        if (!DaemonSets.matchesRequiredNodeAffinity(pod, n.node.labels())) return "node(s) didn't match Pod's node affinity/selector";
        String resources = insufficient(pod, n, reserved);
        if (resources != null) return resources;
        for (TopologySpread s : pod.spreads()) {
            if (s.hard() && !spreadAllows(pod, s, n, topology)) return "node(s) didn't match pod topology spread constraints";
        }
        if (!affinityAllows(pod, n, topology)) return "node(s) didn't match pod affinity rules";
        for (PodAffinityTerm term : pod.antiAffinity()) {
            if (topology.count(KubeTopology.termGroup(pod, term), n) > 0) return "node(s) didn't match pod anti-affinity rules";
        }
        if (topology.repelled(pod, n)) return "node(s) didn't satisfy existing pods anti-affinity rules";
        return null;
    }

    private static String insufficient(Pod pod, KubeNode n, java.util.function.Supplier<ResourceList> reserved) {
        if (!pod.otherRequests().isEmpty()) return "Insufficient " + pod.otherRequests().stream().sorted().findFirst().orElseThrow();
        ResourceList free = n.node.allocatable().minus(n.requested).minus(reserved.get());
        ResourceList want = pod.requests();
        if (want.cpuMillis() > free.cpuMillis()) return "Insufficient " + ResourceList.CPU;
        if (want.memoryBytes() > free.memoryBytes()) return "Insufficient " + ResourceList.MEMORY;
        if (want.ephemeralBytes() > free.ephemeralBytes()) return "Insufficient " + ResourceList.EPHEMERAL_STORAGE;
        if (want.gpus() > free.gpus()) return "Insufficient " + ResourceList.GPU;
        if (free.pods() < 1) return "Too many pods";
        return null;
    }

    /**
     * Upstream's skew rule: the node's domain count, plus one when the pod matches its own selector,
     * minus the smallest count over the eligible domains (0 when there are fewer than minDomains),
     * may not exceed maxSkew. A node without the topology key fails.
     */
    static boolean spreadAllows(Pod pod, TopologySpread s, KubeNode n, KubeTopology topology) {
        String value = n.label(s.topologyKey());
        if (value == null) return false;
        Map<String, Integer> counts = topology.counts(KubeTopology.spreadGroup(pod, s));
        int min = Integer.MAX_VALUE;
        for (int c : counts.values()) min = Math.min(min, c);
        if (min == Integer.MAX_VALUE || s.minDomains() > 0 && counts.size() < s.minDomains()) min = 0;
        int self = s.selector().matches(pod.labels()) ? 1 : 0;
        return counts.getOrDefault(value, 0) + self - min <= s.maxSkew();
    }

    /**
     * Every required affinity term must find a matching pod in the node's domain; the first pod of a
     * group whose terms select the pod itself may go anywhere while no pod matches any term.
     */
    private static boolean affinityAllows(Pod pod, KubeNode n, KubeTopology topology) {
        if (pod.affinity().isEmpty()) return true;
        boolean all = true;
        boolean anyAnywhere = false;
        boolean selfMatch = true;
        for (PodAffinityTerm term : pod.affinity()) {
            KubeTopology.Group g = KubeTopology.termGroup(pod, term);
            if (n.label(term.topologyKey()) == null) return false;
            all &= topology.count(g, n) > 0;
            for (int c : topology.counts(g).values()) anyAnywhere |= c > 0;
            selfMatch &= g.selects(pod);
        }
        return all || !anyAnywhere && selfMatch;
    }
}
