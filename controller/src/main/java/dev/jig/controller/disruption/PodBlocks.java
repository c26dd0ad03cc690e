package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;

import java.util.ArrayList;
import java.util.List;

/**
 * Which pods move when a node goes, and which pods keep it: Karpenter's {@code IsReschedulable},
 * {@code IsDisruptable} and the PodDisruptionBudget check of {@code ValidatePodsDisruptable}.
 */
final class PodBlocks {

    private static final Taint DISRUPTED = new Taint(TaintKeys.DISRUPTED, null, Toleration.NO_SCHEDULE);

    private PodBlocks() {
    }

    /** A mirror (static) pod: its kubelet owns it. */
    static boolean isMirror(Pod p) {
        return p.annotations().containsKey(Annotations.MIRROR_POD);
    }

    /** Pods that must find another node when this one goes: neither DaemonSet nor mirror pods. */
    static boolean isReschedulable(Pod p) {
        return !p.daemonSet() && !isMirror(p);
    }

    static boolean doNotDisrupt(Pod p) {
        return "true".equals(p.annotations().get(Annotations.DO_NOT_DISRUPT));
    }

    /**
     * Why {@code pods} keep their node from a graceful disruption, or null: a pod with
     * {@code karpenter.sh/do-not-disrupt: "true"} (DaemonSet and mirror pods included, as in
     * Karpenter), or an evictable pod that a PodDisruptionBudget allowing no disruption covers, or
     * that two budgets cover (the eviction API refuses it). Pods that are not evicted (mirror pods,
     * and pods that tolerate the {@code karpenter.sh/disrupted} taint, like most DaemonSet pods) do
     * not count against budgets.
     */
    static Blocked.Why block(List<Pod> pods, List<PodDisruptionBudget> pdbs, StringBuilder subject) {
        for (Pod p : pods) {
            if (doNotDisrupt(p)) {
                subject.append(p.key());
                return Blocked.Why.POD_DO_NOT_DISRUPT;
            }
        }
        for (Pod p : pods) {
            if (isMirror(p) || Toleration.firstUntolerated(List.of(DISRUPTED), p.tolerations(), true) == null) continue;
            List<String> covering = new ArrayList<>();
            boolean zero = false;
            for (PodDisruptionBudget b : pdbs) {
                if (!b.covers(p)) continue;
                covering.add(b.key());
                zero |= b.disruptionsAllowed() <= 0;
            }
            if (zero || covering.size() > 1) {
                subject.append(String.join(", ", covering));
                return Blocked.Why.PDB;
            }
        }
        return null;
    }
}
