package dev.jig.controller.disruption;

import dev.jig.controller.scheduling.PlannedNodeClaim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Removes several under-used nodes at once, launching at most one replacement (Karpenter's
 * {@code MultiNodeConsolidation}). Candidates in {@link Consolidation#sorted} order are first cut to
 * what each pool's Underutilized budget allows, then to the first {@value #MAX_CANDIDATES}; a binary
 * search finds the longest prefix of two or more that consolidates. A replacement must be cheaper than
 * the cheapest candidate of a type it could launch as (otherwise deleting the others and keeping that
 * one is the smaller disruption). In {@link Balanced} pools a prefix whose move does not pass its score counts as one
 * that does not consolidate (the scores fall as the prefix grows, so the search still holds). Time-boxed (1 minute by default, {@link PassMemory}): out of time, the search stops
 * and the best command found so far stands, as Karpenter's does.
 */
final class MultiNodeConsolidation implements Method {

    static final int MAX_CANDIDATES = 100;

    @Override
    public Command.Kind kind() {
        return Command.Kind.MULTI_NODE_CONSOLIDATION;
    }

    @Override
    public Optional<Command> compute(DisruptionState state, Map<String, Integer> budgets) {
        List<Candidate> within = new ArrayList<>();
        for (Candidate c : Consolidation.sorted(Consolidation.eligible(state))) {
            int left = budgets.getOrDefault(c.poolName(), 0);
            if (left <= 0) continue;
            within.add(c);
            budgets.put(c.poolName(), left - 1);
        }
        if (within.size() < 2) return Optional.empty();
        int lo = 1;
        int hi = Math.min(within.size(), MAX_CANDIDATES) - 1;
        Command best = null;
        Balanced.Verdict bestVerdict = null;
        Command rejected = null;
        Balanced.Verdict rejectedVerdict = null;
        while (lo <= hi && !state.timeBox.expired()) {
            int mid = (lo + hi) >>> 1;
            List<Candidate> prefix = within.subList(0, mid + 1);
            Optional<Command> cmd = Consolidation.compute(state, prefix, kind()).flatMap(c -> notSameType(state, c));
            Balanced.Verdict verdict = cmd.map(c -> Consolidation.verdict(state, c)).orElse(null);
            if (verdict != null && verdict.approved()) {
                best = cmd.get();
                bestVerdict = verdict;
                lo = mid + 1;
            } else {
                if (verdict != null) {
                    rejected = cmd.get();
                    rejectedVerdict = verdict;
                }
                hi = mid - 1;
            }
        }
        if (best != null) state.scores.addAll(bestVerdict.report(best));
        else if (rejected != null) state.scores.addAll(rejectedVerdict.report(rejected));
        return Optional.ofNullable(best);
    }

    /**
     * Karpenter's {@code filterOutSameInstanceType}: when the replacement could launch as a type one
     * of the candidates already has, only options cheaper than that candidate remain.
     */
    private static Optional<Command> notSameType(DisruptionState s, Command cmd) {
        if (cmd.replacements().isEmpty()) return Optional.of(cmd);
        PlannedNodeClaim r = cmd.replacements().get(0);
        double max = Double.POSITIVE_INFINITY;
        for (Candidate c : cmd.candidates()) {
            for (PlannedNodeClaim.Option o : r.options()) if (o.type().name().equals(c.instanceType().name())) max = Math.min(max, c.price());
        }
        if (max == Double.POSITIVE_INFINITY) return Optional.of(cmd);
        return Replacements.cheaper(r, s.pools.get(r.pool()), max, r.capacityTypes(), Integer.MAX_VALUE)
                .map(n -> Command.of(cmd.kind(), cmd.candidates(), List.of(n), null));
    }

    @Override
    public int eligible(DisruptionState state) {
        return Consolidation.eligible(state).size();
    }
}
