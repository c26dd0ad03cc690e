package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Pod counts per domain (zone or hostname) for one topology constraint shared by many pods
 * (Karpenter's TopologyGroup): a spread, an affinity or an anti-affinity term, with the pods its
 * selector counts. Zones are counted in a 64-slot array, hostnames by the host id of the node or
 * NodeClaim. An inverse group ({@link Kind#INVERSE_ANTI}) counts where the pods that declare a required
 * anti-affinity are, so that the pods they repel stay away.
 */
final class TopologyGroup {

    enum Kind { SPREAD, AFFINITY, ANTI, INVERSE_ANTI }

    /** Identity of a group: equal keys share counts. */
    record Key(Kind kind, boolean zone, LabelSelector selector, Set<String> namespaces, int maxSkew, int minDomains,
               NodeRequirements nodeFilter, List<Toleration> taintFilter) {
    }

    final Key key;
    final Kind kind;
    final boolean zone;
    private final int[] zoneCounts = new int[64];
    private long zonesWithPods;
    private int[] hostCounts = new int[256];
    private int domainsWithPods;

    TopologyGroup(Key key) {
        this.key = key;
        this.kind = key.kind();
        this.zone = key.zone();
    }

    /** Whether a pod is counted by this group (selector and namespace; node filters are checked per target). */
    boolean selects(Pod pod) {
        Set<String> ns = key.namespaces();
        return (ns.contains(pod.namespace()) || ns.contains(dev.jig.controller.model.PodAffinityTerm.ALL_NAMESPACES))
                && key.selector().matches(pod.labels());
    }

    /** Whether a node with these taints and (for a NodeClaim) requirements takes part in a spread's counts. */
    boolean nodeIncluded(Target target) {
        if (key.nodeFilter() != null && !target.satisfies(key.nodeFilter())) return false;
        if (key.taintFilter() != null) {
            List<Taint> taints = target.taints();
            if (Toleration.firstUntolerated(taints, key.taintFilter(), false) != null) return false;
        }
        return true;
    }

    int zoneCount(int z) {
        return zoneCounts[z];
    }

    int hostCount(int host) {
        return host < hostCounts.length ? hostCounts[host] : 0;
    }

    long zonesWithPods() {
        return zonesWithPods;
    }

    boolean anyDomainWithPods() {
        return domainsWithPods > 0;
    }

    void recordZone(int z) {
        if (zoneCounts[z]++ == 0) {
            zonesWithPods |= 1L << z;
            domainsWithPods++;
        }
    }

    void recordHost(int host) {
        if (host >= hostCounts.length) hostCounts = Arrays.copyOf(hostCounts, Math.max(host + 1, hostCounts.length * 2));
        if (hostCounts[host]++ == 0) domainsWithPods++;
    }

    @Override
    public String toString() {
        return kind + " on " + (zone ? "zone" : "hostname") + " selecting " + key.selector().matchLabels()
                + (key.selector().matchExpressions().isEmpty() ? "" : " " + key.selector().matchExpressions());
    }
}
