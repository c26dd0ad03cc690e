package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which DaemonSets run on a node, so their requests count as overhead (Karpenter's daemon overhead
 * groups): the DaemonSet pod must tolerate the node's taints (PreferNoSchedule does not keep a
 * daemon away) and one of its node affinity terms, with its node selector, must be compatible with
 * the node's requirements and labels.
 */
public final class DaemonSets {

    private DaemonSets() {
    }

    /** For a node yet to launch: the template's taints and requirements plus the instance type's labels. */
    public static boolean runsOn(Pod daemon, List<Taint> taints, NodeRequirements template, Map<String, String> typeLabels) {
        return runsOnType(typeTerms(daemon, taints, template), typeLabels);
    }

    /**
     * The part of {@link #runsOn(Pod, List, NodeRequirements, Map)} that does not depend on the instance type:
     * per node affinity term compatible with the template (none when the daemon does not tolerate its taints),
     * the term's requirements on instance-type keys. The daemon runs on a type that satisfies one of them.
     */
    static List<List<NodeRequirement>> typeTerms(Pod daemon, List<Taint> taints, NodeRequirements template) {
        if (Toleration.firstUntolerated(taints, daemon.tolerations(), false) != null) return List.of();
        List<NodeSelectorTerm> terms = daemon.requiredTerms().isEmpty() ? List.of(NodeSelectorTerm.of()) : daemon.requiredTerms();
        List<List<NodeRequirement>> out = new ArrayList<>();
        for (NodeSelectorTerm term : terms) {
            NodeRequirements pod = NodeRequirements.ofLabels(daemon.nodeSelector());
            pod.addAll(NodeRequirements.ofExpressions(term.matchExpressions()));
            if (template.compatible(pod) != null) continue;
            List<NodeRequirement> typed = new ArrayList<>();
            for (NodeRequirement r : pod.all()) if (PoolTemplate.isTypeKey(r.key())) typed.add(r);
            out.add(List.copyOf(typed));
        }
        return List.copyOf(out);
    }

    /** Whether a type with these labels satisfies one of {@code typeTerms} ({@link #typeTerms}). */
    static boolean runsOnType(List<List<NodeRequirement>> typeTerms, Map<String, String> typeLabels) {
        for (List<NodeRequirement> term : typeTerms) {
            boolean typeOk = true;
            for (NodeRequirement r : term) {
                if (!r.matches(typeLabels.get(r.key()))) {
                    typeOk = false;
                    break;
                }
            }
            if (typeOk) return true;
        }
        return false;
    }

    /** For an existing node: its actual taints and labels. */
    public static boolean runsOn(Pod daemon, List<Taint> taints, Map<String, String> nodeLabels) {
        return Toleration.firstUntolerated(taints, daemon.tolerations(), false) == null && matchesRequiredNodeAffinity(daemon, nodeLabels);
    }

    /**
     * Whether a node with these labels satisfies the pod's node selector and one of its required node
     * affinity terms (the terms are ORed), as the kube-scheduler's NodeAffinity filter decides.
     */
    public static boolean matchesRequiredNodeAffinity(Pod pod, Map<String, String> nodeLabels) {
        return matchesRequiredNodeAffinity(pod.nodeSelector(), pod.requiredTerms(), nodeLabels);
    }

    /** {@link #matchesRequiredNodeAffinity(Pod, Map)} for a node selector and required terms given apart. */
    public static boolean matchesRequiredNodeAffinity(Map<String, String> nodeSelector, List<NodeSelectorTerm> requiredTerms,
                                                      Map<String, String> nodeLabels) {
        List<NodeSelectorTerm> terms = requiredTerms.isEmpty() ? List.of(NodeSelectorTerm.of()) : requiredTerms;
        for (NodeSelectorTerm term : terms) {
            NodeRequirements r = NodeRequirements.ofLabels(nodeSelector);
            r.addAll(NodeRequirements.ofExpressions(term.matchExpressions()));
            if (r.matchesLabels(nodeLabels)) return true;
        }
        return false;
    }
}
