package dev.jig.controller.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.diag.Rule;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.scheduling.Refusal;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** What a person reads from {@code simulate}: grouped reasons, one line per burst, aligned columns, changes named. */
class ReadableOutputTest {

    @Test
    void refusalsAreGroupedByRuleTheRarestFirstAndTheCommonCounted() {
        List<Refusal> refusals = List.of(
                new Refusal("b-web", Rule.POD_REQUIREMENTS, "incompatible requirements, tenant b"),
                new Refusal("c-web", Rule.POD_REQUIREMENTS, "incompatible requirements, tenant c"),
                new Refusal("a-web", Rule.POOL_LIMIT, "the pool's cpu limit 256 leaves 0"),
                new Refusal("d-web", Rule.POD_REQUIREMENTS, "incompatible requirements, tenant d"));
        String line = Refusal.summary(refusals);
        assertThat(line).startsWith("NodePool a-web: the pool's cpu limit 256 leaves 0 [JIG0604]; 3 pools [JIG0602], e.g. NodePool b-web:")
                .doesNotContain("tenant c", "tenant d");
    }

    @Test
    void aBurstOfUnschedulablePodsWithOneReasonIsOneTimelineLine() {
        List<SimulationReport.Line> timeline = List.of(
                new SimulationReport.Line(53, "UNSCHEDULABLE", "ns/a", "ns/a cannot be placed; limit [JIG0604]"),
                new SimulationReport.Line(53, "UNSCHEDULABLE", "ns/b", "ns/b cannot be placed; limit [JIG0604]"),
                new SimulationReport.Line(53, "UNSCHEDULABLE", "ns/c", "ns/c cannot be placed; limit [JIG0604]"),
                new SimulationReport.Line(53, "UNSCHEDULABLE", "ns/d", "ns/d cannot be placed; limit [JIG0604]"),
                new SimulationReport.Line(53, "UNSCHEDULABLE", "ns/e", "ns/e cannot be placed; taint [JIG0601]"),
                new SimulationReport.Line(54, "UNSCHEDULABLE", "ns/f", "ns/f cannot be placed; limit [JIG0604]"));
        assertThat(SimulationReport.merged(timeline)).extracting(SimulationReport.Line::subject)
                .containsExactly("4 pods (ns/a, ns/b, ns/c, ...)", "ns/e", "ns/f");
    }

    @Test
    void longNamesKeepTheColumnsAligned() {
        String longName = "payments-reserved-graviton-savings-plan-7cz7l";
        SimulationReport r = new SimulationReport("s", "s.yaml", List.of(), List.of(
                new SimulationReport.Line(2, "LAUNCHED", longName, "on-demand c7g.12xlarge"),
                new SimulationReport.Line(3, "BATCH", "1 pod", "0 onto existing or in-flight nodes, 1 new NodeClaim, 0 unschedulable")),
                List.of(), List.of(), 0, 0, List.of(), List.of(), List.of(), 0, 0, 0, OptionalDouble.empty(), List.of());
        List<String> lines = r.text().lines().filter(l -> l.startsWith("  +0:0")).toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).indexOf("on-demand")).isEqualTo(lines.get(1).indexOf("0 onto"));
    }

    @Test
    void anAppliedNodePoolSaysWhatChanged() {
        NodePool before = new NodePool("default", 10, Map.of("a", "1"), List.of(), List.of(), List.of(), "default", null, null);
        NodePool after = new NodePool("default", 20, Map.of("a", "2"), List.of(), List.of(), List.of(), "default", null, null);
        assertThat(Simulation.changes(before, after)).isEqualTo("changed weight, labels");
        assertThat(Simulation.changes(null, after)).isEqualTo("created");
        assertThat(Simulation.changes(after, after)).isEqualTo("applied, unchanged");
    }
}
