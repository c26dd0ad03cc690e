package dev.jig.controller.scheduling;

import java.util.ArrayList;
import java.util.List;

/**
 * The cost model behind opening NodeClaims: per pool, the requests of the pending pods it is first
 * in line for, and the room already planned in its NodeClaims. When pods find no room, the
 * uncovered part (demand − room) is priced on the pool's {@link PriceFrontier} and the optimal mix
 * of instance types is opened at once, rounded to whole NodeClaims (rounding measured better than
 * floor or ceil on the benchmark); when the mix rounds to nothing, the cheapest single type that
 * covers it all.
 */
final class PoolDemand {

    /** Per template: cpu, memory and pod count of pending pods counted there. */
    private final long[][] demand;
    /** Per template: cpu, memory and pod slots left in its planned NodeClaims' targets. */
    private final long[][] residual;
    /** Pending pods per {@link PodFacts#distinctGroup}: each still needs a node of its own. */
    private final java.util.Map<Object, Integer> distinctPending = new java.util.HashMap<>();

    PoolDemand(int templates) {
        demand = new long[templates][3];
        residual = new long[templates][3];
    }

    /** Counts a pod in the first pool that may take it and is not {@code exhausted}. */
    void count(PodFacts p, boolean[] exhausted) {
        p.demandTemplate = -1;
        for (int i = 0; p.fits != null && i < p.fits.length; i++) {
            if (p.fits[i].refusal() == null && !exhausted[i]) {
                p.demandTemplate = i;
                break;
            }
        }
        add(demand, p.demandTemplate, p.cpu, p.mem, 1);
        if (p.distinctGroup != null) distinctPending.merge(p.distinctGroup, 1, Integer::sum);
    }

    void uncount(PodFacts p) {
        add(demand, p.demandTemplate, -p.cpu, -p.mem, -1);
        if (p.distinctGroup != null) distinctPending.merge(p.distinctGroup, -1, Integer::sum);
        p.demandTemplate = -1;
    }

    /** A NodeClaim targeting {@code type} was opened ({@code sign} 1) or retargeted away from it (−1). */
    void room(PoolTemplate t, int type, int sign) {
        long[] r = t.room[type];
        add(residual, t.order, sign * r[PoolTemplate.CPU], sign * r[PoolTemplate.MEM], sign * r[PoolTemplate.PODS]);
    }

    /** A pod took room in one of {@code t}'s NodeClaims. */
    void used(PoolTemplate t, PodFacts p) {
        add(residual, t.order, -p.cpu, -p.mem, -1);
    }

    /**
     * The target types of the NodeClaims to open for {@code t}'s uncovered demand, empty when covered.
     * What the pool's limits (and its tenant's quota) {@code left} (cpu, memory, gpu, nodes, as the
     * {@link CapacityLedger} counts them) caps the demand: a pool with a limit is not planned past it.
     */
    List<Integer> mixToOpen(PoolTemplate t, long[] left) {
        long[] d = demand[t.order];
        long[] r = residual[t.order];
        long nodesLeft = left[CapacityLedger.NODES];
        long cpu = Math.min(left[CapacityLedger.CPU], Math.max(0, d[0] - r[0]));
        long mem = Math.min(left[CapacityLedger.MEM], Math.max(0, d[1] - r[1]));
        long pods = Math.max(0, d[2] - r[2]);
        List<Integer> out = new ArrayList<>();
        if (cpu == 0 && mem == 0 && pods == 0) return out;
        PriceFrontier.Plan plan = t.frontier.solve(cpu, mem);
        long a = plan.typeA() < 0 ? 0 : Math.min(nodesLeft, round(plan.nodesA()));
        long b = plan.typeB() < 0 ? 0 : Math.min(nodesLeft - a, round(plan.nodesB()));
        for (long i = 0; i < a; i++) out.add(plan.typeA());
        for (long i = 0; i < b; i++) out.add(plan.typeB());
        if (!out.isEmpty() || nodesLeft < 1) return out;
        int cover = cheapestCovering(t, cpu, mem, pods);
        if (cover >= 0) out.add(cover);
        else if (plan.typeA() >= 0) out.add(plan.nodesA() >= plan.nodesB() || plan.typeB() < 0 ? plan.typeA() : plan.typeB());
        return out;
    }

    /** The target of a lone NodeClaim for {@code p}: the mix's type when the pod may run on it, else the cheapest that fits it. */
    int targetFor(PodFacts p, PoolTemplate t) {
        PodFacts.TemplateFit fit = p.fits[t.order];
        long[] d = demand[t.order];
        PriceFrontier.Plan plan = t.frontier.solve(Math.max(d[0], p.cpu), Math.max(d[1], p.mem));
        if (plan.typeA() >= 0 && fit.types().get(plan.typeA())) return plan.typeA();
        if (plan.typeB() >= 0 && fit.types().get(plan.typeB())) return plan.typeB();
        return fit.types().next(0);
    }

    /**
     * The target of a NodeClaim opened for a pod that may share no node with the rest of its
     * {@link PodFacts#distinctGroup}, or −1 when the pod has no such group. Each of the group's
     * pending pods needs a NodeClaim of its own anyway, so these NodeClaims are sized to carry an
     * equal share of the pool's uncovered demand (within what its limits {@code left}), and the other
     * pods fill them before more are opened: the cheapest type that holds the share and the pod.
     * When no type holds the share, −1, and the pod opens NodeClaims as any other.
     */
    int distinctTarget(PodFacts p, PoolTemplate t, long[] left) {
        if (p.distinctGroup == null) return -1;
        int members = Math.max(1, distinctPending.getOrDefault(p.distinctGroup, 0));
        long[] d = demand[t.order];
        long[] r = residual[t.order];
        long cpu = Math.max(p.cpu, Math.min(left[CapacityLedger.CPU], Math.max(0, d[0] - r[0])) / members);
        long mem = Math.max(p.mem, Math.min(left[CapacityLedger.MEM], Math.max(0, d[1] - r[1])) / members);
        long pods = Math.max(1, Math.max(0, d[2] - r[2]) / members);
        TypeSet fits = p.fits[t.order].types();
        for (int i = fits.next(0); i >= 0; i = fits.next(i + 1)) {
            long[] room = t.room[i];
            if (room[PoolTemplate.CPU] >= cpu && room[PoolTemplate.MEM] >= mem && room[PoolTemplate.PODS] >= pods) return i;
        }
        return -1;
    }

    private static long round(double nodes) {
        return Math.min(10_000, Math.round(nodes));
    }

    private static int cheapestCovering(PoolTemplate t, long cpu, long mem, long pods) {
        for (int i = 0; i < t.typeCount(); i++) {
            long[] room = t.room[i];
            if (room[PoolTemplate.CPU] >= cpu && room[PoolTemplate.MEM] >= mem && room[PoolTemplate.PODS] >= pods) return i;
        }
        return -1;
    }

    private static void add(long[][] table, int template, long cpu, long mem, long pods) {
        if (template < 0) return;
        table[template][0] += cpu;
        table[template][1] += mem;
        table[template][2] += pods;
    }
}
