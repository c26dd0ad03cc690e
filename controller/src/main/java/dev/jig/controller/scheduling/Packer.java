package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.List;

/**
 * Places pods on NodeClaims being planned, and opens new ones, with an eye on price and limits.
 *
 * <p>Karpenter fills one NodeClaim until no instance type can take more and then launches the
 * cheapest type that holds it; with hundreds of types that drifts to the largest sizes and to
 * shapes that waste one resource (twice the lower bound in our benchmark). Here, when pods need new
 * capacity, {@link PoolDemand} opens NodeClaims for the cheapest mix of instance types for the
 * pending requests not yet covered, each with the mix's type as its packing {@code target}. Each
 * pod then goes to the open NodeClaim whose remaining room points most in the direction of the
 * pod's requests (cosine, in buckets), fullest first among equals, so cpu-heavy and memory-heavy
 * pods pair up in the bins whose shape suits them. A NodeClaim still offers every instance type
 * that fits its pods, cheapest first.
 *
 * <p>Pools are tried in weight order: a pod goes onto a NodeClaim planned in the heaviest pool that
 * can take it, or a new NodeClaim there, before a lighter pool is considered.
 *
 * <p>Limits: every NodeClaim is charged to the {@link CapacityLedger} for the largest option it
 * keeps, and its options are cut to what the ledger leaves, so no launch can overshoot. When a
 * pool's (or tenant's) room runs short, it turns "tight": its NodeClaims keep only their narrowest
 * options ({@link LimitNarrowing}), which frees headroom for the next NodeClaim; NodeClaims with pods
 * are grown (to a larger type that the room allows) before new ones are opened, since one larger
 * node holds more pods per unit of limit than two small ones. When even that leaves no room for the
 * smallest type, the pool is exhausted and its pending demand moves to the next pool.
 */
final class Packer {

    private final List<PoolTemplate> templates;
    private final List<PodFacts> facts;
    private final Topology topology;
    private final CapacityLedger ledger;
    /** Per template: no instance type fits in what its limits (or its tenant's quota) leave. */
    private final boolean[] exhausted;
    private final boolean[] tightened;
    final List<ClaimPlan> claims = new ArrayList<>();
    /** Per template: its NodeClaims that may still take pods. */
    private final List<List<ClaimPlan>> open = new ArrayList<>();
    private final PoolDemand demand;
    private long bestZones;
    private int bestCapacityTypes;
    private Refusal lastRefusal;
    /** Whether a limit or quota refused a pod since this was last cleared. */
    private boolean limitHit;

    Packer(List<PoolTemplate> templates, List<PodFacts> facts, Topology topology, CapacityLedger ledger) {
        this.templates = templates;
        this.facts = facts;
        this.topology = topology;
        this.ledger = ledger;
        this.demand = new PoolDemand(templates.size());
        this.exhausted = new boolean[templates.size()];
        this.tightened = new boolean[templates.size()];
        for (int i = 0; i < templates.size(); i++) open.add(new ArrayList<>());
        for (PoolTemplate t : templates) if (!hasRoom(t)) exhausted[t.order] = true;
    }

    /** Counts a pending pod in the demand of the first pool that may take it and still has room. */
    void count(PodFacts p) {
        demand.count(p, exhausted);
    }

    /** Takes a pod out of the demand (placed). */
    void uncount(PodFacts p) {
        demand.uncount(p);
    }

    /**
     * Places {@code p} in the heaviest pool that can take it, on a planned NodeClaim or a new one; false
     * when no pool can. A pool whose limits refuse the pod while it still has room to spare is
     * tightened and tried once more.
     */
    boolean place(PodFacts p) {
        for (PoolTemplate t : templates) {
            if (p.fits[t.order].refusal() != null) continue;
            limitHit = false;
            if (placeIn(p, t)) return true;
            if (limitHit && !tight(t)) {
                tighten(t);
                if (placeIn(p, t)) return true;
            }
        }
        return false;
    }

    private boolean placeIn(PodFacts p, PoolTemplate t) {
        if (placeOnOpen(p, t)) return true;
        if (exhausted[t.order]) {
            limitHit = true;
            p.refusals.add(ledger.refusal(t.name(), t.tenant, smallestCapacity(t, p.fits[t.order].types()), new long[4]));
            return false;
        }
        return open(p, t);
    }

