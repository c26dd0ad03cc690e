package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Pod counts per domain for one topology constraint shared by many pods (Karpenter's
 * TopologyGroup): a spread, an affinity or an anti-affinity term, with the pods its selector
 * counts. Domains of a {@link DomainKey} (zone, capacity type, arch, a pool label, ...) are counted
 * in a 64-slot array, hostnames by the host id of the node or NodeClaim. An inverse group
 * ({@link Kind#INVERSE_ANTI}) counts where the pods that declare a required anti-affinity are, so
 * that the pods they repel stay away.
 */
final class TopologyGroup {

    enum Kind { SPREAD, AFFINITY, ANTI, INVERSE_ANTI }

    /** Identity of a group: equal keys share counts. */
    record Key(Kind kind, String topologyKey, LabelSelector selector, Set<String> namespaces, int maxSkew, int minDomains,
               NodeRequirements nodeFilter, List<Toleration> taintFilter) {
    }

    final Key key;
    final Kind kind;
    /** The key's domains; null for hostname, whose domains are host ids. */
    final DomainKey domains;
    final boolean zone;
    /**
     * A spread's eligible domains (Kubernetes' "domains of nodes that pass the node inclusion
     * policies"): those of the pools whose taints the pod tolerates when it honours taints, and whose
     * requirements its own allow when it honours node affinity, and of the existing nodes that pass
     * the same filters.
     */
    long universe;
    private final int[] counts = new int[64];
    private long withPods;
    private int[] hostCounts = new int[256];
    /** Hostname groups: hostsWith[k - 1] is the bit set of hosts holding at least k selected pods, k up to {@value #HOST_LEVELS}. */
    private final long[][] hostsWith = new long[HOST_LEVELS][4];
    static final int HOST_LEVELS = 4;
    private int domainsWithPods;

    TopologyGroup(Key key, DomainKey domains) {
        this.key = key;
        this.kind = key.kind();
        this.domains = domains;
        this.zone = domains != null && domains.source == DomainKey.Source.ZONE;
    }

    boolean hostname() {
        return domains == null;
    }

    /** Whether a pod is counted by this group (selector and namespace; node filters are checked per target). */
    boolean selects(Pod pod) {
        Set<String> ns = key.namespaces();
        return (ns.contains(pod.namespace()) || ns.contains(PodAffinityTerm.ALL_NAMESPACES)) && key.selector().matches(pod.labels());
    }

    /** Whether a node with these taints and (for a NodeClaim) requirements takes part in a spread's counts. */
    boolean nodeIncluded(Target target) {
        return included(target.taints(), key.nodeFilter() == null || target.satisfies(key.nodeFilter()));
    }

    /** Whether the nodes of a pool take part in a spread's domains (see {@link #universe}). */
    boolean poolIncluded(PoolTemplate t) {
        return included(t.taints, key.nodeFilter() == null || t.requirements.compatible(key.nodeFilter()) == null);
    }

    private boolean included(List<Taint> taints, boolean affinityOk) {
        return affinityOk && (key.taintFilter() == null || Toleration.firstUntolerated(taints, key.taintFilter(), false) == null);
    }

    int count(int domain) {
        return counts[domain];
    }

    int hostCount(int host) {
        return host < hostCounts.length ? hostCounts[host] : 0;
    }

    /** The domains (of {@link #domains}) that hold a selected pod. */
    long withPods() {
        return withPods;
    }

    boolean anyDomainWithPods() {
        return domainsWithPods > 0;
    }

    void record(int domain) {
        if (counts[domain]++ == 0) {
            withPods |= 1L << domain;
            domainsWithPods++;
        }
    }

    void recordHost(int host) {
        if (host >= hostCounts.length) hostCounts = Arrays.copyOf(hostCounts, Math.max(host + 1, hostCounts.length * 2));
        int count = ++hostCounts[host];
        if (count == 1) domainsWithPods++;
        if (count <= HOST_LEVELS) {
            long[] bits = hostsWith[count - 1];
            if ((host >>> 6) >= bits.length) bits = hostsWith[count - 1] = Arrays.copyOf(bits, Math.max((host >>> 6) + 1, bits.length * 2));
            bits[host >>> 6] |= 1L << host;
        }
    }

    /** The hosts holding at least {@code k} selected pods ({@code 1 <= k <=} {@value #HOST_LEVELS}), as a bit set over host ids. */
    long[] hostsWith(int k) {
        return hostsWith[k - 1];
    }

    /** The least loaded of {@code options} among the spread's {@link #spreadValid valid domains}, or 0. */
    long spreadDomain(long options, long podDomains, long strictDomains, boolean self) {
        int best = -1;
        int bestCount = Integer.MAX_VALUE;
        for (long m = options & spreadValid(podDomains, strictDomains, self); m != 0; m &= m - 1) {
            int d = Long.numberOfTrailingZeros(m);
            if (count(d) < bestCount) {
                best = d;
                bestCount = count(d);
            }
        }
        return best < 0 ? 0 : 1L << best;
    }

    /**
     * The domains the pod allows ({@code podDomains}) where its count (plus one if it selects itself)
     * stays within maxSkew of the minimum over the eligible domains (narrowed by {@code strictDomains}
     * when the pod honours node affinity).
     */
    long spreadValid(long podDomains, long strictDomains, boolean self) {
        long eligible = universe & (key.nodeFilter() != null ? strictDomains : -1L) & ~DomainKey.NONE;
        int min = Integer.MAX_VALUE;
        for (long m = eligible; m != 0; m &= m - 1) min = Math.min(min, count(Long.numberOfTrailingZeros(m)));
        if (min == Integer.MAX_VALUE || key.minDomains() > 0 && Long.bitCount(eligible) < key.minDomains()) min = 0;
        long valid = 0;
        for (long m = podDomains & universe & ~DomainKey.NONE; m != 0; m &= m - 1) {
            int d = Long.numberOfTrailingZeros(m);
            if (count(d) + (self ? 1 : 0) - min <= key.maxSkew()) valid |= 1L << d;
        }
        return valid;
    }

    long affinityDomains(long options, long podDomains, boolean self) {
        long open = options & podDomains & ~DomainKey.NONE;
        long withPods = open & withPods();
        if (withPods != 0) return withPods;
        if (self && (!anyDomainWithPods() || (withPods() & podDomains) == 0)) return open == 0 ? 0 : Long.lowestOneBit(open);
        return 0;
    }

    /** An anti-affinity's choice among {@code options}: one domain the pod allows without a selected pod, or 0. */
    long antiDomain(long options, long podDomains) {
        return Long.lowestOneBit(options & podDomains & ~withPods());
    }

    @Override
    public String toString() {
        return kind + " on " + key.topologyKey() + " selecting " + key.selector().matchLabels()
                + (key.selector().matchExpressions().isEmpty() ? "" : " " + key.selector().matchExpressions());
    }
}
