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
 * pods pair up in the bins whose shape suits them; each pool's {@link OpenClaims} finds it without
 * a scan. A NodeClaim still offers every instance type that fits its pods, cheapest first.
 *
 * <p>Pools are tried in weight order: a pod goes onto a NodeClaim planned in the heaviest pool that
 * can take it, or a new NodeClaim there, before a lighter pool is considered.
 *
 * <p>Limits: every NodeClaim is charged to the {@link CapacityLedger} for the largest option it
 * keeps, and its options are cut to what the ledger leaves, so no launch can overshoot. When a
 * pool's (or tenant's) room runs short, it turns "tight": its NodeClaims keep only their narrowest
 * options ({@link LimitNarrowing}), which frees headroom for the next NodeClaim. While the limits then
 * bind (they would not take a NodeClaim of the pool's largest type), NodeClaims with pods are grown (to
 * a larger type that the room allows) before new ones are opened, since one larger node holds more
 * pods per unit of limit than two small ones; the pool's NodeClaims are scanned then, since one that
 * must grow is beyond what the index searches. When even that leaves no room for the smallest type,
 * the pool is exhausted and its pending demand moves to the next pool.
 */
final class Packer {

    private final List<PoolTemplate> templates;
    private final List<PodFacts> facts;
    private final Topology topology;
    private final CapacityLedger ledger;
    /** Per template: no instance type fits in what its limits (or its tenant's quota) leave. */
    private final boolean[] exhausted;
    private final boolean[] tightened;
    /** Per template: tightened while its limits had room, its NodeClaims kept their packing targets ({@link #tighten}). */
    private final boolean[] keptTargets;
    final List<ClaimPlan> claims = new ArrayList<>();
    /** Per template: its NodeClaims that may still take pods. */
    private final PoolClaims[] open;
    /** Claims that took a pod since the last {@link #close}. */
    private final List<ClaimPlan> touched = new ArrayList<>();
    private long closedBelowCpu = -1, closedBelowMem = -1;
    private final PoolDemand demand;
    private long bestZones;
    private int bestCapacityTypes;
    private Narrowing bestNarrowing;
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
        this.keptTargets = new boolean[templates.size()];
        this.open = new PoolClaims[templates.size()];
        for (int i = 0; i < open.length; i++) open[i] = new PoolClaims();
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
            p.refusals.add(ledger.refusal(t.name(), t.tenant, LimitNarrowing.smallestNeed(t, p.fits[t.order].types()), new long[4]));
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
            if (commit(c, p, bestZones, bestCapacityTypes, bestNarrowing)) return true;
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
        int target = demand.distinctTarget(p, t, ledger.left(t.name(), t.tenant));
        if (target < 0) {
            List<Integer> mix = demand.mixToOpen(t, ledger.left(t.name(), t.tenant));
            if (!mix.isEmpty()) {
                for (int type : mix) newClaim(t, type);
                if (placeOnOpen(p, t)) return true;
            }
            target = demand.targetFor(p, t);
        }
        if (target < 0) return false;
        ClaimPlan c = newClaim(t, target);
        PodFacts.TemplateFit fit = p.fits[t.order];
        int cts = c.capacityTypes & fit.capacityTypes();
        // Topology picks among the zones the target type is offered in, not a zone it then lacks.
        long zones = topology.allowedZones(p, c, t.offeredZones(target, c.zones & fit.zones(), cts));
        TypeSet narrowedTypes = zones == 0 || topology.narrowing() == null ? null : topology.narrowing().types(t);
        if (narrowedTypes != null && !narrowedTypes.get(target)) {
            // A domain of an instance type label (arch, ...) the target lacks: the cheapest type in it that fits the pod.
            target = TypeSet.intersection(fit.types(), narrowedTypes).next(0);
            if (target >= 0) {
                retargetIndexed(c, target);
                zones = topology.allowedZones(p, c, t.offeredZones(target, c.zones & fit.zones(), cts));
            } else {
                zones = 0;
            }
        }
        Narrowing narrowing = topology.narrowing();
        if (zones != 0 && narrowing != null) cts = narrowing.capacityTypes(cts);
        if (zones == 0 || cts == 0) {
            p.refusals.add(topologyRefusal(t));
            return false;
        }
        if (!t.offers(target, zones, cts)) return false;
        if (commit(c, p, zones, cts, narrowing)) return true;
        if (lastRefusal != null) p.refusals.add(lastRefusal);
        return false;
    }

    private ClaimPlan newClaim(PoolTemplate t, int target) {
        ClaimPlan c = new ClaimPlan(t, topology.newHost(), target);
        claims.add(c);
        open[t.order].add(c);
        demand.room(t, target, 1);
        return c;
    }

    /**
     * The open NodeClaim of {@code t} that suits {@code p} best (see the class comment), with the zones,
     * capacity types and domains it would narrow to. While the pool's limits bind ({@link #bindingLimits}),
     * its NodeClaims are scanned, those with pods first, those whose target holds the pod before those
     * that must grow to a larger type; otherwise the pool's index finds the best one.
     */
    private ClaimPlan best(PodFacts p, PoolTemplate t, List<ClaimPlan> refused, boolean noEmpty) {
        long[] left = bindingLimits(t);
        ClaimPlan best = left != null ? open[t.order].scan(c -> score(p, c, refused, noEmpty, left))
                : open[t.order].search(p, TopologyReach.possibleZones(p), TopologyReach.hostsAllowed(p, topology.hosts()),
                        c -> score(p, c, refused, noEmpty, null));
        // Once more for the winner, to keep the zones, capacity types and domains it narrows to.
        if (best != null) score(p, best, refused, noEmpty, left);
        return best;
    }

    /**
     * The claim's score for the pod ({@link OpenClaims#score}), or NaN when the pod cannot go there; sets
     * the zones, capacity types and narrowing it would take. While the pool's limits bind ({@code left},
     * what they leave, not null) a claim with pods may also take the pod by growing, and claims with pods
     * score above empty ones, those whose target holds the pod highest.
     */
    private double score(PodFacts p, ClaimPlan c, List<ClaimPlan> refused, boolean noEmpty, long[] left) {
        PoolTemplate t = c.template;
        PodFacts.TemplateFit fit = p.fits[t.order];
        if (c.isEmpty() && (exhausted[t.order] || noEmpty)) return Double.NaN;
        long[] room = c.room();
        boolean inTarget = c.cpu + p.cpu <= room[PoolTemplate.CPU] && c.mem + p.mem <= room[PoolTemplate.MEM]
                && c.pods + 1 <= room[PoolTemplate.PODS] && c.eph + p.eph <= room[PoolTemplate.EPH]
                && c.gpu + p.gpu <= room[PoolTemplate.GPU] && fit.types().get(c.target);
        if (!inTarget && (left == null || c.isEmpty() || !LimitNarrowing.canGrow(c, p, left))) return Double.NaN;
        long zones = c.zones & fit.zones();
        int cts = c.capacityTypes & fit.capacityTypes();
        if (zones == 0 || cts == 0) return Double.NaN;
        if (p.custom != null && c.custom != null && c.custom.compatible(p.custom) != null) return Double.NaN;
        boolean zonal = !p.owned.isEmpty() || !p.repelledBy.isEmpty();
        zones = topology.allowedZones(p, c, zonal && inTarget ? t.offeredZones(c.target, zones, cts) : zones);
        if (zones == 0) return Double.NaN;
        Narrowing narrowing = topology.narrowing();
        if (narrowing != null && (cts = narrowing.capacityTypes(cts)) == 0) return Double.NaN;
        if (inTarget && zones != c.zones && !t.offers(c.target, zones, cts)) return Double.NaN;
        if (refused != null && refused.contains(c)) return Double.NaN;
        bestZones = zones;
        bestCapacityTypes = cts;
        bestNarrowing = narrowing;
        return OpenClaims.score(p, c) + (left == null || c.isEmpty() ? 0 : inTarget ? 1000 : 500);
    }

    /**
     * Adds the pod to the claim if its limits, quota and minValues allow; narrows types, zones,
     * capacity types and requirements, and the domains topology asks for ({@code narrowing}).
     */
    private boolean commit(ClaimPlan c, PodFacts p, long zones, int cts, Narrowing narrowing) {
        lastRefusal = null;
        PoolTemplate t = c.template;
        PodFacts.TemplateFit fit = p.fits[t.order];
        long cpu = c.cpu + p.cpu, mem = c.mem + p.mem, eph = c.eph + p.eph, gpu = c.gpu + p.gpu, pods = c.pods + 1;
        TypeSet feasible = TypeSet.intersection(c.feasible, fit.types());
        feasible.and(t.fitting(cpu, mem, eph, gpu, pods));
        if (zones != c.zones || cts != c.capacityTypes) feasible.and(t.offered(zones, cts));
        TypeSet narrowedTypes = narrowing == null ? null : narrowing.types(t);
        if (narrowedTypes != null) feasible.and(narrowedTypes);
        if (feasible.isEmpty()) return false;
        NodeRequirements custom = c.custom;
        if (p.custom != null) custom = c.requirements().copy().addAll(p.custom);
        if (narrowing != null && narrowing.hasLabels()) {
            if (custom == c.custom) custom = c.requirements().copy();
            if (!narrowing.narrowLabels(custom)) return false;
        }
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
            lastRefusal = ledger.refusal(t.name(), t.tenant, LimitNarrowing.smallestNeed(t, feasible), c.charged);
            return false;
        }
        if (!MinValues.satisfied(t, reqs, allowed)) {
            lastRefusal = new Refusal(t.name(), Rule.MIN_VALUES, "adding the pod leaves fewer instance types than minValues requires: "
                    + MinValues.describe(t, reqs, allowed));
            return false;
        }
        open[t.order].changing(c);
        long[] before = topology.domainsBefore(c);
        demand.used(t, p);
        c.feasible = feasible;
        boolean keep = tight(t) && !LimitNarrowing.binds(t, left);
        if (keep) for (PoolTemplate u : templates) if (shares(t, u)) keptTargets[u.order] = true;
        c.candidates = tight(t) ? LimitNarrowing.narrowest(t, allowed, budget, reqs, keep ? c.target : -1) : allowed;
        if (!c.candidates.get(c.target)) retarget(c, c.widest());
        c.zones = zones;
        c.capacityTypes = cts;
        c.custom = custom;
        c.cpu = cpu;
        c.mem = mem;
        c.eph = eph;
        c.gpu = gpu;
        c.pods = pods;
        open[t.order].changed(c);
        touched.add(c);
        LimitNarrowing.charge(ledger, c);
        checkRoom(t);
        topology.settled(c, before);
        c.placed.add(p);
        topology.record(p, c);
        return true;
    }

    private void retarget(ClaimPlan c, int type) {
        demand.room(c.template, c.target, -1);
        demand.room(c.template, type, 1);
        c.target = type;
    }

    /** {@link #retarget} for a claim that may be indexed: the index keys claims by target. */
    private void retargetIndexed(ClaimPlan c, int type) {
        open[c.template.order].changing(c);
        retarget(c, type);
        open[c.template.order].changed(c);
    }

    /** After a charge to {@code t}: pools of the same pool or tenant whose room no longer fits any type are tightened, then exhausted. */
    private void checkRoom(PoolTemplate t) {
        for (PoolTemplate u : templates) {
            if (exhausted[u.order] || !shares(t, u)) continue;
            if (hasRoom(u)) continue;
            unlessBinding(u);
            if (hasRoom(u)) continue;
            if (!tightened[u.order]) {
                tighten(u);
                if (hasRoom(u)) continue;
            }
            exhaust(u);
        }
    }

    /** Whether limits bind for {@code t}'s pool or tenant: NodeClaims then keep only their narrowest options. */
    private boolean tight(PoolTemplate t) {
        if (tightened[t.order]) return true;
        if (t.tenant == null) return false;
        for (PoolTemplate u : templates) if (tightened[u.order] && t.tenant.equals(u.tenant)) return true;
        return false;
    }

    /**
     * What {@code t}'s limits (and its tenant's quota) leave while they bind ({@link LimitNarrowing#binds}) in a
     * tight pool, so that NodeClaims with pods are grown before new ones are opened; null otherwise. A pool
     * turned tight with room to spare (its NodeClaims were charged for every type they might launch as, as
     * even the benchmark's huge limits can be) goes on packing by the cost model through its index until then.
     */
    private long[] bindingLimits(PoolTemplate t) {
        if (tight(t)) unlessBinding(t);
        long[] left = tight(t) ? ledger.left(t.name(), t.tenant) : null;
        return left != null && LimitNarrowing.binds(t, left) ? left : null;
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
        for (PoolTemplate u : templates) if (shares(t, u)) open[u.order].reopen(claims, u);
        // NodeClaims first keep their packing targets; once the limits bind, not even those.
        narrowAll(t, true);
        for (PoolTemplate u : templates) if (shares(t, u)) keptTargets[u.order] = true;
        unlessBinding(t);
    }

    /** Narrows NodeClaims that kept their packing targets down to their pods, when {@code t}'s limits bind. */
    private void unlessBinding(PoolTemplate t) {
        if (!keptTargets[t.order] || !LimitNarrowing.binds(t, ledger.left(t.name(), t.tenant))) return;
        for (PoolTemplate u : templates) if (shares(t, u)) keptTargets[u.order] = false;
        narrowAll(t, false);
    }

    private void narrowAll(PoolTemplate t, boolean keepTargets) {
        for (ClaimPlan c : claims) {
            PoolTemplate u = c.template;
            if (c.charged[CapacityLedger.NODES] == 0 || !shares(t, u)) continue;
            long[] budget = LimitNarrowing.budget(c, ledger.left(u.name(), u.tenant));
            TypeSet allowed = TypeSet.intersection(c.feasible, u.withinCapacity(budget[0], budget[1], budget[2]));
            TypeSet narrow = LimitNarrowing.narrowest(u, allowed, budget, c.requirements(), keepTargets ? c.target : -1);
            if (narrow.equals(c.candidates)) continue;
            c.candidates = narrow;
            if (!narrow.get(c.target)) retargetIndexed(c, c.widest());
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

    /**
     * Closes NodeClaims that cannot take even the smallest pending pod, so searches skip them; a tight
     * pool's NodeClaims stay open, since they may grow. Only claims that took pods since the last call
     * can have filled up, unless the smallest pending pod changed.
     */
    void close(long minCpu, long minMem) {
        boolean all = minCpu != closedBelowCpu || minMem != closedBelowMem;
        closedBelowCpu = minCpu;
        closedBelowMem = minMem;
        if (all) {
            for (PoolTemplate t : templates) if (!tight(t)) open[t.order].closeFull(minCpu, minMem);
        } else {
            for (ClaimPlan c : touched) if (!tight(c.template)) open[c.template.order].closeIfFull(c, minCpu, minMem);
        }
        touched.clear();
    }

    Refusal lastRefusal() {
        return lastRefusal;
    }

    Refusal topologyRefusal(PoolTemplate t) {
        TopologyGroup g = topology.lastFailure();
        return new Refusal(t.name(), Rule.POD_TOPOLOGY, g == null ? "topology constraints cannot be met" : "cannot satisfy " + g);
    }
}