    private boolean placeOnOpen(PodFacts p, PoolTemplate t) {
        List<ClaimPlan> refused = null;
        boolean noEmpty = false;
        for (int attempt = 0; attempt < 8; attempt++) {
            ClaimPlan c = best(p, t, refused, noEmpty);
            if (c == null) return false;
            if (commit(c, p, bestZones, bestCapacityTypes)) return true;
            if (refused == null) refused = new ArrayList<>(2);
            refused.add(c);
            if (c.isEmpty() && lastRefusal != null && isLimit(lastRefusal)) {
                noEmpty = true;
                p.refusals.add(lastRefusal);
            }
        }
        return false;
    }

    private static boolean isLimit(Refusal r) {
        return r.rule() == Rule.POOL_LIMIT || r.rule() == Rule.TENANT_QUOTA;
    }

    /** Opens NodeClaims in {@code t} for the pod: the cost model's mix when capacity is short, else one. */
    private boolean open(PodFacts p, PoolTemplate t) {
        List<Integer> mix = demand.mixToOpen(t, ledger.left(t.name(), t.tenant));
        if (!mix.isEmpty()) {
            for (int type : mix) newClaim(t, type);
            if (placeOnOpen(p, t)) return true;
        }
        int target = demand.targetFor(p, t);
        if (target < 0) return false;
        ClaimPlan c = newClaim(t, target);
        int cts = c.capacityTypes & p.fits[t.order].capacityTypes();
        // Topology picks among the zones the target type is offered in, not a zone it then lacks.
        long zones = topology.allowedZones(p, c, t.offeredZones(target, c.zones & p.fits[t.order].zones(), cts));
        if (zones == 0) {
            p.refusals.add(topologyRefusal(t));
            return false;
        }
        if (!t.offers(target, zones, cts)) return false;
        if (commit(c, p, zones, cts)) return true;
        if (lastRefusal != null) p.refusals.add(lastRefusal);
        return false;
    }

    private ClaimPlan newClaim(PoolTemplate t, int target) {
        ClaimPlan c = new ClaimPlan(t, topology.newHost(), target);
        claims.add(c);
        open.get(t.order).add(c);
        demand.room(t, target, 1);
        return c;
    }

    /**
     * The open NodeClaim of {@code t} that suits {@code p} best (see the class comment), with the zones
     * it would narrow to. In a tight pool, NodeClaims with pods come first, those whose target holds the
     * pod before those that must grow to a larger type.
     */
    private ClaimPlan best(PodFacts p, PoolTemplate t, List<ClaimPlan> refused, boolean noEmpty) {
        ClaimPlan best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        PodFacts.TemplateFit fit = p.fits[t.order];
        boolean tight = tight(t);
        long[] left = tight ? ledger.left(t.name(), t.tenant) : null;
        List<ClaimPlan> list = open.get(t.order);
        for (int i = 0; i < list.size(); i++) {
            ClaimPlan c = list.get(i);
            if (!c.open) {
                list.set(i, list.get(list.size() - 1));
                list.remove(list.size() - 1);
                i--;
                continue;
            }
            if (c.isEmpty() && (exhausted[t.order] || noEmpty)) continue;
            long[] room = t.room[c.target];
            boolean inTarget = c.cpu + p.cpu <= room[PoolTemplate.CPU] && c.mem + p.mem <= room[PoolTemplate.MEM]
                    && c.pods + 1 <= room[PoolTemplate.PODS] && c.eph + p.eph <= room[PoolTemplate.EPH]
                    && c.gpu + p.gpu <= room[PoolTemplate.GPU] && fit.types().get(c.target);
            if (!inTarget && !(tight && !c.isEmpty() && LimitNarrowing.canGrow(c, p, left))) continue;
            long zones = c.zones & fit.zones();
            int cts = c.capacityTypes & fit.capacityTypes();
            if (zones == 0 || cts == 0) continue;
            if (p.custom != null && c.custom != null && c.custom.compatible(p.custom) != null) continue;
            boolean zonal = !p.owned.isEmpty() || !p.repelledBy.isEmpty();
            zones = topology.allowedZones(p, c, zonal && inTarget ? t.offeredZones(c.target, zones, cts) : zones);
            if (zones == 0) continue;
            if (inTarget && zones != c.zones && !t.offers(c.target, zones, cts)) continue;
            if (refused != null && refused.contains(c)) continue;
            double score = score(p, c, room) + (!tight || c.isEmpty() ? 0 : inTarget ? 1000 : 500);
            if (score > bestScore) {
                bestScore = score;
                best = c;
                bestZones = zones;
                bestCapacityTypes = cts;
            }
        }
        return best;
    }

