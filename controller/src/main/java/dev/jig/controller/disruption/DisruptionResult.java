package dev.jig.controller.disruption;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one disruption pass decided: the forceful expirations (all of them, budgets do not apply),
 * at most one voluntary command (the first method that acts wins), and the nodes voluntary disruption
 * left alone with the reason, for Events and metrics.
 *
 * @param eligible how many candidates each reason's methods could take in this pass (Karpenter's
 *                 {@code voluntary_disruption_eligible_nodes}); only the reasons of the methods the pass reached
 * @param allowed  each budgeted reason's budget map at the start of the pass: NodePool → disruptions allowed
 *                 (Karpenter's {@code nodepools_allowed_disruptions})
 */
public record DisruptionResult(List<Command> expirations, Optional<Command> command, List<Blocked> blocked,
                               Map<Reason, Integer> eligible, Map<Reason, Map<String, Integer>> allowed) {

    public DisruptionResult {
        expirations = List.copyOf(expirations);
        blocked = List.copyOf(blocked);
        eligible = eligible.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(eligible));
        allowed = Map.copyOf(allowed);
    }
}
