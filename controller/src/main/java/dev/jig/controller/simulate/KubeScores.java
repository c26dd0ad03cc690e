package dev.jig.controller.simulate;

import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.model.TopologySpread;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.jig.controller.simulate.KubeSchedulerScoring.MAX_NODE_SCORE;

/**
 * The score plugins of the default kube-scheduler profile, with upstream's weights and
 * normalisations: TaintToleration ×3 (fewer untolerated PreferNoSchedule taints), NodeAffinity ×2
 * (preferred terms' weights), NodeResourcesFit ×1 ({@link KubeSchedulerScoring}), PodTopologySpread ×2
 * ({@code ScheduleAnyway} constraints, or the system defaults: hostname maxSkew 3 and zone maxSkew 5
 * over the pod's own labels, as for a ReplicaSet's pods), InterPodAffinity ×2 (the pod's preferred
 * terms, and the bound pods' terms that select it) and NodeResourcesBalancedAllocation ×1. ImageLocality is left out: every simulated pod
 * runs the same image. Each plugin's scores are normalised to 0..100 over the feasible nodes, then
 * weighted and summed.
 */
final class KubeScores {

    static final int TAINT_TOLERATION = 3;
    static final int NODE_AFFINITY = 2;
    static final int RESOURCES_FIT = 1;
    static final int TOPOLOGY_SPREAD = 2;
    static final int INTER_POD_AFFINITY = 2;
    static final int BALANCED_ALLOCATION = 1;

    private static final List<TopologySpread> NO_SPREADS = List.of();

    private KubeScores() {
    }

    /** The weighted total of every plugin's normalised score, per feasible node, in their order. */
    static long[] score(Pod pod, List<KubeNode> feasible, KubeTopology topology, KubeSchedulerScoring scoring) {
        int n = feasible.size();
        long[] total = new long[n];
        long[] taints = new long[n];
        long[] affinity = new long[n];
        long[] interPod = new long[n];
        for (int i = 0; i < n; i++) {
            KubeNode node = feasible.get(i);
            taints[i] = untoleratedPreferNoSchedule(pod, node);
            affinity[i] = preferredNodeAffinity(pod, node);
            interPod[i] = preferredPodAffinity(pod, node, topology);
            total[i] = RESOURCES_FIT * resourcesFit(pod, node, scoring) + BALANCED_ALLOCATION * balanced(pod, node);
        }
        normaliseReversed(taints);
        normalise(affinity);
        normaliseRange(interPod);
        long[] spread = spread(pod, feasible, topology);
        for (int i = 0; i < n; i++) {
            total[i] += TAINT_TOLERATION * taints[i] + NODE_AFFINITY * affinity[i] + INTER_POD_AFFINITY * interPod[i] + TOPOLOGY_SPREAD * spread[i];
        }
        return total;
    }

    static long resourcesFit(Pod pod, KubeNode n, KubeSchedulerScoring scoring) {
        long cpu = scoring.score(n.nonZeroCpu + KubeNode.nonZeroCpu(pod), n.node.allocatable().cpuMillis());
        long mem = scoring.score(n.nonZeroMemory + KubeNode.nonZeroMemory(pod), n.node.allocatable().memoryBytes());
        return (cpu + mem) / 2;
    }

    /** 100 × (1 − the standard deviation of the cpu and memory fractions requested); 0 for best-effort pods. */
    static long balanced(Pod pod, KubeNode n) {
        long podCpu = pod.requests().cpuMillis(), podMem = pod.requests().memoryBytes();
        if (podCpu == 0 && podMem == 0) return 0;
        List<Double> fractions = new ArrayList<>(2);
        long allocCpu = n.node.allocatable().cpuMillis(), allocMem = n.node.allocatable().memoryBytes();
        if (allocCpu > 0) fractions.add(Math.min(1.0, (double) (n.requested.cpuMillis() + podCpu) / allocCpu));
        if (allocMem > 0) fractions.add(Math.min(1.0, (double) (n.requested.memoryBytes() + podMem) / allocMem));
        double std = fractions.size() == 2 ? Math.abs(fractions.get(0) - fractions.get(1)) / 2 : 0;
        return (long) ((1 - std) * MAX_NODE_SCORE);
    }

    private static long untoleratedPreferNoSchedule(Pod pod, KubeNode n) {
        long count = 0;
        for (Taint t : n.node.taints()) {
            if (!t.effect().equals(Toleration.PREFER_NO_SCHEDULE)) continue;
            boolean tolerated = false;
            for (Toleration tol : pod.tolerations()) {
                if ((tol.effect().isEmpty() || tol.effect().equals(Toleration.PREFER_NO_SCHEDULE)) && tol.tolerates(t)) tolerated = true;
            }
            if (!tolerated) count++;
        }
        return count;
    }

