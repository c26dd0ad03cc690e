package dev.jig.controller.scheduling;

import java.util.Arrays;

/**
 * Where a pod's topology constraints let it go on any target, as they stand: the zones and the
 * hosts, as masks. Each is a superset of what {@link Topology#allowedZones} allows on one target,
 * so the {@link Packer} may skip every NodeClaim outside them without asking.
 */
final class TopologyReach {

    private TopologyReach() {
    }

    /**
     * Every zone some NodeClaim could give {@code pod} under its zone constraints as they stand, a
     * superset of what {@link Topology#allowedZones} allows on any one target; all bits when it has none.
     */
    static long possibleZones(PodFacts pod) {
        long out = -1L;
        for (int i = 0; i < pod.owned.size(); i++) {
            TopologyGroup g = pod.owned.get(i);
            if (!g.zone) continue;
            boolean self = pod.selfOwned[i];
            out &= switch (g.kind) {
                case SPREAD -> g.spreadValid(pod.podZones, pod.podZones, self);
                case AFFINITY -> (g.withPods() & pod.podZones) != 0 ? g.withPods() & pod.podZones
                        : self ? pod.podZones : 0;
                default -> pod.podZones & ~g.withPods();
            };
        }
        for (TopologyGroup g : pod.repelledBy) if (g.zone) out &= ~g.withPods();
        return out;
    }

    /**
     * The hosts (as a bit set over host ids, {@code hosts} wide) that {@code pod}'s hostname
     * constraints leave open, as {@link Topology#allowedZones} would find them; null when it has none. Spreads
     * with a maxSkew too large to track leave every host open here and are checked per host.
     */
    static long[] hostsAllowed(PodFacts pod, int hosts) {
        long[] out = null;
        for (int i = 0; i < pod.owned.size(); i++) {
            TopologyGroup g = pod.owned.get(i);
            if (!g.hostname()) continue;
            if (out == null) out = allHosts(hosts);
            switch (g.kind) {
                case SPREAD -> {
                    int level = g.key.maxSkew() + (pod.selfOwned[i] ? 0 : 1);
                    if (level <= 0) Arrays.fill(out, 0);
                    else if (level <= TopologyGroup.HOST_LEVELS) andNot(out, g.hostsWith(level));
                }
                case AFFINITY -> {
                    if (g.anyDomainWithPods()) and(out, g.hostsWith(1));
                    else if (!pod.selfOwned[i]) Arrays.fill(out, 0);
                }
                default -> andNot(out, g.hostsWith(1));
            }
        }
        for (TopologyGroup g : pod.repelledBy) {
            if (!g.hostname()) continue;
            if (out == null) out = allHosts(hosts);
            andNot(out, g.hostsWith(1));
        }
        return out;
    }

    private static long[] allHosts(int hosts) {
        long[] out = new long[(hosts >>> 6) + 1];
        Arrays.fill(out, -1L);
        return out;
    }

    private static void andNot(long[] out, long[] bits) {
        for (int w = 0; w < Math.min(out.length, bits.length); w++) out[w] &= ~bits[w];
    }

    private static void and(long[] out, long[] bits) {
        for (int w = 0; w < out.length; w++) out[w] &= w < bits.length ? bits[w] : 0;
    }
}
