package dev.jig.controller.scheduling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The NodeClaims of a run that can still take pods (the {@link Packer} keeps one index per pool, in
 * {@link PoolClaims}), indexed so that finding the one that suits a pod best does not scan them all
 * (with one NodeClaim per hostname anti-affinity pod, a scan per pod made the diverse benchmark quadratic).
 *
 * <p>The choice is the {@link Packer}'s: the feasible NodeClaim whose remaining room points most in
 * the direction of the pod's requests, fullest first among equals. Directions are angles in
 * {@value #SLOTS} slots of 7.5°, and alignment is the cosine between the pod's and the claim's slots
 * in 50 buckets, so that every claim of a slot scores alike for a pod (a neighbouring slot scores
 * alike too). Coarse slots lean towards filling the fullest claims: on the benchmark, 12 slots
 * cost 10% less than 64 on the diverse mix and the same on the generic one, and 8 cost more on
 * the generic one. Claims are
 * kept per pool, packing target (which fixes the normalisation of room) and open zones (so that a
 * pod held to some zones by its topology skips the others) in {@value #SLOTS} angular
 * slots by the direction of their remaining room, each ordered by fullness. A search walks the slots
 * outward from the pod's direction, takes the fullest feasible claim of each, and stops as soon as
 * no slot left can beat the best found, so it finds the best score a full scan would find; ties
 * may fall to another claim of equal score.
 *
 * <p>Pods restricted by hostname constraints (anti-affinity, spread, or another pod's anti-affinity)
 * start from the other end: the open claims not blocked for them, as a bit set over host ids, when
 * those are few.
 */
final class OpenClaims {

    static final int SLOTS = 12;
    private static final double SLOT_WIDTH = Math.PI / 2 / SLOTS;
    /** The cosine bucket (of 50) of a claim {@code d} slots away from the pod's slot. */
    private static final int[] BUCKET = new int[SLOTS];

    static {
        for (int d = 0; d < SLOTS; d++) BUCKET[d] = (int) Math.rint(Math.cos(d * SLOT_WIDTH) * 50);
    }

    /** The place of a claim in its slot: fullest first, then oldest. */
    record Position(double fullness, int host) implements Comparable<Position> {
        @Override
        public int compareTo(Position o) {
            int c = Double.compare(fullness, o.fullness);
            return c != 0 ? c : Integer.compare(host, o.host);
        }
    }

    private record ShelfKey(int template, int target, long zones) {
    }

    /** The open claims of one pool with one packing target and the same open zones. */
    static final class Shelf {
        final PoolTemplate template;
        final int target;
        final long zones;
        @SuppressWarnings("unchecked")
        final TreeMap<Position, ClaimPlan>[] slots = new TreeMap[SLOTS];
        int size;

        Shelf(PoolTemplate template, int target, long zones) {
            this.template = template;
            this.target = target;
            this.zones = zones;
        }
    }

    private final Map<ShelfKey, Shelf> shelvesByKey = new HashMap<>();
    private final List<Shelf> shelves = new ArrayList<>();
    private ClaimPlan[] byHost = new ClaimPlan[256];
    private long[] openHosts = new long[4];
    private int size;

    /** Indexes {@code c} by its current target, zones and room; call again after each change to them (after {@link #remove}). */
    void add(ClaimPlan c) {
        Shelf s = shelvesByKey.computeIfAbsent(new ShelfKey(c.template.order, c.target, c.zones), k -> {
            Shelf n = new Shelf(c.template, c.target, c.zones);
            shelves.add(n);
            return n;
        });
        long[] room = c.room();
        double rc = fraction(room[PoolTemplate.CPU] - c.cpu, room[PoolTemplate.CPU]);
        double rm = fraction(room[PoolTemplate.MEM] - c.mem, room[PoolTemplate.MEM]);
        int slot = slot(rc, rm);
        if (s.slots[slot] == null) s.slots[slot] = new TreeMap<>();
        c.position = new Position(rc + rm, c.host);
        c.shelf = s;
        c.slot = slot;
        s.slots[slot].put(c.position, c);
        s.size++;
        if (c.host >= byHost.length) byHost = Arrays.copyOf(byHost, Math.max(c.host + 1, byHost.length * 2));
        byHost[c.host] = c;
        if ((c.host >>> 6) >= openHosts.length) openHosts = Arrays.copyOf(openHosts, Math.max((c.host >>> 6) + 1, openHosts.length * 2));
        openHosts[c.host >>> 6] |= 1L << c.host;
        size++;
    }

    /** Takes {@code c} out of the index (before its room or target changes, or when it closes). */
    void remove(ClaimPlan c) {
        if (c.position == null) return;
        Shelf s = c.shelf;
        s.slots[c.slot].remove(c.position);
        s.size--;
        c.position = null;
        openHosts[c.host >>> 6] &= ~(1L << c.host);
        size--;
    }

    /** Scores claims for one pod: the feasibility checks and the score of the {@link Packer}. */
    interface Scorer {
        /** The claim's score for the pod, or {@link Double#NaN} when the pod cannot go there. */
        double score(ClaimPlan c);
    }

    /**
     * The claim with the highest score for {@code p} (first found among equals), or null. Only
     * claims of pools the pod fits, whose target type it may run on, with one of {@code zones} open,
     * and (when {@code hostCandidates} is not null) on one of those hosts are considered.
     */
    ClaimPlan best(PodFacts p, long zones, long[] hostCandidates, Scorer scorer) {
        ClaimPlan best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        if (hostCandidates != null && few(hostCandidates)) {
            for (int w = 0; w < Math.min(hostCandidates.length, openHosts.length); w++) {
                for (long m = hostCandidates[w] & openHosts[w]; m != 0; m &= m - 1) {
                    ClaimPlan c = byHost[(w << 6) + Long.numberOfTrailingZeros(m)];
                    double score = scorer.score(c);
                    if (score > bestScore) {
                        bestScore = score;
                        best = c;
                    }
                }
            }
            return best;
        }
        for (Shelf s : shelves) {
            if (s.size == 0) continue;
            PodFacts.TemplateFit fit = p.fits[s.template.order];
            if (fit.refusal() != null || !fit.types().get(s.target) || (s.zones & zones & fit.zones()) == 0) continue;
            long[] room = s.template.room[s.target];
            double pc = fraction(p.cpu, room[PoolTemplate.CPU]);
            double pm = fraction(p.mem, room[PoolTemplate.MEM]);
            if (pc > 1 || pm > 1) continue;
            boolean directed = pc > 0 || pm > 0;
            int home = slot(pc, pm);
            double minFullness = pc + pm - 1e-9;
            for (int d = 0; d < SLOTS; d++) {
                int bucket = directed ? BUCKET[d] : 50;
                if (bucket * 4 - minFullness <= bestScore) break;
                for (int side = 0; side < (d == 0 ? 1 : 2); side++) {
                    int j = side == 0 ? home - d : home + d;
                    if (j < 0 || j >= SLOTS || s.slots[j] == null) continue;
                    for (ClaimPlan c : s.slots[j].tailMap(new Position(minFullness, -1)).values()) {
                        if (bucket * 4 - c.position.fullness() <= bestScore) break;
                        if (hostCandidates != null && !member(hostCandidates, c.host)) continue;
                        // The fullest feasible claim of a slot is its best: the rest score lower.
                        if (!Double.isNaN(scorer.score(c))) {
                            bestScore = bucket * 4 - c.position.fullness();
                            best = c;
                            break;
                        }
                    }
                }
            }
        }
        return best;
    }

    /** Whether fewer than one in eight open claims are among {@code hosts}: then enumerating them beats the walk. */
    private boolean few(long[] hosts) {
        int n = 0;
        for (int w = 0; w < Math.min(hosts.length, openHosts.length); w++) n += Long.bitCount(hosts[w] & openHosts[w]);
        return n * 8 <= size;
    }

    /**
     * The score of an indexed claim for a pod: the cosine bucket between the directions of the pod's
     * requests and of the claim's remaining room (both relative to the claim's target), less its
     * fullness, so alignment decides and fuller claims win ties.
     */
    static double score(PodFacts p, ClaimPlan c) {
        long[] room = c.room();
        double pc = fraction(p.cpu, room[PoolTemplate.CPU]);
        double pm = fraction(p.mem, room[PoolTemplate.MEM]);
        int bucket = pc > 0 || pm > 0 ? BUCKET[Math.abs(slot(pc, pm) - c.slot)] : 50;
        return bucket * 4 - c.position.fullness();
    }

    private static boolean member(long[] bits, int i) {
        return (i >>> 6) < bits.length && (bits[i >>> 6] & (1L << i)) != 0;
    }

    private static double fraction(long amount, long of) {
        return (double) amount / Math.max(1, of);
    }

    private static int slot(double c, double m) {
        return Math.min(SLOTS - 1, (int) (Math.atan2(m, c) / SLOT_WIDTH));
    }
}
