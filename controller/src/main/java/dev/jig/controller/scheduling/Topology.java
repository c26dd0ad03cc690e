package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.TopologySpread;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Topology spread and pod (anti-)affinity for one scheduling run, with Karpenter's semantics
 * ({@code provisioning/scheduling/topology*.go}) on any topology key: hostname, zone, capacity type,
 * an instance type label such as arch, or a label the pools define ({@link DomainKey}):
 * <ul>
 *   <li>spread: a domain may take the pod while its count (plus one if the pod selects itself)
 *       minus the minimum over the eligible domains ({@link TopologyGroup#universe}, narrowed by the
 *       pod's own requirements on the key when it honours node affinity) stays within maxSkew; for
 *       hostname the minimum is 0, since a new node can always be made; among valid domains the
 *       least loaded is chosen;</li>
 *   <li>affinity: only domains that already hold a selected pod, except that the first pod of a
 *       self-selecting group may start one;</li>
 *   <li>anti-affinity: only domains without a selected pod; and, inversely, a pod selected by some
 *       pod's required anti-affinity avoids that pod's domains. A pod with anti-affinity on a key
 *       other than hostname settles its NodeClaim in one free domain (Karpenter leaves it open and
 *       blocks every domain the claim might land in, so such pods launch one per batch).</li>
 * </ul>
 * Zones narrow a NodeClaim's zone mask (the {@code zones} argument and result of
 * {@link #allowedZones}); other keys narrow it through a {@link Narrowing}. Groups are shared by all
 * pods with the same constraint; counts are updated as pods are placed, and again when a NodeClaim's
 * domain for a key becomes a single one ({@link #settled}).
 */
final class Topology {

    /** A pod placed in this run, recorded in some domain (bound pods are read from their nodes). */
    private record Placement(Pod pod, Target target) {
    }

    private final Domains domains;
    private final List<PoolTemplate> templates;
    private final List<NodeSlot> nodes;
    private final Map<String, DomainKey> keys = new HashMap<>();
    private final List<DomainKey> inUse = new ArrayList<>();
    private final Map<TopologyGroup.Key, TopologyGroup> groups = new HashMap<>();
    private final List<TopologyGroup> forward = new ArrayList<>();
    private final List<TopologyGroup> inverse = new ArrayList<>();
    private final Map<String, List<TopologyGroup>> selectedBy = new HashMap<>();
    private final Map<String, List<TopologyGroup>> repelledBy = new HashMap<>();
    private final List<Placement> placements = new ArrayList<>();
    private int nextHost;
    private TopologyGroup lastFailure;
    private Narrowing narrowing;
    private DomainKey[] narrowKeys = new DomainKey[4];
    private long[] narrowMasks = new long[4];
    private int narrowed;

    /**
     * @param templates the pools of the run, whose requirements, instance types and offerings give the domains
     * @param nodes     the existing nodes (filled before the first group is made), whose labels give domains too
     */
    Topology(Domains domains, List<PoolTemplate> templates, List<NodeSlot> nodes) {
        this.domains = domains;
        this.templates = templates;
        this.nodes = nodes;
    }

    int newHost() {
        return nextHost++;
    }

    /** How many host ids have been handed out. */
    int hosts() {
        return nextHost;
    }

    /** The group that refused the last {@link #allowedZones} call, for messages. */
    TopologyGroup lastFailure() {
        return lastFailure;
    }

    /** What the last successful {@link #allowedZones} call requires on keys other than zone and hostname; null when nothing. */
    Narrowing narrowing() {
        return narrowing;
    }

    /** The keys other than hostname that some group uses (domains a NodeClaim can settle on). */
    List<DomainKey> keysInUse() {
        return inUse;
    }

    /**
     * The groups a pod owns through its spreads and (preferred) affinities, creating them on first
     * use. Returns null and sets {@code unsupported[0]} for what the scheduler does not model.
     */
    List<TopologyGroup> owned(Pod pod, NodeRequirements strict, String[] unsupported) {
        List<TopologyGroup> out = new ArrayList<>();
        Set<String> own = Set.of(pod.namespace());
        for (TopologySpread s : pod.spreads()) {
            DomainKey k = key(s.topologyKey());
            if (k != null && k.overflow()) return overflow(unsupported, k);
            NodeRequirements filter = s.honorAffinity() && !strict.isEmpty() ? strict : null;
            out.add(group(new TopologyGroup.Key(TopologyGroup.Kind.SPREAD, s.topologyKey(), s.selector(), own, s.maxSkew(),
                    s.minDomains(), filter, s.honorTaints() ? pod.tolerations() : null), k));
        }
        if (!addTerms(out, pod, pod.affinity(), TopologyGroup.Kind.AFFINITY, unsupported)) return null;
        if (!addTerms(out, pod, pod.preferredAffinity(), TopologyGroup.Kind.AFFINITY, unsupported)) return null;
        if (!addTerms(out, pod, pod.antiAffinity(), TopologyGroup.Kind.ANTI, unsupported)) return null;
        if (!addTerms(out, pod, pod.preferredAntiAffinity(), TopologyGroup.Kind.ANTI, unsupported)) return null;
        return out;
    }

    /** The inverse groups of a pod's required anti-affinity terms: where it is placed, the pods it repels may not go. */
    List<TopologyGroup> inverseOwned(Pod pod) {
        List<TopologyGroup> out = new ArrayList<>();
        for (PodAffinityTerm t : pod.antiAffinity()) {
            DomainKey k = key(t.topologyKey());
            if (k != null && k.overflow()) continue;
            TopologyGroup.Key key = new TopologyGroup.Key(TopologyGroup.Kind.INVERSE_ANTI, t.topologyKey(), t.selector(),
                    namespaces(pod, t), 0, 0, null, null);
            TopologyGroup g = groups.get(key);
            if (g == null) {
                g = new TopologyGroup(key, k);
                groups.put(key, g);
                inverse.add(g);
                repelledBy.clear();
            }
            out.add(g);
        }
        return out;
    }

    /**
     * Which of {@code zones} (the target's open zones) {@code pod} may go to on {@code target} under
     * its owned groups and the anti-affinities of others; 0 when none. A spread, an anti-affinity or a
     * bootstrapped affinity narrows to one zone. Constraints on other keys narrow through
     * {@link #narrowing()}.
     */
    long allowedZones(PodFacts pod, Target target, long zones) {
        narrowing = null;
        if (pod.owned.isEmpty() && pod.repelledBy.isEmpty()) return zones;
        narrowed = 0;
        int host = target.hostId();
        long podZones = pod.podZones;
        for (int i = 0; i < pod.owned.size(); i++) {
            TopologyGroup g = pod.owned.get(i);
            boolean self = pod.selfOwned[i];
            if (g.zone) {
                zones = switch (g.kind) {
                    case SPREAD -> g.spreadDomain(zones, podZones, podZones, self);
                    case AFFINITY -> g.affinityDomains(zones, podZones, self);
                    default -> g.antiDomain(zones, podZones);
                };
            } else if (g.hostname()) {
                boolean ok = switch (g.kind) {
                    case SPREAD -> g.hostCount(host) + (self ? 1 : 0) <= g.key.maxSkew();
                    case AFFINITY -> g.hostCount(host) > 0 || self && !g.anyDomainWithPods();
                    default -> g.hostCount(host) == 0;
                };
                if (!ok) zones = 0;
            } else {
                long options = domainsOf(target, g.domains);
                long podDomains = pod.domainsAllowed(g.domains);
                long chosen = switch (g.kind) {
                    case SPREAD -> g.spreadDomain(options, podDomains, pod.domainsStrict(g.domains), self);
                    case AFFINITY -> g.affinityDomains(options, podDomains, self);
                    default -> (options & ~DomainKey.NONE) == 0 ? options : g.antiDomain(options, podDomains);
                };
                if (chosen == 0) zones = 0;
                else if ((chosen & ~DomainKey.NONE) != 0) narrow(g.domains, chosen);
            }
            if (zones == 0) {
                lastFailure = g;
                return 0;
            }
        }
        for (TopologyGroup g : pod.repelledBy) {
            if (g.zone) {
                zones &= ~g.withPods();
            } else if (g.hostname()) {
                if (g.hostCount(host) > 0) zones = 0;
            } else {
                long options = domainsOf(target, g.domains);
                long left = options & ~g.withPods();
                if (left == 0) zones = 0;
                else if (left != options) narrow(g.domains, left);
            }
            if (zones == 0) {
                lastFailure = g;
                return 0;
            }
        }
        if (narrowed > 0) narrowing = new Narrowing(Arrays.copyOf(narrowKeys, narrowed), Arrays.copyOf(narrowMasks, narrowed));
        return zones;
    }

    /** The target's domains for {@code k}, as narrowed so far in this {@link #allowedZones} call. */
    private long domainsOf(Target target, DomainKey k) {
        for (int i = 0; i < narrowed; i++) if (narrowKeys[i] == k) return narrowMasks[i];
        return target.domains(k);
    }

    private void narrow(DomainKey k, long mask) {
        for (int i = 0; i < narrowed; i++) {
            if (narrowKeys[i] == k) {
                narrowMasks[i] = mask;
                return;
            }
        }
        if (narrowed == narrowKeys.length) {
            narrowKeys = Arrays.copyOf(narrowKeys, narrowed * 2);
            narrowMasks = Arrays.copyOf(narrowMasks, narrowed * 2);
        }
        narrowKeys[narrowed] = k;
        narrowMasks[narrowed++] = mask;
    }

    /** Records a pod placed on {@code target}, in every group that counts it and every inverse group it owns. */
    void record(PodFacts pod, Target target) {
        placements.add(new Placement(pod.pod, target));
        recordIn(selecting(pod.pod), target);
        for (TopologyGroup g : pod.inverseOwned) recordDomains(g, target, true);
    }

    /**
     * Records where a pod bound to an existing node repels others: the inverse groups of its required anti-affinity.
     * Bound pods count in the other groups from their nodes' pods, when each group is made ({@link #group}), so a
     * simulation does not visit every bound pod.
     */
    void recordBoundAntiAffinity(Pod pod, Target target) {
        for (TopologyGroup g : inverseOwned(pod)) recordDomains(g, target, true);
    }

    /** A NodeClaim's domains before a change, per {@link #keysInUse()} key, for {@link #settled}; null when no key is in use. */
    long[] domainsBefore(ClaimPlan claim) {
        if (inUse.isEmpty()) return null;
        long[] out = new long[inUse.size()];
        for (int i = 0; i < out.length; i++) out[i] = claim.domains(inUse.get(i));
        return out;
    }

    /**
     * Counts again, in the groups of each key whose domain on {@code claim} has just become a single
     * one, the pods already on it (spreads and affinities count a pod only once its domain is known).
     */
    void settled(ClaimPlan claim, long[] before) {
        if (before == null) return;
        for (int i = 0; i < before.length; i++) {
            DomainKey k = inUse.get(i);
            long now = claim.domains(k) & ~DomainKey.NONE;
            if (Long.bitCount(before[i] & ~DomainKey.NONE) <= 1 || Long.bitCount(now) != 1) continue;
            for (PodFacts p : claim.placed) {
                for (TopologyGroup g : selecting(p.pod)) {
                    if (g.domains == k && g.kind != TopologyGroup.Kind.ANTI && g.nodeIncluded(claim)) g.record(Long.numberOfTrailingZeros(now));
                }
            }
        }
    }

    private void recordIn(List<TopologyGroup> gs, Target target) {
        for (TopologyGroup g : gs) {
            if (g.kind == TopologyGroup.Kind.SPREAD && !g.nodeIncluded(target)) continue;
            recordDomains(g, target, g.kind == TopologyGroup.Kind.ANTI);
        }
    }

    private static void recordDomains(TopologyGroup g, Target target, boolean everyPossibleDomain) {
        if (g.hostname()) {
            g.recordHost(target.hostId());
            return;
        }
        long m = target.domains(g.domains) & ~DomainKey.NONE;
        if (Long.bitCount(m) == 1) g.record(Long.numberOfTrailingZeros(m));
        else if (everyPossibleDomain) for (; m != 0; m &= m - 1) g.record(Long.numberOfTrailingZeros(m));
    }

    /** The domains of {@code name}, discovered on first use; null for hostname. */
    private DomainKey key(String name) {
        if (name.equals(WellKnownLabels.HOSTNAME)) return null;
        DomainKey k = keys.get(name);
        if (k == null) {
            k = DomainKey.of(name, domains, templates, nodes);
            keys.put(name, k);
            if (!k.overflow()) inUse.add(k);
        }
        return k;
    }

    private TopologyGroup group(TopologyGroup.Key key, DomainKey k) {
        TopologyGroup g = groups.get(key);
        if (g != null) return g;
        g = new TopologyGroup(key, k);
        if (k != null && g.kind == TopologyGroup.Kind.SPREAD) {
            long universe = 0;
            for (PoolTemplate t : templates) if (g.poolIncluded(t)) universe |= k.of(t);
            for (NodeSlot n : nodes) if (g.nodeIncluded(n)) universe |= n.domains(k);
            g.universe = universe & ~DomainKey.NONE;
        }
        groups.put(key, g);
        forward.add(g);
        selectedBy.clear();
        for (NodeSlot n : nodes) for (Pod p : n.node.pods()) count(g, p, n);
        for (Placement p : placements) count(g, p.pod(), p.target());
        return g;
    }

    /** Counts in a new group a pod that was bound or placed before the group was made. */
    private static void count(TopologyGroup g, Pod pod, Target target) {
        if (g.selects(pod) && (g.kind != TopologyGroup.Kind.SPREAD || g.nodeIncluded(target))) {
            recordDomains(g, target, g.kind == TopologyGroup.Kind.ANTI);
        }
    }

    private List<TopologyGroup> selecting(Pod pod) {
        // no group yet: nothing selects it, and a group added later replays the placements itself
        if (forward.isEmpty()) return List.of();
        String sig = signature(pod);
        List<TopologyGroup> cached = selectedBy.get(sig);
        if (cached != null) return cached;
        List<TopologyGroup> out = new ArrayList<>();
        for (TopologyGroup g : forward) if (g.selects(pod)) out.add(g);
        selectedBy.put(sig, out);
        return out;
    }

    /** The inverse groups (others' required anti-affinity) that select {@code pod}. */
    List<TopologyGroup> repelling(Pod pod) {
        if (inverse.isEmpty()) return List.of();
        String sig = signature(pod);
        List<TopologyGroup> cached = repelledBy.get(sig);
        if (cached != null) return cached;
        List<TopologyGroup> out = new ArrayList<>();
        for (TopologyGroup g : inverse) if (g.selects(pod)) out.add(g);
        repelledBy.put(sig, out);
        return out;
    }

    private boolean addTerms(List<TopologyGroup> out, Pod pod, List<PodAffinityTerm> terms, TopologyGroup.Kind kind, String[] unsupported) {
        for (PodAffinityTerm t : terms) {
            DomainKey k = key(t.topologyKey());
            if (k != null && k.overflow()) {
                overflow(unsupported, k);
                return false;
            }
            if (t.namespaces().contains(PodAffinityTerm.BY_NAMESPACE_LABELS)) {
                unsupported[0] = "a pod affinity namespaceSelector with labels (namespace labels are not modelled)";
                return false;
            }
            out.add(group(new TopologyGroup.Key(kind, t.topologyKey(), t.selector(), namespaces(pod, t), 0, 0, null, null), k));
        }
        return true;
    }

    private static Set<String> namespaces(Pod pod, PodAffinityTerm t) {
        if (t.namespaces().isEmpty()) return Set.of(pod.namespace());
        if (t.namespaces().contains(PodAffinityTerm.ALL_NAMESPACES)) return Set.of(PodAffinityTerm.ALL_NAMESPACES);
        return t.namespaces();
    }

    private static List<TopologyGroup> overflow(String[] out, DomainKey k) {
        out[0] = "topology key " + k.name + ": its pools and nodes offer more than " + DomainKey.MAX_DOMAINS + " domains";
        return null;
    }

    private static String signature(Pod pod) {
        return pod.namespace() + '\u0000' + pod.labels();
    }
}
