package dev.jig.controller.simulate;

import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.model.TopologySpread;
import dev.jig.controller.scheduling.DaemonSets;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pod counts per topology domain for one pass of the simulated kube-scheduler, over every Node of
 * the cluster (Ready or not, as upstream's snapshot lists them) and any topology key: for a
 * spread, the pods its selector matches on the nodes its inclusion policies admit (node affinity
 * honoured, taints ignored, by default); for a pod affinity term, the pods it matches on any node
 * with the key. Counts are computed on first use and kept up to date as the pass binds pods. It
 * also holds the required anti-affinity of bound pods, which keeps the pods they select away
 * from their domains (upstream's "existing pods' anti-affinity").
 */
final class KubeTopology {

    /** Which nodes a spread counts on; null fields are not filtered on. */
    record Eligibility(Map<String, String> nodeSelector, List<NodeSelectorTerm> requiredTerms, List<Toleration> tolerations) {
        static final Eligibility ANY = new Eligibility(null, null, null);

        static Eligibility of(Pod pod, TopologySpread s) {
            return new Eligibility(s.honorAffinity() ? pod.nodeSelector() : null, s.honorAffinity() ? pod.requiredTerms() : null,
                    s.honorTaints() ? pod.tolerations() : null);
        }

        boolean admits(KubeNode n) {
            if (nodeSelector != null && !DaemonSets.matchesRequiredNodeAffinity(nodeSelector, requiredTerms, n.node.labels())) return false;
            return tolerations == null || Toleration.firstUntolerated(n.node.taints(), tolerations, false) == null;
        }
    }

    /** The pods a constraint counts: selector, namespaces ({@link PodAffinityTerm#ALL_NAMESPACES} for all), key and nodes. */
    record Group(LabelSelector selector, Set<String> namespaces, String key, Eligibility eligibility) {
        boolean selects(Pod p) {
            return (namespaces.contains(p.namespace()) || namespaces.contains(PodAffinityTerm.ALL_NAMESPACES)) && selector.matches(p.labels());
        }
    }

    /** A bound pod's required anti-affinity term, in the domain of its node. */
    private record Repeller(Group group, String value) {
    }

    private final List<KubeNode> nodes;
    private final Map<Group, Map<String, Integer>> counts = new HashMap<>();
    private final List<Repeller> repellers = new ArrayList<>();

    KubeTopology(List<KubeNode> nodes) {
        this.nodes = nodes;
        for (KubeNode n : nodes) for (Pod p : n.pods) addRepellers(p, n);
    }

    static Group spreadGroup(Pod pod, TopologySpread s) {
        return new Group(s.selector(), Set.of(pod.namespace()), s.topologyKey(), Eligibility.of(pod, s));
    }

    static Group termGroup(Pod pod, PodAffinityTerm t) {
        Set<String> ns = t.namespaces().isEmpty() ? Set.of(pod.namespace()) : t.namespaces();
        return new Group(t.selector(), ns, t.topologyKey(), Eligibility.ANY);
    }

    /**
     * Matching pods per domain value; every domain of an admitted node is present, with 0 when it
     * holds no matching pod.
     */
    Map<String, Integer> counts(Group g) {
        Map<String, Integer> c = counts.get(g);
        if (c != null) return c;
        c = new LinkedHashMap<>();
        for (KubeNode n : nodes) {
            String value = n.label(g.key());
            if (value == null || !g.eligibility().admits(n)) continue;
            int matching = 0;
            for (Pod p : n.pods) if (g.selects(p)) matching++;
            c.merge(value, matching, Integer::sum);
        }
        counts.put(g, c);
        return c;
    }

    int count(Group g, KubeNode n) {
        String value = n.label(g.key());
        return value == null ? 0 : counts(g).getOrDefault(value, 0);
    }

    /** Whether a bound pod's required anti-affinity keeps {@code pod} off {@code n}. */
    boolean repelled(Pod pod, KubeNode n) {
        for (Repeller r : repellers) {
            if (r.value().equals(n.label(r.group().key())) && r.group().selects(pod)) return true;
        }
        return false;
    }

    /** Records a pod the pass has bound to {@code n}. */
    void bound(Pod p, KubeNode n) {
        for (Map.Entry<Group, Map<String, Integer>> e : counts.entrySet()) {
            Group g = e.getKey();
            String value = n.label(g.key());
            if (value != null && g.selects(p) && g.eligibility().admits(n)) e.getValue().merge(value, 1, Integer::sum);
        }
        addRepellers(p, n);
    }

    private void addRepellers(Pod p, KubeNode n) {
        for (PodAffinityTerm t : p.antiAffinity()) {
            String value = n.label(t.topologyKey());
            if (value != null) repellers.add(new Repeller(termGroup(p, t), value));
        }
    }
}
