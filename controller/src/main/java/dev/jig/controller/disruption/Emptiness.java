package dev.jig.controller.disruption;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Deletes empty nodes (Karpenter's {@code Emptiness}): candidates without reschedulable pods
 * (DaemonSet and mirror pods do not count) whose {@code consolidateAfter} has passed since their last
 * pod event, under either consolidation policy, as many in one command as each pool's Empty budget
 * allows. {@code consolidateAfter: Never} turns it off.
 */
final class Emptiness implements Method {

    @Override
    public Command.Kind kind() {
        return Command.Kind.EMPTINESS;
    }

    @Override
    public Optional<Command> compute(DisruptionState state, Map<String, Integer> budgets) {
        List<Candidate> empty = new ArrayList<>();
        for (Candidate c : Consolidation.sorted(empty(state))) {
            int left = budgets.getOrDefault(c.poolName(), 0);
            if (left <= 0) continue;
            empty.add(c);
            budgets.put(c.poolName(), left - 1);
        }
        if (empty.isEmpty()) return Optional.empty();
        return Optional.of(Command.of(kind(), empty, List.of(), null));
    }

    @Override
    public int eligible(DisruptionState state) {
        return empty(state).size();
    }

    /** Graceful candidates without reschedulable pods whose {@code consolidateAfter} has passed. */
    private static List<Candidate> empty(DisruptionState state) {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : state.graceful()) {
            if (c.pool() != null && c.isEmpty() && Settings.consolidatable(c.pool().disruption(), c.claim(), state.now)) out.add(c);
        }
        return out;
    }
}
