package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.TopologySpread;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Topology spread and pod (anti-)affinity for one scheduling run, with Karpenter's semantics
 * ({@code provisioning/scheduling/topology*.go}) on the zone and hostname keys:
 * <ul>
 *   <li>spread: a domain may take the pod while its count (plus one if the pod selects itself)
 *       minus the minimum over eligible domains stays within maxSkew; for hostname the minimum is 0,
 *       since a new node can always be made; among valid zones the least loaded is chosen;</li>
 *   <li>affinity: only domains that already hold a selected pod, except that the first pod of a
 *       self-selecting group may start one;</li>
 *   <li>anti-affinity: only domains without a selected pod; and, inversely, a pod selected by some
 *       pod's required anti-affinity avoids that pod's domains. A pod with zonal anti-affinity
 *       settles its NodeClaim in one free zone (Karpenter leaves the zone open and blocks every zone
 *       the claim might land in, so such pods launch one per batch).</li>
 * </ul>
 * Groups are shared by all pods with the same constraint, counts are updated as pods are placed.
 */
final class Topology {

    /** A pod recorded in some domain: bound to a node, or placed in this run. */
    private record Placement(Pod pod, Target target) {
    }

    private final long universe;
    private final Map<TopologyGroup.Key, TopologyGroup> groups = new HashMap<>();
    private final List<TopologyGroup> forward = new ArrayList<>();
    private final List<TopologyGroup> inverse = new ArrayList<>();
    private final Map<String, List<TopologyGroup>> selectedBy = new HashMap<>();
    private final Map<String, List<TopologyGroup>> repelledBy = new HashMap<>();
    private final List<Placement> placements = new ArrayList<>();
    private int nextHost;
    private TopologyGroup lastFailure;

    /** @param universe every zone a pod could be placed in (template and node zones) */
    Topology(long universe) {
        this.universe = universe;
    }

    int newHost() {
        return nextHost++;
    }

    /** The group that refused the last {@link #allowedZones} call, for messages. */
    TopologyGroup lastFailure() {
        return lastFailure;
    }

