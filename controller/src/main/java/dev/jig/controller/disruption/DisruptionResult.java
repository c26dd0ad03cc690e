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
 * @param evaluated each method the pass reached, in order, with how long it took and whether the consolidated memo
 *                  spared it or its time box cut it short
 * @param driftMarks the candidates whose {@code Drifted} condition must change: set when they drifted (drift takes the
 *                   earliest-drifted first, by the condition's time), removed when they no longer are
 * @param scores     the {@link Balanced} scores of the consolidation moves the pass judged
 */
public record DisruptionResult(List<Command> expirations, Optional<Command> command, List<Blocked> blocked,
                               Map<Reason, Integer> eligible, Map<Reason, Map<String, Integer>> allowed, List<Evaluated> evaluated,
                               List<DriftMark> driftMarks, List<MoveScore> scores) {

    public DisruptionResult {
        expirations = List.copyOf(expirations);
        blocked = List.copyOf(blocked);
        eligible = eligible.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(eligible));
        allowed = Map.copyOf(allowed);
        evaluated = List.copyOf(evaluated);
        driftMarks = List.copyOf(driftMarks);
        scores = List.copyOf(scores);
    }

    public DisruptionResult(List<Command> expirations, Optional<Command> command, List<Blocked> blocked,
                            Map<Reason, Integer> eligible, Map<Reason, Map<String, Integer>> allowed, List<Evaluated> evaluated) {
        this(expirations, command, blocked, eligible, allowed, evaluated, List.of(), List.of());
    }

    public DisruptionResult(List<Command> expirations, Optional<Command> command, List<Blocked> blocked,
                            Map<Reason, Integer> eligible, Map<Reason, Map<String, Integer>> allowed) {
        this(expirations, command, blocked, eligible, allowed, List.of());
    }

    /** A NodeClaim's {@code Drifted} condition to write: the condition, or null to remove it. */
    public record DriftMark(String claim, dev.jig.controller.model.NodeClaim.Condition condition) {
    }

    /** One method's evaluation in a pass: its time in nanoseconds (0 when the memo spared it). */
    public record Evaluated(Command.Kind method, long nanos, boolean memoHit, boolean timedOut) {
    }
}