    /** Alignment of the pod's requests with the claim's remaining room, bucketed; fuller claims win ties. */
    private static double score(PodFacts p, ClaimPlan c, long[] room) {
        double rc = (double) (room[PoolTemplate.CPU] - c.cpu) / Math.max(1, room[PoolTemplate.CPU]);
        double rm = (double) (room[PoolTemplate.MEM] - c.mem) / Math.max(1, room[PoolTemplate.MEM]);
        double pc = (double) p.cpu / Math.max(1, room[PoolTemplate.CPU]);
        double pm = (double) p.mem / Math.max(1, room[PoolTemplate.MEM]);
        double norm = Math.sqrt((pc * pc + pm * pm) * (rc * rc + rm * rm));
        double cos = norm == 0 ? 1 : (pc * rc + pm * rm) / norm;
        return Math.rint(cos * 50) * 4 - (rc + rm);
    }

    /** Adds the pod to the claim if its limits, quota and minValues allow; narrows types, zones and requirements. */
    private boolean commit(ClaimPlan c, PodFacts p, long zones, int cts) {
        lastRefusal = null;
        PoolTemplate t = c.template;
        PodFacts.TemplateFit fit = p.fits[t.order];
        long cpu = c.cpu + p.cpu, mem = c.mem + p.mem, eph = c.eph + p.eph, gpu = c.gpu + p.gpu, pods = c.pods + 1;
        TypeSet feasible = TypeSet.intersection(c.feasible, fit.types());
        feasible.and(t.fitting(cpu, mem, eph, gpu, pods));
        if (zones != c.zones || cts != c.capacityTypes) feasible.and(t.offered(zones, cts));
        if (feasible.isEmpty()) return false;
        NodeRequirements custom = c.custom;
        if (p.custom != null) custom = c.requirements().copy().addAll(p.custom);
        NodeRequirements reqs = custom != null ? custom : t.requirements;
        long[] left = ledger.left(t.name(), t.tenant);
        if (c.charged[CapacityLedger.NODES] == 0 && left[CapacityLedger.NODES] < 1) {
            limitHit = true;
            lastRefusal = ledger.refusal(t.name(), t.tenant, new long[] {0, 0, 0, 1}, c.charged);
            return false;
        }
        long[] budget = LimitNarrowing.budget(c, left);
        TypeSet allowed = TypeSet.intersection(feasible, t.withinCapacity(budget[0], budget[1], budget[2]));
        if (allowed.isEmpty()) {
            limitHit = true;
            lastRefusal = ledger.refusal(t.name(), t.tenant, smallestCapacity(t, feasible), c.charged);
            return false;
        }
        if (!MinValues.satisfied(t, reqs, allowed)) {
            lastRefusal = new Refusal(t.name(), Rule.MIN_VALUES, "adding the pod leaves fewer instance types than minValues requires: "
                    + MinValues.describe(t, reqs, allowed));
            return false;
        }
        boolean settles = Long.bitCount(c.zones) > 1 && Long.bitCount(zones) == 1;
        demand.used(t, p);
        c.feasible = feasible;
        c.candidates = tight(t) ? LimitNarrowing.narrowest(t, allowed, budget, reqs) : allowed;
        if (!c.candidates.get(c.target)) retarget(c);
        c.zones = zones;
        c.capacityTypes = cts;
        c.custom = custom;
        c.cpu = cpu;
        c.mem = mem;
        c.eph = eph;
        c.gpu = gpu;
        c.pods = pods;
        LimitNarrowing.charge(ledger, c);
        checkRoom(t);
        if (settles) topology.zoneSettled(c);
        c.placed.add(p);
        topology.record(p, c);
        return true;
    }

    /** Picks the candidate with the most cpu room as the new packing target. */
    private void retarget(ClaimPlan c) {
        PoolTemplate t = c.template;
        int best = -1;
        for (int i = c.candidates.next(0); i >= 0; i = c.candidates.next(i + 1)) {
            if (best < 0 || t.room[i][PoolTemplate.CPU] > t.room[best][PoolTemplate.CPU]) best = i;
        }
        demand.room(t, c.target, -1);
        demand.room(t, best, 1);
        c.target = best;
    }

