package dev.jig.controller.disruption;

import java.util.List;

/**
 * One {@code Balanced} pool's score of a consolidation move, for Events and metrics (Karpenter's
 * {@code ConsolidationApproved} event and {@code consolidation_score} histogram).
 *
 * @param candidates the nodes the move deletes
 * @param message    {@code score 3.33 >= threshold 0.50 (k: 2, savings 12.5%, disruption 3.8%)}
 */
public record MoveScore(Command.Kind method, String pool, List<String> candidates, double score, boolean approved, String message) {

    public MoveScore {
        candidates = List.copyOf(candidates);
    }
}
