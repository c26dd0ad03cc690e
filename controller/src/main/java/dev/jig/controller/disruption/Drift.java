package dev.jig.controller.disruption;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replaces drifted nodes one at a time (Karpenter's {@code Drift}), within each pool's Drifted budget:
 * empty ones first (their pods cannot land on another drifted node and move twice), then oldest first.
 * The candidate's pods must fit on the other nodes plus any number of new NodeClaims, which become the
 * replacements. Drift is eventual disruption: a pool with {@code terminationGracePeriod} bounds how
 * long draining may wait, so pods that block eviction do not keep its nodes from drifting.
 */
final class Drift implements Method {

    @Override
    public Command.Kind kind() {
        return Command.Kind.DRIFT;
    }

    @Override
    public Optional<Command> compute(DisruptionState state, Map<String, Integer> budgets) {
        List<Candidate> drifted = drifted(state);
        drifted.sort(Comparator.comparing((Candidate c) -> !c.isEmpty()).thenComparing(c -> c.claim().created()).thenComparing(Candidate::name));
        for (Candidate c : drifted) {
            if (budgets.getOrDefault(c.poolName(), 0) <= 0) continue;
            SchedulingSimulation.Outcome sim = SchedulingSimulation.run(state, List.of(c));
            if (!sim.scheduled()) continue;
            return Optional.of(Command.of(kind(), List.of(c), sim.newClaims(),
                    c.pool() == null ? null : Settings.terminationGracePeriod(c.pool().disruption())));
        }
        return Optional.empty();
    }

    @Override
    public int eligible(DisruptionState state) {
        return drifted(state).size();
    }

    private static List<Candidate> drifted(DisruptionState state) {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : state.eventual()) if (state.drift.computeIfAbsent(c.name(), n -> DriftCheck.reason(state, c)).isPresent()) out.add(c);
        return out;
    }
}
