package dev.jig.controller.scheduling;

import java.util.ArrayList;
import java.util.List;

/**
 * The NodeClaims of one pool that may still take pods, for the {@link Packer}: in an {@link OpenClaims}
 * index, searched while the pool's limits leave room to spare, and in a list, scanned while they bind
 * (then a NodeClaim may take a pod by growing past its target, which the index cannot see). Every open
 * NodeClaim is in both; a closed one leaves the index at once and the list lazily.
 */
final class PoolClaims {

    private final List<ClaimPlan> open = new ArrayList<>();
    private final OpenClaims index = new OpenClaims();

    void add(ClaimPlan c) {
        open.add(c);
        index.add(c);
    }

    /** Takes {@code c} out of the index before its target, zones or room change; {@link #changed} puts it back. */
    void changing(ClaimPlan c) {
        index.remove(c);
    }

    /** Indexes {@code c} again after a change, if it is open. */
    void changed(ClaimPlan c) {
        if (c.open) index.add(c);
    }

    /** The open claim with the highest score, through the index ({@link OpenClaims#best}). */
    ClaimPlan search(PodFacts p, long zones, long[] hostCandidates, OpenClaims.Scorer scorer) {
        return index.best(p, zones, hostCandidates, scorer);
    }

    /** The open claim with the highest score, by a scan of them all (the first found among equals); null when none scores. */
    ClaimPlan scan(OpenClaims.Scorer scorer) {
        ClaimPlan best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < open.size(); i++) {
            ClaimPlan c = open.get(i);
            if (!c.open) {
                open.set(i, open.get(open.size() - 1));
                open.remove(open.size() - 1);
                i--;
                continue;
            }
            double score = scorer.score(c);
            if (score > bestScore) {
                bestScore = score;
                best = c;
            }
        }
        return best;
    }

    /** Closes every open claim that cannot take a pod of {@code minCpu} and {@code minMem}. */
    void closeFull(long minCpu, long minMem) {
        for (ClaimPlan c : open) closeIfFull(c, minCpu, minMem);
        open.removeIf(c -> !c.open);
    }

    /** Closes {@code c} (one of this pool's) if it cannot take a pod of {@code minCpu} and {@code minMem}. */
    void closeIfFull(ClaimPlan c, long minCpu, long minMem) {
        if (!c.open) return;
        long[] room = c.room();
        if (room[PoolTemplate.CPU] - c.cpu < minCpu || room[PoolTemplate.MEM] - c.mem < minMem || room[PoolTemplate.PODS] - c.pods < 1) {
            c.open = false;
            index.remove(c);
        }
    }

    /** Opens again every NodeClaim of {@code claims} (those of a run, in the order they were made) that is {@code pool}'s. */
    void reopen(List<ClaimPlan> claims, PoolTemplate pool) {
        open.clear();
        for (ClaimPlan c : claims) {
            if (c.template != pool) continue;
            if (!c.open) index.add(c);
            c.open = true;
            open.add(c);
        }
    }
}