    /**
     * The groups a pod owns through its spreads and (preferred) affinities, creating them on first
     * use. Returns null and sets {@code unsupported[0]} when a key other than zone or hostname is used.
     */
    List<TopologyGroup> owned(Pod pod, NodeRequirements strict, String[] unsupported) {
        List<TopologyGroup> out = new ArrayList<>();
        Set<String> own = Set.of(pod.namespace());
        for (TopologySpread s : pod.spreads()) {
            Boolean zone = zoneKey(s.topologyKey());
            if (zone == null) return unsupported(unsupported, s.topologyKey());
            NodeRequirements filter = s.honorAffinity() && !strict.isEmpty() ? strict : null;
            out.add(group(new TopologyGroup.Key(TopologyGroup.Kind.SPREAD, zone, s.selector(), own, s.maxSkew(),
                    s.minDomains(), filter, s.honorTaints() ? pod.tolerations() : null)));
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
            Boolean zone = zoneKey(t.topologyKey());
            if (zone == null) continue;
            TopologyGroup.Key key = new TopologyGroup.Key(TopologyGroup.Kind.INVERSE_ANTI, zone, t.selector(),
                    namespaces(pod, t), 0, 0, null, null);
            TopologyGroup g = groups.get(key);
            if (g == null) {
                g = new TopologyGroup(key);
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
     * its owned groups and the anti-affinities of others; 0 when none. A spread or a bootstrapped
     * affinity narrows to one zone.
     */
    long allowedZones(PodFacts pod, Target target, long zones) {
        if (pod.owned.isEmpty() && pod.repelledBy.isEmpty()) return zones;
        int host = target.hostId();
        long podZones = pod.podZones;
        for (TopologyGroup g : pod.owned) {
            boolean self = g.selects(pod.pod);
            if (g.zone) {
                zones = switch (g.kind) {
                    case SPREAD -> spreadZone(g, zones, podZones, self);
                    case AFFINITY -> affinityZones(g, zones, podZones, self);
                    default -> Long.lowestOneBit(zones & podZones & ~g.zonesWithPods());
                };
            } else {
                boolean ok = switch (g.kind) {
                    case SPREAD -> g.hostCount(host) + (self ? 1 : 0) <= g.key.maxSkew();
                    case AFFINITY -> g.hostCount(host) > 0 || self && !g.anyDomainWithPods();
                    default -> g.hostCount(host) == 0;
                };
                if (!ok) zones = 0;
            }
            if (zones == 0) {
                lastFailure = g;
                return 0;
            }
        }
        for (TopologyGroup g : pod.repelledBy) {
            if (g.zone) zones &= ~g.zonesWithPods();
            else if (g.hostCount(host) > 0) zones = 0;
            if (zones == 0) {
                lastFailure = g;
                return 0;
            }
        }
        return zones;
    }

    private long spreadZone(TopologyGroup g, long zones, long podZones, boolean self) {
        long eligible = universe & podZones;
        int min = Integer.MAX_VALUE;
        for (long m = eligible; m != 0; m &= m - 1) min = Math.min(min, g.zoneCount(Long.numberOfTrailingZeros(m)));
        if (min == Integer.MAX_VALUE || g.key.minDomains() > 0 && Long.bitCount(eligible) < g.key.minDomains()) min = 0;
        int best = -1;
        int bestCount = Integer.MAX_VALUE;
        for (long m = zones & eligible; m != 0; m &= m - 1) {
            int z = Long.numberOfTrailingZeros(m);
            int count = g.zoneCount(z) + (self ? 1 : 0);
            if (count - min <= g.key.maxSkew() && count < bestCount) {
                best = z;
                bestCount = count;
            }
        }
        return best < 0 ? 0 : 1L << best;
    }

    private static long affinityZones(TopologyGroup g, long zones, long podZones, boolean self) {
        long options = zones & podZones & g.zonesWithPods();
        if (options != 0) return options;
        if (self && (!g.anyDomainWithPods() || (g.zonesWithPods() & podZones) == 0)) {
            long open = zones & podZones;
            return open == 0 ? 0 : Long.lowestOneBit(open);
        }
        return 0;
    }

    /** Records a pod placed on {@code target}, in every group that counts it and every inverse group it owns. */
    void record(PodFacts pod, Target target) {
        placements.add(new Placement(pod.pod, target));
        recordIn(selecting(pod.pod), pod.pod, target);
        for (TopologyGroup g : pod.inverseOwned) recordDomains(g, target, true);
    }

    /** Records a pod bound to an existing node (counted at the start of the run). */
    void recordBound(Pod pod, Target target) {
        placements.add(new Placement(pod, target));
        recordIn(selecting(pod), pod, target);
        for (TopologyGroup g : inverseOwned(pod)) recordDomains(g, target, true);
    }

    /** Counts again, in zone groups, the pods of a NodeClaim whose zone has just become a single one. */
    void zoneSettled(ClaimPlan claim) {
        for (PodFacts p : claim.placed) {
            for (TopologyGroup g : selecting(p.pod)) {
                if (g.zone && g.kind != TopologyGroup.Kind.ANTI && g.nodeIncluded(claim)) g.recordZone(Long.numberOfTrailingZeros(claim.zones()));
            }
        }
    }

    private void recordIn(List<TopologyGroup> gs, Pod pod, Target target) {
        for (TopologyGroup g : gs) {
            if (g.kind == TopologyGroup.Kind.SPREAD && !g.nodeIncluded(target)) continue;
            recordDomains(g, target, g.kind == TopologyGroup.Kind.ANTI);
        }
    }

    private static void recordDomains(TopologyGroup g, Target target, boolean everyPossibleZone) {
        if (!g.zone) {
            g.recordHost(target.hostId());
            return;
        }
        long zones = target.zones();
        if (Long.bitCount(zones) == 1) g.recordZone(Long.numberOfTrailingZeros(zones));
        else if (everyPossibleZone) for (long m = zones; m != 0; m &= m - 1) g.recordZone(Long.numberOfTrailingZeros(m));
    }

    private TopologyGroup group(TopologyGroup.Key key) {
        TopologyGroup g = groups.get(key);
        if (g != null) return g;
        g = new TopologyGroup(key);
        groups.put(key, g);
        forward.add(g);
        selectedBy.clear();
        for (Placement p : placements) {
            if (g.selects(p.pod()) && (g.kind != TopologyGroup.Kind.SPREAD || g.nodeIncluded(p.target()))) {
                recordDomains(g, p.target(), g.kind == TopologyGroup.Kind.ANTI);
            }
        }
        return g;
    }

    private List<TopologyGroup> selecting(Pod pod) {
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
            Boolean zone = zoneKey(t.topologyKey());
            if (zone == null) {
                unsupported(unsupported, t.topologyKey());
                return false;
            }
            if (t.namespaces().contains(PodAffinityTerm.BY_NAMESPACE_LABELS)) {
                unsupported[0] = "a pod affinity namespaceSelector with labels (namespace labels are not modelled)";
                return false;
            }
            out.add(group(new TopologyGroup.Key(kind, zone, t.selector(), namespaces(pod, t), 0, 0, null, null)));
        }
        return true;
    }

    private static Set<String> namespaces(Pod pod, PodAffinityTerm t) {
        if (t.namespaces().isEmpty()) return Set.of(pod.namespace());
        if (t.namespaces().contains(PodAffinityTerm.ALL_NAMESPACES)) return Set.of(PodAffinityTerm.ALL_NAMESPACES);
        return t.namespaces();
    }

    private static List<TopologyGroup> unsupported(String[] out, String key) {
        out[0] = "topology key " + key + " (only " + WellKnownLabels.ZONE + " and kubernetes.io/hostname are supported)";
        return null;
    }

    /** True for the zone key, false for hostname, null for any other key. */
    private static Boolean zoneKey(String key) {
        if (key.equals(WellKnownLabels.ZONE)) return Boolean.TRUE;
        if (key.equals(WellKnownLabels.HOSTNAME)) return Boolean.FALSE;
        return null;
    }


    private static String signature(Pod pod) {
        return pod.namespace() + '\u0000' + pod.labels();
    }
}
