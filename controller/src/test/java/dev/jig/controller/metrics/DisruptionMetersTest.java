package dev.jig.controller.metrics;

import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.disruption.Blocked;
import dev.jig.controller.disruption.Command;
import dev.jig.controller.disruption.DisruptionResult;
import dev.jig.controller.disruption.Reason;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The disruption and interruption meters: gauges follow each pass (a vanished NodePool's gauge goes), counters count. */
class DisruptionMetersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final DisruptionMeters meters = new DisruptionMeters(registry);

    private static DisruptionResult pass(Map<String, Integer> emptyBudgets, List<Blocked> blocked) {
        return new DisruptionResult(List.of(), Optional.empty(), blocked, Map.of(Reason.EMPTY, 2, Reason.DRIFTED, 0),
                Map.of(Reason.EMPTY, emptyBudgets));
    }

    @Test
    void eachPassSetsTheEligibleAllowedAndBlockedGauges() {
        meters.passed(pass(Map.of("a", 3, "b", 1), List.of(new Blocked("n1", "c1", "a", Blocked.Why.PDB, "default/web"))));
        assertThat(registry.get("jig.voluntary.disruption.eligible.nodes").tag("reason", "Empty").gauge().value()).isEqualTo(2);
        assertThat(registry.get("jig.nodepools.allowed.disruptions").tag("nodepool", "a").tag("reason", "Empty").gauge().value()).isEqualTo(3);
        assertThat(registry.get("jig.disruption.blocked.candidates").tag("reason", "pdb").gauge().value()).isEqualTo(1);
        assertThat(registry.get("jig.disruption.blocked.candidates").tag("reason", "pod-do-not-disrupt").gauge().value()).isZero();

        meters.passed(pass(Map.of("a", 0), List.of()));
        assertThat(registry.get("jig.nodepools.allowed.disruptions").tag("nodepool", "a").gauge().value()).isZero();
        assertThat(registry.find("jig.nodepools.allowed.disruptions").tag("nodepool", "b").gauge()).as("pool b is gone").isNull();
        assertThat(registry.get("jig.disruption.blocked.candidates").tag("reason", "pdb").gauge().value()).isZero();
    }

    @Test
    void eachMethodsEvaluationIsTimedAndTheConsolidatedMemoCounted() {
        List<DisruptionResult.Evaluated> evaluated = List.of(
                new DisruptionResult.Evaluated(Command.Kind.EMPTINESS, 2_000_000, false, false),
                new DisruptionResult.Evaluated(Command.Kind.MULTI_NODE_CONSOLIDATION, 0, true, false),
                new DisruptionResult.Evaluated(Command.Kind.SINGLE_NODE_CONSOLIDATION, 5_000_000, false, true));
        meters.passed(new DisruptionResult(List.of(), Optional.empty(), List.of(), Map.of(), Map.of(), evaluated));
        assertThat(registry.get("jig.disruption.evaluation.duration").tag("method", "emptiness").timer().totalTime(TimeUnit.MILLISECONDS)).isEqualTo(2);
        assertThat(registry.find("jig.disruption.evaluation.duration").tag("method", "multi-node-consolidation").timer())
                .as("the memo spared it: nothing to time").isNull();
        assertThat(registry.get("jig.disruption.consolidation.memo").tag("outcome", "hit").tag("method", "multi-node-consolidation").counter().count())
                .isEqualTo(1);
        assertThat(registry.get("jig.disruption.consolidation.memo").tag("outcome", "miss").tag("method", "single-node-consolidation").counter().count())
                .isEqualTo(1);
        assertThat(registry.find("jig.disruption.consolidation.memo").tag("method", "emptiness").counter()).as("emptiness has no memo").isNull();
        assertThat(registry.get("jig.disruption.consolidation.timeouts").tag("method", "single-node-consolidation").counter().count()).isEqualTo(1);
    }

    @Test
    void interruptionMessagesAreCountedByKindAndWhetherANodeClaimOwnedTheInstance() {
        meters.received(CloudEvent.Kind.SPOT_INTERRUPTION, true);
        meters.received(CloudEvent.Kind.SPOT_INTERRUPTION, false);
        meters.acknowledged(CloudEvent.Kind.SPOT_INTERRUPTION);
        meters.sourceFailed("receive");
        assertThat(registry.get("jig.interruption.received.messages").tag("message_type", "SpotInterrupted").tag("nodeclaim_found", "false")
                .counter().count()).isEqualTo(1);
        assertThat(registry.get("jig.interruption.deleted.messages").counter().count()).isEqualTo(1);
        assertThat(registry.get("jig.interruption.source.failures").tag("operation", "receive").counter().count()).isEqualTo(1);
    }
}
