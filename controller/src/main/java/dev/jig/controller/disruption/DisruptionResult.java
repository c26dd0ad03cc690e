package dev.jig.controller.disruption;

import java.util.List;
import java.util.Optional;

/**
 * What one disruption pass decided: the forceful expirations (all of them, budgets do not apply),
 * at most one voluntary command (the first method that acts wins), and the nodes voluntary disruption
 * left alone with the reason, for Events and metrics.
 */
public record DisruptionResult(List<Command> expirations, Optional<Command> command, List<Blocked> blocked) {

    public DisruptionResult {
        expirations = List.copyOf(expirations);
        blocked = List.copyOf(blocked);
    }
}
