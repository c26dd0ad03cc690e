package dev.jig.controller.scheduling;

import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.model.TopologySpread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Karpenter's preference relaxation: a pod is first scheduled as if its preferences were required
 * (the heaviest preferred node affinity term, preferred pod (anti-)affinity, ScheduleAnyway spread,
 * PreferNoSchedule taints); when it fits nowhere, one preference at a time is dropped, in
 * Karpenter's order, and the pod is tried again.
 */
final class Preferences {

    private final boolean poolsPreferNoSchedule;

    /** @param poolsPreferNoSchedule whether some pool has a PreferNoSchedule taint (only then is tolerating them a relaxation) */
    Preferences(boolean poolsPreferNoSchedule) {
        this.poolsPreferNoSchedule = poolsPreferNoSchedule;
    }

    /** The pod with one more preference dropped, and what was dropped; null when nothing is left to relax. */
    Relaxed relax(Pod pod) {
        if (pod.requiredTerms().size() > 1) {
            return new Relaxed(pod.with().requiredTerms(pod.requiredTerms().subList(1, pod.requiredTerms().size())).build(),
                    "removed the first required node affinity term");
        }
        if (!pod.preferredAffinity().isEmpty()) {
            return new Relaxed(pod.with().preferredAffinity(withoutHeaviest(pod.preferredAffinity())).build(),
                    "removed the heaviest preferred pod affinity term");
        }
        if (!pod.preferredAntiAffinity().isEmpty()) {
            return new Relaxed(pod.with().preferredAntiAffinity(withoutHeaviest(pod.preferredAntiAffinity())).build(),
                    "removed the heaviest preferred pod anti-affinity term");
        }
        if (!pod.preferredTerms().isEmpty()) {
            List<NodeSelectorTerm> terms = new ArrayList<>(pod.preferredTerms());
            terms.sort(Comparator.comparingInt(NodeSelectorTerm::weight).reversed());
            return new Relaxed(pod.with().preferredTerms(terms.subList(1, terms.size())).build(),
                    "removed the heaviest preferred node affinity term");
        }
        for (int i = 0; i < pod.spreads().size(); i++) {
            TopologySpread s = pod.spreads().get(i);
            if (!s.hard()) {
                List<TopologySpread> rest = new ArrayList<>(pod.spreads());
                rest.remove(i);
                return new Relaxed(pod.with().spreads(rest).build(), "removed a ScheduleAnyway topology spread on " + s.topologyKey());
            }
        }
        if (poolsPreferNoSchedule && !toleratesAllPreferNoSchedule(pod)) {
            return new Relaxed(pod.with().toleration(Toleration.exists("", Toleration.PREFER_NO_SCHEDULE)).build(),
                    "tolerated PreferNoSchedule taints");
        }
        return null;
    }

    record Relaxed(Pod pod, String what) {
    }

    private static boolean toleratesAllPreferNoSchedule(Pod pod) {
        for (Toleration t : pod.tolerations()) {
            if (t.key().isEmpty() && t.operator().equals("Exists")
                    && (t.effect().isEmpty() || t.effect().equals(Toleration.PREFER_NO_SCHEDULE))) return true;
        }
        return false;
    }

    private static List<PodAffinityTerm> withoutHeaviest(List<PodAffinityTerm> terms) {
        List<PodAffinityTerm> sorted = new ArrayList<>(terms);
        sorted.sort(Comparator.comparingInt(PodAffinityTerm::weight).reversed());
        return sorted.subList(1, sorted.size());
    }
}
