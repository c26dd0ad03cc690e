package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * What the scheduler precomputes about a pending pod (Karpenter's PodData): its requests as
 * integers, its node requirements split by kind of key (instance type labels become bit sets,
 * zone and capacity type become masks, the rest stays an algebraic requirement), the topology groups
 * it owns, and per pool whether and on which instance types it can run ({@link TemplateFit}, shared
 * between pods of the same shape). Rebuilt when a preference is relaxed.
 */
final class PodFacts {

    /** Whether, and where, a pod could run on a pool's nodes, before other pods are considered. */
    record TemplateFit(Refusal refusal, TypeSet types, long zones, int capacityTypes) {
    }

    /**
     * Pods with equal shapes share their {@link TemplateFit}s. The requests are part of the shape
     * because a fit's types are those with room for the pod: a large (or GPU) pod must not narrow
     * the types of a smaller pod with the same selectors.
     */
    record Shape(NodeRequirements requirements, List<?> tolerations, String unsupported, long cpu, long mem, long eph, long gpu) {
    }

    final int seq;
    final Pod original;
    final long cpu, mem, eph, gpu;
    Pod pod;
    NodeRequirements requirements;
    NodeRequirements strict;
    final List<NodeRequirement> typeRequirements = new ArrayList<>();
    NodeRequirement zoneRequirement;
    NodeRequirement capacityTypeRequirement;
    NodeRequirement hostRequirement;
    /** Requirements on keys neither instance types nor offerings define; null when there are none. */
    NodeRequirements custom;
    String unsupported;
    List<TopologyGroup> owned = List.of();
    /** Per owned group: whether it selects the pod itself. */
    boolean[] selfOwned = new boolean[0];
    /** Per topology key other than zone: the domains its requirements allow, and those its strict requirements allow. */
    private final java.util.Map<DomainKey, long[]> podDomains = new java.util.HashMap<>(2);
    List<TopologyGroup> inverseOwned = List.of();
    /** Inverse groups selecting this pod: other pods' required anti-affinity it must keep away from. */
    List<TopologyGroup> repelledBy = List.of();
    /** Zones the pod's required node affinity allows, as a mask over {@link Domains}. */
    long podZones;
    TemplateFit[] fits;
    /** The pool whose pending demand counts this pod's requests (see {@link Packer#count}). */
    int demandTemplate = -1;
    boolean placed;
    /** Why the pod could not be placed on an existing node, when one came close. */
    final List<Refusal> refusals = new ArrayList<>();
    /**
     * The group of pods that may pairwise not share a node with this one (a required hostname
     * anti-affinity term that selects the pod itself, keyed by namespaces and selector); null when none.
     */
    final Object distinctGroup;

    PodFacts(int seq, Pod pod) {
        this.seq = seq;
        this.original = pod;
        this.pod = pod;
        cpu = pod.requests().cpuMillis();
        mem = pod.requests().memoryBytes();
        eph = pod.requests().ephemeralBytes();
        gpu = pod.requests().gpus();
        distinctGroup = distinctGroup(pod);
    }

    private static Object distinctGroup(Pod pod) {
        for (dev.jig.controller.model.PodAffinityTerm t : pod.antiAffinity()) {
            Set<String> ns = t.namespaces().isEmpty() ? Set.of(pod.namespace()) : t.namespaces();
            boolean own = ns.contains(pod.namespace()) || ns.contains(dev.jig.controller.model.PodAffinityTerm.ALL_NAMESPACES);
            if (t.topologyKey().equals(WellKnownLabels.HOSTNAME) && own && t.selector().matches(pod.labels())) return List.of(ns, t.selector());
        }
        return null;
    }

    /** Recomputes requirements and topology after construction or relaxation. */
    void refresh(Pod current, boolean respectPreferences, Topology topology, Domains domains) {
        pod = current;
        strict = requirementsOf(current, false);
        requirements = respectPreferences ? requirementsOf(current, true) : strict;
        typeRequirements.clear();
        zoneRequirement = null;
        capacityTypeRequirement = null;
        hostRequirement = null;
        custom = null;
        for (NodeRequirement r : requirements.all()) {
            String key = r.key();
            if (PoolTemplate.isTypeKey(key)) typeRequirements.add(r);
            else if (key.equals(WellKnownLabels.ZONE)) zoneRequirement = r;
            else if (key.equals(WellKnownLabels.CAPACITY_TYPE)) capacityTypeRequirement = r;
            else if (key.equals(WellKnownLabels.HOSTNAME)) hostRequirement = r;
            else {
                if (custom == null) custom = new NodeRequirements();
                custom.add(r);
            }
        }
        NodeRequirement strictZone = strict.get(WellKnownLabels.ZONE);
        podZones = domains.zonesAllowed(strictZone, domains.allZones());
        unsupported = current.otherRequests().isEmpty() ? null
                : "requests " + String.join(", ", new java.util.TreeSet<>(current.otherRequests()));
        String[] why = new String[1];
        List<TopologyGroup> groups = topology.owned(current, strict, why);
        if (groups == null) {
            unsupported = why[0];
            owned = List.of();
        } else {
            owned = groups;
        }
        selfOwned = new boolean[owned.size()];
        for (int i = 0; i < selfOwned.length; i++) selfOwned[i] = owned.get(i).selects(current);
        podDomains.clear();
        inverseOwned = topology.inverseOwned(current);
        fits = null;
    }

    /** The domains of {@code key} the pod may go to: its requirements (preferences included while they hold) allow them. */
    long domainsAllowed(DomainKey key) {
        return domains(key)[0];
    }

    /** The domains of {@code key} its strict requirements allow: a spread's eligible domains when it honours node affinity. */
    long domainsStrict(DomainKey key) {
        return domains(key)[1];
    }

    private long[] domains(DomainKey key) {
        return podDomains.computeIfAbsent(key, k -> new long[] {k.allowed(requirements.get(k.name)), k.allowed(strict.get(k.name))});
    }

    Shape shape() {
        return new Shape(requirements, pod.tolerations(), unsupported, cpu, mem, eph, gpu);
    }

    /**
     * The pod's node requirements as Karpenter forms them: the node selector, the first required
     * node affinity term (later terms are tried by relaxation), and with preferences the heaviest
     * preferred term as if it were required.
     */
    static NodeRequirements requirementsOf(Pod pod, boolean withPreferences) {
        NodeRequirements r = NodeRequirements.ofLabels(pod.nodeSelector());
        if (withPreferences && !pod.preferredTerms().isEmpty()) {
            NodeSelectorTerm heaviest = pod.preferredTerms().stream().max(Comparator.comparingInt(NodeSelectorTerm::weight)).orElseThrow();
            r.addAll(NodeRequirements.ofExpressions(heaviest.matchExpressions()));
        }
        if (!pod.requiredTerms().isEmpty()) r.addAll(NodeRequirements.ofExpressions(pod.requiredTerms().get(0).matchExpressions()));
        return r;
    }
}
