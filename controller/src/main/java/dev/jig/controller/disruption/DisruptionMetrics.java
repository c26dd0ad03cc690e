package dev.jig.controller.disruption;

/**
 * Where the disruption executor reports what it saw and did, for the metrics adapter (Micrometer lives outside
 * the core). Named after Karpenter's metrics: {@code voluntary_disruption_eligible_nodes},
 * {@code nodepools_allowed_disruptions}, {@code voluntary_disruption_decisions_total},
 * {@code nodeclaims_disrupted_total}; blocked candidates by reason are Jig's own.
 */
public interface DisruptionMetrics {

    /** One pass ran: its eligible candidates, budget maps and blocked nodes are the gauges' new values. */
    void passed(DisruptionResult result);

    /** A command was carried out (its candidates' NodeClaims deleted): expirations at once, voluntary ones after validation. */
    void executed(Command command);

    /** A voluntary command was given up before any candidate was deleted. */
    void aborted(Command command);

    /** Reports nothing (simulate, tests). */
    DisruptionMetrics NONE = new DisruptionMetrics() {
        @Override
        public void passed(DisruptionResult result) {
        }

        @Override
        public void executed(Command command) {
        }

        @Override
        public void aborted(Command command) {
        }
    };
}