    private static long preferredNodeAffinity(Pod pod, KubeNode n) {
        long sum = 0;
        for (NodeSelectorTerm term : pod.preferredTerms()) {
            if (!term.matchExpressions().isEmpty() && NodeRequirements.ofExpressions(term.matchExpressions()).matchesLabels(n.node.labels())) {
                sum += term.weight();
            }
        }
        return sum;
    }

    /** The pod's preferred (anti-)affinity towards bound pods, and the bound pods' affinity terms towards the pod. */
    private static long preferredPodAffinity(Pod pod, KubeNode n, KubeTopology topology) {
        long sum = topology.attraction(pod, n);
        for (PodAffinityTerm t : pod.preferredAffinity()) sum += (long) t.weight() * topology.count(KubeTopology.termGroup(pod, t), n);
        for (PodAffinityTerm t : pod.preferredAntiAffinity()) sum -= (long) t.weight() * topology.count(KubeTopology.termGroup(pod, t), n);
        return sum;
    }

    /**
     * Fewer matching pods in the node's domains score higher: per constraint, count × ln(domains + 2)
     * + maxSkew − 1, summed and rounded; then 100 × (max + min − score) / max. Nodes missing a key of
     * the pod's own constraints score 0.
     */
    private static long[] spread(Pod pod, List<KubeNode> feasible, KubeTopology topology) {
        int n = feasible.size();
        long[] out = new long[n];
        boolean defaulted = pod.spreads().isEmpty();
        List<TopologySpread> soft = defaulted ? systemDefaults(pod) : pod.spreads().stream().filter(s -> !s.hard()).toList();
        if (soft.isEmpty()) return out;
        boolean[] ignored = new boolean[n];
        double[] weight = new double[soft.size()];
        int considered = 0;
        for (int i = 0; i < n; i++) {
            for (TopologySpread s : soft) if (!defaulted && feasible.get(i).label(s.topologyKey()) == null) ignored[i] = true;
            if (!ignored[i]) considered++;
        }
        for (int c = 0; c < soft.size(); c++) {
            String key = soft.get(c).topologyKey();
            Set<String> values = new HashSet<>();
            for (int i = 0; i < n; i++) if (!ignored[i] && feasible.get(i).label(key) != null) values.add(feasible.get(i).label(key));
            weight[c] = Math.log((key.equals(WellKnownLabels.HOSTNAME) ? considered : values.size()) + 2);
        }
        long min = Long.MAX_VALUE, max = 0;
        for (int i = 0; i < n; i++) {
            if (ignored[i]) continue;
            double score = 0;
            for (int c = 0; c < soft.size(); c++) {
                TopologySpread s = soft.get(c);
                if (feasible.get(i).label(s.topologyKey()) == null) continue;
                score += topology.count(KubeTopology.spreadGroup(pod, s), feasible.get(i)) * weight[c] + s.maxSkew() - 1;
            }
            out[i] = Math.round(score);
            min = Math.min(min, out[i]);
            max = Math.max(max, out[i]);
        }
        for (int i = 0; i < n; i++) {
            if (ignored[i]) out[i] = 0;
            else out[i] = max == 0 ? MAX_NODE_SCORE : MAX_NODE_SCORE * (max + min - out[i]) / max;
        }
        return out;
    }

    /** Upstream's system default constraints, selecting the pods of the pod's own workload (its labels). */
    private static List<TopologySpread> systemDefaults(Pod pod) {
        if (pod.labels().isEmpty()) return NO_SPREADS;
        LabelSelector own = LabelSelector.of(pod.labels());
        return List.of(new TopologySpread(3, WellKnownLabels.HOSTNAME, false, own, 0, true, false),
                new TopologySpread(5, WellKnownLabels.ZONE, false, own, 0, true, false));
    }

    /** Highest raw score → 100; all 0 stays 0. */
    private static void normalise(long[] s) {
        long max = 0;
        for (long v : s) max = Math.max(max, v);
        if (max == 0) return;
        for (int i = 0; i < s.length; i++) s[i] = s[i] * MAX_NODE_SCORE / max;
    }

    /** Lowest raw score → 100 (a count of things to avoid); all 0 gives 100 everywhere. */
    private static void normaliseReversed(long[] s) {
        long max = 0;
        for (long v : s) max = Math.max(max, v);
        for (int i = 0; i < s.length; i++) s[i] = max == 0 ? MAX_NODE_SCORE : MAX_NODE_SCORE - s[i] * MAX_NODE_SCORE / max;
    }

    /** Min → 0, max → 100; all equal gives 0. */
    private static void normaliseRange(long[] s) {
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (long v : s) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        for (int i = 0; i < s.length; i++) s[i] = max > min ? MAX_NODE_SCORE * (s[i] - min) / (max - min) : 0;
    }
}
