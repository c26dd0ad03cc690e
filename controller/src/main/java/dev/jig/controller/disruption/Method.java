package dev.jig.controller.disruption;

import java.util.Map;
import java.util.Optional;

/**
 * One way of disrupting nodes (Karpenter's {@code disruption.Method}): it reads the pass's shared
 * {@link DisruptionState} and the budget map of its kind's reason (NodePool name → disruptions
 * still allowed), which it may decrement, and proposes at most one {@link Command}.
 */
interface Method {

    /** The command this method would run now, or empty when it has nothing to do. */
    Optional<Command> compute(DisruptionState state, Map<String, Integer> budgets);

    /** How many candidates this method could take now, before budgets and scheduling (for the eligible-nodes metric). */
    int eligible(DisruptionState state);

    /** How the method is named in commands, Events and metrics; its kind says its reason. */
    Command.Kind kind();
}
