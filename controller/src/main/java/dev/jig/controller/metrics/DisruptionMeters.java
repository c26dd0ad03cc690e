package dev.jig.controller.metrics;

import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.disruption.Blocked;
import dev.jig.controller.disruption.Candidate;
import dev.jig.controller.disruption.Command;
import dev.jig.controller.disruption.DisruptionMetrics;
import dev.jig.controller.disruption.DisruptionResult;
import dev.jig.controller.disruption.MoveScore;
import dev.jig.controller.disruption.Reason;
import dev.jig.controller.interruption.InterruptionMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.Tags;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Disruption and interruption as Micrometer meters, named after Karpenter's with Jig's {@code jig_} prefix
 * (Prometheus names in brackets):
 * <ul>
 *   <li>{@code jig.voluntary.disruption.eligible.nodes{reason}} [{@code jig_voluntary_disruption_eligible_nodes}]: candidates each
 *       reason's methods could take in the last pass;</li>
 *   <li>{@code jig.nodepools.allowed.disruptions{nodepool,reason}} [{@code jig_nodepools_allowed_disruptions}]: the budgets;</li>
 *   <li>{@code jig.disruption.blocked.candidates{reason}} [{@code jig_disruption_blocked_candidates}]: nodes left alone, by why (Jig's own);</li>
 *   <li>{@code jig.voluntary.disruption.decisions{decision,reason,method}} [{@code jig_voluntary_disruption_decisions_total}]: voluntary
 *       commands carried out ({@code method} where Karpenter has {@code consolidation_type});</li>
 *   <li>{@code jig.nodeclaims.disrupted{reason,nodepool,capacity_type}} [{@code jig_nodeclaims_disrupted_total}]: NodeClaims deleted by
 *       disruption, expiration included;</li>
 *   <li>{@code jig.voluntary.disruption.aborted{reason,method}} [{@code jig_voluntary_disruption_aborted_total}];</li>
 *   <li>{@code jig.interruption.received.messages{message_type,nodeclaim_found}} [{@code jig_interruption_received_messages_total}],
 *       {@code jig.interruption.deleted.messages{message_type}} [{@code jig_interruption_deleted_messages_total}] and
 *       {@code jig.interruption.source.failures{operation}} [{@code jig_interruption_source_failures_total}].</li>
 * </ul>
 */
public final class DisruptionMeters implements DisruptionMetrics, InterruptionMetrics {

    private final MeterRegistry registry;
    private final Gauges eligible;
    private final Gauges allowed;
    private final Gauges blocked;

    public DisruptionMeters(MeterRegistry registry) {
        this.registry = registry;
        this.eligible = new Gauges(registry, "jig.voluntary.disruption.eligible.nodes", "Candidates each reason's methods could take in the last pass");
        this.allowed = new Gauges(registry, "jig.nodepools.allowed.disruptions", "Disruptions each NodePool's budgets allow now, by reason");
        this.blocked = new Gauges(registry, "jig.disruption.blocked.candidates", "Nodes voluntary disruption leaves alone, by why");
    }

    @Override
    public void passed(DisruptionResult result) {
        Map<Tags, Double> e = new HashMap<>();
        result.eligible().forEach((reason, n) -> e.put(Tags.of("reason", reason.wire()), n.doubleValue()));
        eligible.set(e);
        Map<Tags, Double> a = new HashMap<>();
        result.allowed().forEach((reason, pools) -> pools.forEach((pool, n) -> a.put(Tags.of("nodepool", pool, "reason", reason.wire()), n.doubleValue())));
        allowed.set(a);
        Map<Tags, Double> b = new HashMap<>();
        for (Blocked.Why why : Blocked.Why.values()) b.put(Tags.of("reason", label(why.name())), 0.0);
        for (Blocked x : result.blocked()) b.merge(Tags.of("reason", label(x.why().name())), 1.0, Double::sum);
        blocked.set(b);
        for (DisruptionResult.Evaluated ev : result.evaluated()) {
            String method = label(ev.method().name());
            if (ev.memoHit()) {
                registry.counter("jig.disruption.consolidation.memo", "outcome", "hit", "method", method).increment();
                continue;
            }
            if (ev.method().reason() == Reason.UNDERUTILIZED) {
                registry.counter("jig.disruption.consolidation.memo", "outcome", "miss", "method", method).increment();
            }
            Timer.builder("jig.disruption.evaluation.duration").description("How long each disruption method took to evaluate, per pass")
                    .tag("method", method).register(registry).record(ev.nanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
            if (ev.timedOut()) registry.counter("jig.disruption.consolidation.timeouts", "method", method).increment();
        }
        for (MoveScore m : result.scores()) {
            String decision = m.approved() ? "approved" : "rejected";
            registry.counter("jig.disruption.consolidation.moves", "decision", decision, "nodepool", m.pool(), "policy", "Balanced").increment();
            DistributionSummary.builder("jig.disruption.consolidation.score")
                    .description("Balanced consolidation scores of the moves judged: savings share over disruption share, approved at 0.5 or more")
                    .serviceLevelObjectives(0.1, 0.25, 0.33, 0.5, 1.0, 2.0, 5.0, 10.0)
                    .tags("decision", decision, "nodepool", m.pool()).register(registry)
                    .record(Double.isInfinite(m.score()) ? Double.MAX_VALUE : m.score());
        }
    }

    @Override
    public void executed(Command command) {
        String method = label(command.kind().name());
        if (command.reason() != Reason.EXPIRED) {
            registry.counter("jig.voluntary.disruption.decisions", "decision", label(command.decision().name()), "reason", command.reason().wire(),
                    "method", method).increment();
        }
        for (Candidate c : command.candidates()) {
            registry.counter("jig.nodeclaims.disrupted", "reason", command.reason().wire(), "nodepool", c.poolName(),
                    "capacity_type", c.capacityType() == null ? "" : c.capacityType()).increment();
        }
    }

    @Override
    public void aborted(Command command) {
        registry.counter("jig.voluntary.disruption.aborted", "reason", command.reason().wire(), "method", label(command.kind().name())).increment();
    }

    @Override
    public void received(CloudEvent.Kind kind, boolean known) {
        registry.counter("jig.interruption.received.messages", "message_type", kind.reason(), "nodeclaim_found", Boolean.toString(known)).increment();
    }

    @Override
    public void acknowledged(CloudEvent.Kind kind) {
        registry.counter("jig.interruption.deleted.messages", "message_type", kind.reason()).increment();
    }

    @Override
    public void sourceFailed(String operation) {
        registry.counter("jig.interruption.source.failures", "operation", operation).increment();
    }

    /** {@code SINGLE_NODE_CONSOLIDATION} → {@code single-node-consolidation}. */
    private static String label(String constant) {
        return constant.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
