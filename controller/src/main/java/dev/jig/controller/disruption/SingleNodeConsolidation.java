package dev.jig.controller.disruption;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Removes or replaces one under-used node at a time (Karpenter's {@code SingleNodeConsolidation}):
 * candidates in {@link Consolidation#sorted} order, interleaved across NodePools so one large pool
 * does not starve the others, each tried while its pool's Underutilized budget allows; the first that
 * can be deleted, or replaced by one strictly cheaper node, wins; in a {@link Balanced} pool only a move whose score
 * passes, and a node whose outright deletion would not pass is not tried at all. Time-boxed (3 minutes by default, {@link PassMemory}):
 * a pass that runs out of time stops, and the next one starts with the candidates it did not reach.
 */
final class SingleNodeConsolidation implements Method {

    @Override
    public Command.Kind kind() {
        return Command.Kind.SINGLE_NODE_CONSOLIDATION;
    }

    @Override
    public Optional<Command> compute(DisruptionState state, Map<String, Integer> budgets) {
        java.util.Set<String> tried = state.memory.triedBeforeTimeout;
        for (Candidate c : unreachedFirst(interleaved(Consolidation.sorted(Consolidation.eligible(state))), tried)) {
            if (budgets.getOrDefault(c.poolName(), 0) <= 0) continue;
            // Balanced: not even deleting it outright would pass, so no move on it will
            if (Balanced.applies(c.pool()) && !state.balanced().canPass(c)) continue;
            if (state.timeBox.expired()) return Optional.empty();
            tried.add(c.name());
            Optional<Command> cmd = Consolidation.compute(state, List.of(c), kind());
            if (cmd.isEmpty()) continue;
            Balanced.Verdict verdict = Consolidation.verdict(state, cmd.get());
            state.scores.addAll(verdict.report(cmd.get()));
            if (verdict.approved()) {
                tried.clear();
                return cmd;
            }
        }
        tried.clear();
        return Optional.empty();
    }

    /**
     * The candidates a pass cut short by its time box did not reach go first, in their order, then those it tried:
     * a cluster too large for one time box is still gone through in full over a few passes.
     */
    static List<Candidate> unreachedFirst(List<Candidate> ordered, java.util.Set<String> tried) {
        if (tried.isEmpty()) return ordered;
        List<Candidate> out = new ArrayList<>(ordered.size());
        for (Candidate c : ordered) if (!tried.contains(c.name())) out.add(c);
        for (Candidate c : ordered) if (tried.contains(c.name())) out.add(c);
        return out;
    }

    /** The first of each pool, then the second of each, and so on; pools in order of their first candidate. */
    static List<Candidate> interleaved(List<Candidate> sorted) {
        Map<String, List<Candidate>> byPool = new LinkedHashMap<>();
        for (Candidate c : sorted) byPool.computeIfAbsent(c.poolName(), p -> new ArrayList<>()).add(c);
        List<Candidate> out = new ArrayList<>(sorted.size());
        for (int i = 0; out.size() < sorted.size(); i++) {
            for (List<Candidate> pool : byPool.values()) if (i < pool.size()) out.add(pool.get(i));
        }
        return out;
    }

    @Override
    public int eligible(DisruptionState state) {
        return Consolidation.eligible(state).size();
    }
}