    /** After a charge to {@code t}: pools of the same pool or tenant whose room no longer fits any type are tightened, then exhausted. */
    private void checkRoom(PoolTemplate t) {
        for (PoolTemplate u : templates) {
            if (exhausted[u.order] || !shares(t, u)) continue;
            if (hasRoom(u)) continue;
            if (!tightened[u.order]) {
                tighten(u);
                if (hasRoom(u)) continue;
            }
            exhaust(u);
        }
    }

    /** Whether limits bind for {@code t}'s pool or tenant: NodeClaims then keep only options no larger than their target. */
    private boolean tight(PoolTemplate t) {
        if (tightened[t.order]) return true;
        if (t.tenant == null) return false;
        for (PoolTemplate u : templates) if (tightened[u.order] && t.tenant.equals(u.tenant)) return true;
        return false;
    }

    private boolean hasRoom(PoolTemplate t) {
        long[] left = ledger.left(t.name(), t.tenant);
        return left[CapacityLedger.NODES] >= 1 && left[CapacityLedger.CPU] >= t.minCapacity[0] && left[CapacityLedger.MEM] >= t.minCapacity[1];
    }

    /**
     * When limits bind, gives up flexibility for room: {@code t} turns tight, and each planned NodeClaim
     * charged to the same pool or tenant keeps only its narrowest options ({@link LimitNarrowing}) and is
     * charged for them. NodeClaims closed to pods are opened again, since they may now grow.
     */
    private void tighten(PoolTemplate t) {
        tightened[t.order] = true;
        for (PoolTemplate u : templates) {
            if (!shares(t, u)) continue;
            List<ClaimPlan> list = open.get(u.order);
            list.clear();
            for (ClaimPlan c : claims) {
                if (c.template != u) continue;
                c.open = true;
                list.add(c);
            }
        }
        for (ClaimPlan c : claims) {
            PoolTemplate u = c.template;
            if (c.charged[CapacityLedger.NODES] == 0 || !shares(t, u)) continue;
            long[] budget = LimitNarrowing.budget(c, ledger.left(u.name(), u.tenant));
            TypeSet allowed = TypeSet.intersection(c.feasible, u.withinCapacity(budget[0], budget[1], budget[2]));
            TypeSet narrow = LimitNarrowing.narrowest(u, allowed, budget, c.requirements());
            if (narrow.equals(c.candidates)) continue;
            c.candidates = narrow;
            if (!narrow.get(c.target)) retarget(c);
            LimitNarrowing.charge(ledger, c);
        }
    }

    /** Whether {@code u} is charged to the same pool or tenant as {@code t}. */
    private static boolean shares(PoolTemplate t, PoolTemplate u) {
        return u == t || t.tenant != null && t.tenant.equals(u.tenant);
    }

    /** Moves the demand of pods counted in an exhausted pool to their next pool with room. */
    private void exhaust(PoolTemplate t) {
        exhausted[t.order] = true;
        for (PodFacts f : facts) {
            if (f.placed || f.demandTemplate != t.order) continue;
            demand.uncount(f);
            demand.count(f, exhausted);
        }
    }

    /** Closes NodeClaims that cannot take even the smallest pending pod, so scans skip them; tight pools' NodeClaims may grow. */
    void close(long minCpu, long minMem) {
        for (List<ClaimPlan> list : open) for (ClaimPlan c : list) {
            if (!c.open || tight(c.template)) continue;
            long[] room = c.template.room[c.target];
            if (room[PoolTemplate.CPU] - c.cpu < minCpu || room[PoolTemplate.MEM] - c.mem < minMem || room[PoolTemplate.PODS] - c.pods < 1) {
                c.open = false;
            }
        }
    }

    Refusal lastRefusal() {
        return lastRefusal;
    }

    Refusal topologyRefusal(PoolTemplate t) {
        TopologyGroup g = topology.lastFailure();
        return new Refusal(t.name(), Rule.POD_TOPOLOGY, g == null ? "topology constraints cannot be met" : "cannot satisfy " + g);
    }

    private static long[] smallestCapacity(PoolTemplate t, TypeSet cand) {
        long[] min = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 1};
        for (int i = cand.next(0); i >= 0; i = cand.next(i + 1)) {
            for (int d = 0; d < 3; d++) min[d] = Math.min(min[d], t.capacity[i][d]);
        }
        return min;
    }
}
