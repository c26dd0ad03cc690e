package dev.jig.controller.disruption;

import dev.jig.controller.scheduling.PlannedNodeClaim;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What disruption decided to do, for the executor to carry out: taint and delete the
 * {@code candidates}, after launching the {@code replacements} and seeing them initialized.
 * A pure value: it names nodes and planned NodeClaims, it changes nothing.
 *
 * @param savingsPerHour          the candidates' $/h less the replacements' cheapest option $/h
 * @param terminationGracePeriod  how long draining may wait on PodDisruptionBudgets and do-not-disrupt
 *                                pods before pods are deleted anyway; null when unbounded (the pool sets none)
 */
public record Command(Kind kind, Reason reason, List<Candidate> candidates, List<PlannedNodeClaim> replacements,
                      double savingsPerHour, Duration terminationGracePeriod) {

    /** The method that produced the command, as Karpenter's methods and consolidation types are named. */
    public enum Kind {
        EXPIRATION(Reason.EXPIRED), EMPTINESS(Reason.EMPTY), DRIFT(Reason.DRIFTED),
        MULTI_NODE_CONSOLIDATION(Reason.UNDERUTILIZED), SINGLE_NODE_CONSOLIDATION(Reason.UNDERUTILIZED);

        private final Reason reason;

        Kind(Reason reason) {
            this.reason = reason;
        }

        /** The disruption reason of the method, whose budgets it spends. */
        public Reason reason() {
            return reason;
        }
    }

    /** Delete only, or replace: launch first, then delete. */
    public enum Decision { DELETE, REPLACE }

    public Command {
        candidates = List.copyOf(candidates);
        replacements = List.copyOf(replacements);
    }

    public Decision decision() {
        return replacements.isEmpty() ? Decision.DELETE : Decision.REPLACE;
    }

    /** A command that deletes {@code candidates} and launches {@code replacements}; savings from their prices. */
    static Command of(Kind kind, List<Candidate> candidates, List<PlannedNodeClaim> replacements, Duration tgp) {
        double saved = 0;
        for (Candidate c : candidates) saved += c.price();
        for (PlannedNodeClaim r : replacements) saved -= r.cheapest().price();
        return new Command(kind, kind.reason(), candidates, replacements, saved, tgp);
    }

    /** One line for the timeline and logs: {@code Underutilized: replace [a, b] -> [1 replacement] (savings: $0.12/h)}. */
    public String describe() {
        return describe(java.util.Map.of());
    }

    /**
     * As {@link #describe()}, a drift naming why its candidates drifted: {@code driftReasons} by NodeClaim name (the
     * marks of the pass that decided it), else each candidate's {@code Drifted} condition.
     */
    public String describe(java.util.Map<String, String> driftReasons) {
        String names = candidates.stream().map(Candidate::name).collect(Collectors.joining(", "));
        String to = replacements.isEmpty() ? "" : " -> [" + replacements.stream()
                .map(r -> r.cheapest().type().name() + (r.options().size() > 1 ? " +" + (r.options().size() - 1) + " options" : ""))
                .collect(Collectors.joining(", ")) + "]";
        return String.format(Locale.ROOT, "%s/%s: %s [%s]%s (savings: $%.4f/h)%s", reason.wire(), kind.name().toLowerCase(Locale.ROOT).replace('_', '-'),
                decision().name().toLowerCase(Locale.ROOT), names, to, savingsPerHour, kind == Kind.DRIFT ? driftedBecause(driftReasons) : "");
    }

    /** Why the candidates drifted, from their {@code Drifted} condition: {@code ; drifted: NodePoolDrifted (the NodePool's template changed)}. */
    private String driftedBecause(java.util.Map<String, String> driftReasons) {
        List<String> why = new java.util.ArrayList<>();
        for (Candidate c : candidates) {
            var d = c.claim().status().condition(Drift.DRIFTED);
            String r = driftReasons.getOrDefault(c.claim().name(), d == null ? null : d.reason());
            if (r != null && !r.isEmpty() && !why.contains(r)) why.add(r);
        }
        return why.isEmpty() ? "" : "; drifted: " + why.stream().map(r -> r + Drift.explain(r)).collect(Collectors.joining(", "));
    }
}
