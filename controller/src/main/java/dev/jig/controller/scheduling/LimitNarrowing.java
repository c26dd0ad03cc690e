package dev.jig.controller.scheduling;

import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How a planned NodeClaim gives up options when limits bind. Every NodeClaim is charged to the
 * {@link CapacityLedger} at the largest capacity among its instance types, because the cloud may launch
 * any of them. While a pool (or its tenant) has room to spare, a NodeClaim keeps every type that fits
 * its pods and the room; once the room is short, each NodeClaim of that pool or tenant keeps only its
 * narrowest types: those no larger, in every dimension, than the type that holds its pods with the
 * smallest share of the room. The headroom that frees goes to the next NodeClaim, so a pool with a
 * limit fills up to it, and still no launch can overshoot (whatever the cloud picks is one of the
 * narrowed types).
 */
final class LimitNarrowing {

    private LimitNarrowing() {
    }

    /**
     * The narrowest subset of {@code allowed} (non-empty, every type holding the NodeClaim's pods): the types no
     * larger than the one with the smallest share of {@code budget} (cpu, memory, gpu; {@link Long#MAX_VALUE} where
     * unlimited; the cheaper one among equal shares), so the charge is that type's capacity. When that subset breaks
     * the requirements' minValues, the next smallest types are added until it does not. A {@code keep} type
     * among {@code allowed} (≥ 0) stays too, with every type no larger: the packing target of a NodeClaim
     * still to be filled, while the limits do not bind.
     */
    static TypeSet narrowest(PoolTemplate t, TypeSet allowed, long[] budget, NodeRequirements requirements, int keep) {
        long[] bound = new long[3];
        if (keep >= 0 && allowed.get(keep)) bound = t.capacity[keep].clone();
        if (!t.hasMinValues) {
            int best = -1;
            for (int i = allowed.next(0); i >= 0; i = allowed.next(i + 1)) {
                if (best < 0 || share(t.capacity[i], budget) < share(t.capacity[best], budget)) best = i;
            }
            long[] cap = t.capacity[best];
            return TypeSet.intersection(allowed, t.withinCapacity(Math.max(cap[0], bound[0]), Math.max(cap[1], bound[1]), Math.max(cap[2], bound[2])));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = allowed.next(0); i >= 0; i = allowed.next(i + 1)) order.add(i);
        order.sort(Comparator.<Integer>comparingDouble(i -> share(t.capacity[i], budget)).thenComparingInt(i -> i));
        for (int i : order) {
            for (int d = 0; d < 3; d++) bound[d] = Math.max(bound[d], t.capacity[i][d]);
            TypeSet out = TypeSet.intersection(allowed, t.withinCapacity(bound[0], bound[1], bound[2]));
            if (MinValues.satisfied(t, requirements, out)) return out;
        }
        return allowed;
    }

    /** Charges the ledger with the claim's worst case: the largest capacity among its options, per dimension. */
    static void charge(CapacityLedger ledger, ClaimPlan c) {
        PoolTemplate t = c.template;
        long cpu = 0, mem = 0, gpu = 0;
        for (int i = c.candidates.next(0); i >= 0; i = c.candidates.next(i + 1)) {
            long[] cap = t.capacity[i];
            cpu = Math.max(cpu, cap[0]);
            mem = Math.max(mem, cap[1]);
            gpu = Math.max(gpu, cap[2]);
        }
        ledger.charge(t.name(), t.tenant, cpu - c.charged[0], mem - c.charged[1], gpu - c.charged[2], 1 - c.charged[3]);
        c.charged[0] = cpu;
        c.charged[1] = mem;
        c.charged[2] = gpu;
        c.charged[3] = 1;
    }

    /** What the claim may be charged at most (cpu, memory, gpu): what the ledger {@code left} plus what the claim holds already. */
    static long[] budget(ClaimPlan c, long[] left) {
        return new long[] {plus(left[0], c.charged[0]), plus(left[1], c.charged[1]), plus(left[2], c.charged[2])};
    }

    /** Whether {@code c} could take {@code p} on a larger type within what the limits leave ({@code left}). */
    static boolean canGrow(ClaimPlan c, PodFacts p, long[] left) {
        PoolTemplate t = c.template;
        TypeSet s = TypeSet.intersection(c.feasible, p.fits[t.order].types());
        s.and(t.fitting(c.cpu + p.cpu, c.mem + p.mem, c.eph + p.eph, c.gpu + p.gpu, c.pods + 1));
        long[] budget = budget(c, left);
        return TypeSet.intersects(s, t.withinCapacity(budget[0], budget[1], budget[2]));
    }

    /**
     * Whether limits that leave {@code left} (cpu, memory, gpu, nodes) bind for {@code t}: they would not take
     * one more node, or a NodeClaim of its largest type, so a NodeClaim's choice of types is cut by them.
     */
    static boolean binds(PoolTemplate t, long[] left) {
        boolean binds = left[CapacityLedger.NODES] < 1;
        for (int d = 0; d < 3; d++) binds |= left[d] < t.maxCapacity[d];
        return binds;
    }

    /** What a NodeClaim of one of {@code types} needs of the limits at least: the smallest capacity per dimension, and one node. */
    static long[] smallestNeed(PoolTemplate t, TypeSet types) {
        long[] min = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 1};
        for (int i = types.next(0); i >= 0; i = types.next(i + 1)) {
            for (int d = 0; d < 3; d++) min[d] = Math.min(min[d], t.capacity[i][d]);
        }
        return min;
    }

    private static long plus(long a, long b) {
        return a == Long.MAX_VALUE || a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    /** The largest share of a limited dimension that {@code capacity} would take. */
    private static double share(long[] capacity, long[] budget) {
        double worst = 0;
        for (int d = 0; d < 3; d++) {
            if (budget[d] == Long.MAX_VALUE) continue;
            worst = Math.max(worst, capacity[d] / (double) Math.max(1, budget[d]));
        }
        return worst;
    }
}
