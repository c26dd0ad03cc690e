package dev.jig.controller.metrics;

import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts decisions as Micrometer counters ({@code jig_decisions_total{kind=...}}, e.g. NodeClaims
 * created, launch failures, unschedulable pods) and passes them on to another log.
 */
public final class MetricsTimeline implements Timeline {

    private final MeterRegistry registry;
    private final Timeline next;

    public MetricsTimeline(MeterRegistry registry, Timeline next) {
        this.registry = registry;
        this.next = next;
    }

    @Override
    public void record(TimelineEvent decision) {
        registry.counter("jig.decisions", "kind", decision.kind().name().toLowerCase(java.util.Locale.ROOT)).increment();
        next.record(decision);
    }
}
