package dev.jig.controller.model;

import java.util.List;

/**
 * A NodePool's disruption settings, kept as read for the disruption controllers (consolidation,
 * expiration, drift, budgets) that build on this model; provisioning does not use them.
 * {@code expireAfter} and {@code terminationGracePeriod} live in the pool's NodeClaim template in
 * Karpenter v1; they are kept here with the other disruption settings. {@code terminationGracePeriod}
 * is null when unset (drain waits for PodDisruptionBudgets and do-not-disrupt pods for ever).
 */
public record Disruption(String consolidationPolicy, String consolidateAfter, String expireAfter, List<Budget> budgets,
                         String terminationGracePeriod) {

    public static final Disruption DEFAULT = new Disruption("WhenEmptyOrUnderutilized", "0s", "720h", List.of(new Budget("10%", null, null, List.of())));

    /** One disruption budget: {@code nodes} (count or percentage) during {@code schedule} for {@code duration}. */
    public record Budget(String nodes, String schedule, String duration, List<String> reasons) {
        public Budget {
            reasons = List.copyOf(reasons);
        }
    }

    public Disruption {
        budgets = List.copyOf(budgets);
    }

    /** Settings without a termination grace period. */
    public Disruption(String consolidationPolicy, String consolidateAfter, String expireAfter, List<Budget> budgets) {
        this(consolidationPolicy, consolidateAfter, expireAfter, budgets, null);
    }
}
