package dev.jig.controller.provisioning;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts decisions as Micrometer counters ({@code jig_decisions_total{kind=...}}, e.g. NodeClaims
 * created, launch failures, unschedulable pods) and passes them on to another log.
 */
public final class MetricsDecisionLog implements DecisionLog {

    private final MeterRegistry registry;
    private final DecisionLog next;

    public MetricsDecisionLog(MeterRegistry registry, DecisionLog next) {
        this.registry = registry;
        this.next = next;
    }

    @Override
    public void record(Decision decision) {
        registry.counter("jig.decisions", "kind", decision.kind().name().toLowerCase(java.util.Locale.ROOT)).increment();
        next.record(decision);
    }
}
