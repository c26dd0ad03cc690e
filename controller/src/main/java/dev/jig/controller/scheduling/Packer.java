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
 * pods pair up in the bins whose shape suits them; {@link OpenClaims} finds it without a scan. A
 * NodeClaim still offers every instance type that fits its pods, cheapest first.
 *
 * <p>Limits: every NodeClaim is charged to the {@link CapacityLedger} for the largest option it
 * keeps, and its options are cut to what the ledger leaves, so no launch can overshoot. When a
 * pool's (or tenant's) room runs out, its NodeClaims give up options larger than their target to
 * free room ("tight" from then on); when even that leaves no room, the pool is exhausted and its
 * pending demand moves to the next pool.
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
    private final List<ClaimPlan> open = new ArrayList<>();
    private final OpenClaims index = new OpenClaims();
    /** Claims that took a pod since the last {@link #close}. */
    private final List<ClaimPlan> touched = new ArrayList<>();
    private long closedBelowCpu = -1, closedBelowMem = -1;
    private final PoolDemand demand;
    private long bestZones;
    private int bestCapacityTypes;
    private Narrowing bestNarrowing;
    private Refusal lastRefusal;

    Packer(List<PoolTemplate> templates, List<PodFacts> facts, Topology topology, CapacityLedger ledger) {
        this.templates = templates;
        this.facts = facts;
        this.topology = topology;
        this.ledger = ledger;
        this.demand = new PoolDemand(templates.size());
        this.exhausted = new boolean[templates.size()];
        this.tightened = new boolean[templates.size()];
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

    /** Places {@code p} on a planned NodeClaim, opening new ones if needed; false when no pool can take it. */
    boolean place(PodFacts p) {
        if (placeOnOpen(p)) return true;
        for (PoolTemplate t : templates) {
            PodFacts.TemplateFit fit = p.fits[t.order];
            if (fit.refusal() != null) continue;
            if (exhausted[t.order]) {
                p.refusals.add(ledger.refusal(t.name(), t.tenant, smallestCapacity(t, fit.types()), new long[4]));
                continue;
            }
            if (open(p, t)) return true;
        }
        return false;
    }

    private boolean placeOnOpen(PodFacts p) {
        List<ClaimPlan> refused = null;
        boolean[] noEmpty = null;
        for (int attempt = 0; attempt < 8; attempt++) {
            ClaimPlan c = best(p, refused, noEmpty);
            if (c == null) return false;
            if (commit(c, p, bestZones, bestCapacityTypes, bestNarrowing)) return true;
            if (refused == null) refused = new ArrayList<>(2);
            refused.add(c);
            if (c.isEmpty() && lastRefusal != null && (lastRefusal.rule() == Rule.POOL_LIMIT || lastRefusal.rule() == Rule.TENANT_QUOTA)) {
                if (noEmpty == null) noEmpty = new boolean[templates.size()];
                noEmpty[c.template.order] = true;
                p.refusals.add(lastRefusal);
            }
        }
        return false;
    }

    /** Opens NodeClaims in {@code t} for the pod: the cost model's mix when capacity is short, else one. */
    private boolean open(PodFacts p, PoolTemplate t) {
        List<Integer> mix = demand.mixToOpen(t, ledger.left(t.name(), t.tenant)[CapacityLedger.NODES]);
        if (!mix.isEmpty()) {
            for (int type : mix) newClaim(t, type);
            if (placeOnOpen(p)) return true;
        }
        int target = demand.targetFor(p, t);
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
                index.remove(c);
                retarget(c, target);
                index.add(c);
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
        open.add(c);
        index.add(c);
        demand.room(t, target, 1);
        return c;
    }

    /** The open NodeClaim that suits {@code p} best (see the class comment), with the zones it would narrow to. */
    private ClaimPlan best(PodFacts p, List<ClaimPlan> refused, boolean[] noEmpty) {
        long[] hosts = TopologyReach.hostsAllowed(p, topology.hosts());
        ClaimPlan best = index.best(p, TopologyReach.possibleZones(p), hosts, c -> score(p, c, refused, noEmpty));
        // Once more for the winner, to keep the zones, capacity types and domains it narrows to.
        if (best != null) score(p, best, refused, noEmpty);
        return best;
    }

    /** The claim's score for the pod ({@link OpenClaims#score}), or NaN when the pod cannot go there; sets the narrowing. */
    private double score(PodFacts p, ClaimPlan c, List<ClaimPlan> refused, boolean[] noEmpty) {
        PoolTemplate t = c.template;
        PodFacts.TemplateFit fit = p.fits[t.order];
        if (fit.refusal() != null) return Double.NaN;
        if (c.isEmpty() && (exhausted[t.order] || noEmpty != null && noEmpty[t.order])) return Double.NaN;
        long[] room = t.room[c.target];
        if (c.cpu + p.cpu > room[PoolTemplate.CPU] || c.mem + p.mem > room[PoolTemplate.MEM]
                || c.pods + 1 > room[PoolTemplate.PODS] || c.eph + p.eph > room[PoolTemplate.EPH]
                || c.gpu + p.gpu > room[PoolTemplate.GPU]) return Double.NaN;
        if (!fit.types().get(c.target)) return Double.NaN;
        long zones = c.zones & fit.zones();
        int cts = c.capacityTypes & fit.capacityTypes();
        if (zones == 0 || cts == 0) return Double.NaN;
        if (p.custom != null && c.custom != null && c.custom.compatible(p.custom) != null) return Double.NaN;
        boolean zonal = !p.owned.isEmpty() || !p.repelledBy.isEmpty();
        zones = topology.allowedZones(p, c, zonal ? t.offeredZones(c.target, zones, cts) : zones);
        if (zones == 0) return Double.NaN;
        Narrowing narrowing = topology.narrowing();
        if (narrowing != null && (cts = narrowing.capacityTypes(cts)) == 0) return Double.NaN;
        if (zones != c.zones && !t.offers(c.target, zones, cts)) return Double.NaN;
        if (refused != null && refused.contains(c)) return Double.NaN;
        bestZones = zones;
        bestCapacityTypes = cts;
        bestNarrowing = narrowing;
        return OpenClaims.score(p, c);
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
        TypeSet cand = TypeSet.intersection(c.candidates, fit.types());
        cand.and(t.fitting(cpu, mem, eph, gpu, pods));
        if (zones != c.zones || cts != c.capacityTypes) cand.and(t.offered(zones, cts));
        TypeSet narrowedTypes = narrowing == null ? null : narrowing.types(t);
        if (narrowedTypes != null) cand.and(narrowedTypes);
        if (cand.isEmpty()) return false;
        NodeRequirements custom = c.custom;
        if (p.custom != null) custom = c.requirements().copy().addAll(p.custom);
        if (narrowing != null && narrowing.hasLabels()) {
            if (custom == c.custom) custom = c.requirements().copy();
            if (!narrowing.narrowLabels(custom)) return false;
        }
        long[] left = ledger.left(t.name(), t.tenant);
        if (c.charged[CapacityLedger.NODES] == 0 && left[CapacityLedger.NODES] < 1) {
            lastRefusal = ledger.refusal(t.name(), t.tenant, new long[] {0, 0, 0, 1}, c.charged);
            return false;
        }
        TypeSet withinLimits = t.withinCapacity(plus(left[0], c.charged[0]), plus(left[1], c.charged[1]), plus(left[2], c.charged[2]));
        TypeSet allowed = TypeSet.intersection(cand, withinLimits);
        if (allowed.isEmpty()) {
            lastRefusal = ledger.refusal(t.name(), t.tenant, smallestCapacity(t, cand), c.charged);
            return false;
        }
        if (!MinValues.satisfied(t, custom != null ? custom : t.requirements, allowed)) {
            lastRefusal = new Refusal(t.name(), Rule.MIN_VALUES, "adding the pod leaves fewer instance types than minValues requires: "
                    + MinValues.describe(t, custom != null ? custom : t.requirements, allowed));
            return false;
        }
        index.remove(c);
        long[] before = topology.domainsBefore(c);
        demand.used(t, p);
        c.candidates = allowed;
        if (!allowed.get(c.target)) retarget(c, widest(c));
        if (tight(t)) {
            long[] cap = t.capacity[c.target];
            c.candidates = TypeSet.intersection(allowed, t.withinCapacity(cap[0], cap[1], cap[2]));
        }
        c.zones = zones;
        c.capacityTypes = cts;
        c.custom = custom;
        c.cpu = cpu;
        c.mem = mem;
        c.eph = eph;
        c.gpu = gpu;
        c.pods = pods;
        if (c.open) index.add(c);
        touched.add(c);
        recharge(c);
        checkRoom(t);
        topology.settled(c, before);
        c.placed.add(p);
        topology.record(p, c);
        return true;
    }

    /** The candidate with the most cpu room: the packing target when a pod's requirements drop the old one. */
    private static int widest(ClaimPlan c) {
        PoolTemplate t = c.template;
        int best = -1;
        for (int i = c.candidates.next(0); i >= 0; i = c.candidates.next(i + 1)) {
            if (best < 0 || t.room[i][PoolTemplate.CPU] > t.room[best][PoolTemplate.CPU]) best = i;
        }
        return best;
    }

    private void retarget(ClaimPlan c, int type) {
        demand.room(c.template, c.target, -1);
        demand.room(c.template, type, 1);
        c.target = type;
    }

    /** Charges the ledger with the claim's worst case: the largest capacity among its options, per dimension. */
    private void recharge(ClaimPlan c) {
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

    /** After a charge to {@code t}: pools of the same pool or tenant whose room no longer fits any type are tightened, then exhausted. */
    private void checkRoom(PoolTemplate t) {
        for (PoolTemplate u : templates) {
            if (exhausted[u.order] || !(u == t || t.tenant != null && t.tenant.equals(u.tenant))) continue;
            if (hasRoom(u)) continue;
            if (!tightened[u.order]) {
                tightened[u.order] = true;
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
     * When limits bind, gives up flexibility for room: each planned NodeClaim charged to the same
     * pool or tenant keeps only the options no larger than its packing target, and is charged for that.
     */
    private void tighten(PoolTemplate t) {
        for (ClaimPlan c : claims) {
            PoolTemplate u = c.template;
            if (c.isEmpty() || !(u == t || t.tenant != null && t.tenant.equals(u.tenant))) continue;
            long[] cap = u.capacity[c.target];
            TypeSet smaller = TypeSet.intersection(c.candidates, u.withinCapacity(cap[0], cap[1], cap[2]));
            if (smaller.equals(c.candidates)) continue;
            c.candidates = smaller;
            recharge(c);
        }
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

    /** Closes NodeClaims that cannot take even the smallest pending pod, so scans skip them. */
    void close(long minCpu, long minMem) {
        // Only claims that took pods can have filled up, unless the smallest pending pod changed.
        boolean all = minCpu != closedBelowCpu || minMem != closedBelowMem;
        closedBelowCpu = minCpu;
        closedBelowMem = minMem;
        for (ClaimPlan c : all ? open : touched) {
            long[] room = c.template.room[c.target];
            if (c.open && (room[PoolTemplate.CPU] - c.cpu < minCpu || room[PoolTemplate.MEM] - c.mem < minMem || room[PoolTemplate.PODS] - c.pods < 1)) {
                c.open = false;
                index.remove(c);
            }
        }
        if (all) open.removeIf(c -> !c.open);
        touched.clear();
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

    private static long plus(long a, long b) {
        return a == Long.MAX_VALUE || a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }
}
