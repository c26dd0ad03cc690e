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
 * from their domains (upstream's "existing pods' anti-affinity"), and their affinity terms, which
 * score the nodes of their domains for the pods they select.
 *
 * <p>This is the kube-scheduler's view, deliberately apart from the controller's
 * {@code scheduling.Topology}: Karpenter's scheduler also counts the pods it plans onto NodeClaims not
 * yet registered and settles a NodeClaim's zone, whereas the kube-scheduler sees Nodes and bound pods
 * only. The two disagreeing is what makes pods land elsewhere than planned.
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

    /** A bound pod's affinity term that scores the nodes of its domain for the pods it selects. */
    private record Attractor(Group group, int weight) {
    }

    /** Upstream's hardPodAffinityWeight: what a bound pod's required affinity term adds for a pod it selects. */
    static final int HARD_POD_AFFINITY_WEIGHT = 1;

    private final List<KubeNode> nodes;
    private final Map<Group, Map<String, Integer>> counts = new HashMap<>();
    private final List<Repeller> repellers = new ArrayList<>();
    /** Topology key → domain value → the bound pods' affinity terms there. */
    private final Map<String, Map<String, List<Attractor>>> attractors = new HashMap<>();
    /** Sums of {@link #attraction} per (pod namespace and labels, key, value), dropped when that domain gains a term. */
    private final Map<List<Object>, Long> attraction = new HashMap<>();

    KubeTopology(List<KubeNode> nodes) {
        this.nodes = nodes;
        for (KubeNode n : nodes) for (Pod p : n.pods) addTerms(p, n);
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

    /**
     * What the bound pods' affinity terms add to {@code n}'s score for {@code pod} (upstream's
     * symmetric InterPodAffinity scoring): their required affinity terms
     * {@link #HARD_POD_AFFINITY_WEIGHT}, their preferred affinity terms their weight, their preferred
     * anti-affinity terms minus their weight, for each term that selects the pod and whose domain
     * holds the node.
     */
    long attraction(Pod pod, KubeNode n) {
        long sum = 0;
        for (Map.Entry<String, Map<String, List<Attractor>>> byKey : attractors.entrySet()) {
            String value = n.label(byKey.getKey());
            List<Attractor> here = value == null ? null : byKey.getValue().get(value);
            if (here == null) continue;
            List<Object> cacheKey = List.of(pod.namespace(), pod.labels(), byKey.getKey(), value);
            Long cached = attraction.get(cacheKey);
            if (cached == null) {
                long s = 0;
                for (Attractor a : here) if (a.group().selects(pod)) s += a.weight();
                attraction.put(cacheKey, s);
                cached = s;
            }
            sum += cached;
        }
        return sum;
    }

    /** Records a pod the pass has bound to {@code n}. */
    void bound(Pod p, KubeNode n) {
        for (Map.Entry<Group, Map<String, Integer>> e : counts.entrySet()) {
            Group g = e.getKey();
            String value = n.label(g.key());
            if (value != null && g.selects(p) && g.eligibility().admits(n)) e.getValue().merge(value, 1, Integer::sum);
        }
        addTerms(p, n);
    }

    private void addTerms(Pod p, KubeNode n) {
        for (PodAffinityTerm t : p.antiAffinity()) {
            String value = n.label(t.topologyKey());
            if (value != null) repellers.add(new Repeller(termGroup(p, t), value));
        }
        for (PodAffinityTerm t : p.affinity()) attract(p, n, t, HARD_POD_AFFINITY_WEIGHT);
        for (PodAffinityTerm t : p.preferredAffinity()) attract(p, n, t, t.weight());
        for (PodAffinityTerm t : p.preferredAntiAffinity()) attract(p, n, t, -t.weight());
    }

    private void attract(Pod p, KubeNode n, PodAffinityTerm t, int weight) {
        String value = n.label(t.topologyKey());
        if (value == null || weight == 0) return;
        attractors.computeIfAbsent(t.topologyKey(), k -> new HashMap<>()).computeIfAbsent(value, v -> new ArrayList<>())
                .add(new Attractor(termGroup(p, t), weight));
        attraction.keySet().removeIf(k -> k.get(2).equals(t.topologyKey()) && k.get(3).equals(value));
    }
}
