package dev.jig.controller.disruption;

import dev.jig.controller.cloud.Offering;
import dev.jig.controller.scheduling.PlannedNodeClaim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What single- and multi-node consolidation share (Karpenter's {@code consolidation}): which
 * candidates are under-used enough to consider, their order, and the decision for a set of them —
 * delete when their pods fit on the other nodes, replace when they fit there plus one NodeClaim
 * strictly cheaper than the set, otherwise nothing.
 */
final class Consolidation {

    /**
     * Single-node spot-to-spot consolidation needs at least this many cheaper types, and launches from
     * the cheapest this many: the new node is then always among the cheapest and is not replaced again
     * at once (Karpenter's {@code MinInstanceTypesForSpotToSpotConsolidation}).
     */
    static final int MIN_SPOT_TO_SPOT_TYPES = 15;

    private Consolidation() {
    }

    /**
     * Candidates consolidation may move: known pool, type, zone and capacity type; not empty (emptiness
     * takes those); policy {@code WhenEmptyOrUnderutilized} or {@link Balanced}; {@code consolidateAfter} passed.
     */
    static List<Candidate> eligible(DisruptionState s) {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : s.graceful()) {
            if (c.pool() == null || c.instanceType() == null || c.zone() == null || c.capacityType() == null || c.isEmpty()) continue;
            String policy = c.pool().disruption().consolidationPolicy();
            if (!Settings.WHEN_EMPTY_OR_UNDERUTILIZED.equals(policy) && !Balanced.POLICY.equals(policy)) continue;
            if (Settings.consolidatable(c.pool().disruption(), c.claim(), s.now)) out.add(c);
        }
        return out;
    }

    /** Highest savings per unit of disruption first (v1.14); the decision cost, then the name, break ties. */
    static List<Candidate> sorted(List<Candidate> candidates) {
        List<Candidate> out = new ArrayList<>(candidates);
        out.sort(Comparator.comparingDouble(Candidate::savingsRatio).reversed()
                .thenComparingDouble(Candidate::disruptionCost).thenComparing(Candidate::name));
        return out;
    }

    /** The {@link Balanced} verdict on {@code cmd}; approved at once when none of its pools is Balanced. */
    static Balanced.Verdict verdict(DisruptionState s, Command cmd) {
        if (!Balanced.scores(cmd.candidates())) return new Balanced.Verdict(true, List.of());
        return s.balanced().judge(cmd);
    }

    /** The command that consolidates {@code candidates} together, if there is one. */
    static Optional<Command> compute(DisruptionState s, List<Candidate> candidates, Command.Kind kind) {
        SchedulingSimulation.Outcome sim = SchedulingSimulation.run(s, candidates, true);
        if (!sim.scheduled()) return Optional.empty();
        if (sim.newClaims().isEmpty()) return Optional.of(Command.of(kind, candidates, List.of(), null));
        if (sim.newClaims().size() != 1) return Optional.empty();
        PlannedNodeClaim claim = sim.newClaims().get(0);
        double sum = 0;
        boolean allSpot = true;
        for (Candidate c : candidates) {
            sum += c.price();
            allSpot &= Offering.SPOT.equals(c.capacityType());
        }
        double price = sum;
        boolean spotAllowed = claim.capacityTypes().contains(Offering.SPOT);
        Optional<PlannedNodeClaim> replacement;
        if (allSpot && spotAllowed) {
            int limit = candidates.size() == 1 ? MIN_SPOT_TO_SPOT_TYPES : Integer.MAX_VALUE;
            replacement = Replacements.cheaper(claim, s.pools.get(claim.pool()), price, List.of(Offering.SPOT), Integer.MAX_VALUE);
            if (candidates.size() == 1 && replacement.isPresent() && replacement.get().options().size() < MIN_SPOT_TO_SPOT_TYPES) {
                return Optional.empty();
            }
            replacement = replacement.flatMap(r -> Replacements.cheaper(r, s.pools.get(claim.pool()), price, List.of(Offering.SPOT), limit));
        } else {
            // On-demand to [on-demand, spot]: priced as spot and held to spot, so a spot shortage fails
            // the launch instead of buying a dearer on-demand node (Karpenter adds the same requirement).
            List<String> types = spotAllowed ? List.of(Offering.SPOT) : claim.capacityTypes();
            replacement = Replacements.cheaper(claim, s.pools.get(claim.pool()), price, types, Integer.MAX_VALUE);
        }
        return replacement.map(r -> Command.of(kind, candidates, List.of(r), null));
    }
}
