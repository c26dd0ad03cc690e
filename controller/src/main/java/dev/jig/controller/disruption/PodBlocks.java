package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.model.DoNotDisrupt;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;

import java.time.Instant;
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

    /**
     * Whether {@code p}, on a node that goes, needs a place elsewhere now (Karpenter's {@code IsCurrentlyReschedulable}):
     * reschedulable, not held by an active {@code karpenter.sh/do-not-disrupt}, and not held for good by its
     * PodDisruptionBudgets ({@link PodDisruptionBudget#fullyBlocked}; pods the drain does not evict are never held).
     * Capacity for the others would stand idle until they can go.
     */
    static boolean currentlyReschedulable(Pod p, List<PodDisruptionBudget> pdbs, Instant now) {
        if (!isReschedulable(p) || DoNotDisrupt.active(p, now)) return false;
        return !evicted(p) || !PodDisruptionBudget.fullyBlocked(p, pdbs);
    }

    /** Whether a drain evicts {@code p}: neither a mirror pod nor one that tolerates the {@code disrupted} taint. */
    private static boolean evicted(Pod p) {
        return !isMirror(p) && Toleration.firstUntolerated(List.of(DISRUPTED), p.tolerations(), true) != null;
    }

    /**
     * Why {@code pods} keep their node from a graceful disruption, or null: a pod whose
     * {@code karpenter.sh/do-not-disrupt} is active at {@code now} ({@link DoNotDisrupt}; DaemonSet and mirror pods
     * included, as in Karpenter), or an evictable pod that a PodDisruptionBudget allowing no disruption covers, or
     * that two budgets cover (the eviction API refuses it). Pods that are not evicted (mirror pods,
     * and pods that tolerate the {@code karpenter.sh/disrupted} taint, like most DaemonSet pods) do
     * not count against budgets.
     */
    static Blocked.Why block(List<Pod> pods, List<PodDisruptionBudget> pdbs, Instant now, StringBuilder subject) {
        for (Pod p : pods) {
            if (DoNotDisrupt.active(p, now)) {
                subject.append(p.key());
                return Blocked.Why.POD_DO_NOT_DISRUPT;
            }
        }
        for (Pod p : pods) {
            if (!evicted(p)) continue;
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
