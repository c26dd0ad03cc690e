package dev.jig.controller.simulate;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

class SimulationReportTest {

    private static SimulationReport report(List<SimulationReport.WaitLine> waits, List<SimulationReport.PendingPod> pending, OptionalDouble settled) {
        return new SimulationReport("s", "s.yaml", List.of(), List.of(), List.of(), List.of(), pending.size(), 2.0, List.of(), waits, pending, 1.6, 0.4, 0, settled, List.of());
    }

    @Test
    void pendingPodsWithTheSameReasonShareOneLineButEachKeepsItsOwnJsonEntry() {
        List<SimulationReport.PendingPod> pending = List.of(new SimulationReport.PendingPod("ns/a", "too big"),
                new SimulationReport.PendingPod("ns/b", "too big"), new SimulationReport.PendingPod("ns/c", "too big"),
                new SimulationReport.PendingPod("ns/d", "too big"), new SimulationReport.PendingPod("ns/e", "gated"));
        SimulationReport r = report(List.of(new SimulationReport.WaitLine("s.yaml:9:7", 600, false, 600, 2.0, pending)), pending,
                OptionalDouble.empty());
        assertThat(r.text()).contains("TIMEOUT  s.yaml:9:7: after 10:00 (at +10:00), $2.0000 per hour, 5 pods pending",
                "the pods under Pending pods, below", "  4 pods (ns/a, ns/b, ns/c, ...): too big\n", "  ns/e: gated\n",
                "Settled cost: unknown, the last wait (+10:00) timed out", "$1.6000/h for new demand", "$0.4000/h re-planned",
                "Note: 5 pods are still pending at the end, and no expectation expects them (pending: 5)");
        assertThat(r.text().indexOf("too big")).as("the reasons are printed once").isEqualTo(r.text().lastIndexOf("too big"));
        assertThat(r.json()).contains("\"outcome\" : \"timeout\"", "\"settledPerHour\" : null", "\"pod\" : \"ns/d\"");
    }

    @Test
    void theSettledCostIsComparedWithThePlannedCost() {
        SimulationReport r = report(List.of(new SimulationReport.WaitLine("s.yaml:9:7", 60, true, 60, 2.0, List.of())), List.of(),
                OptionalDouble.of(2.0));
        assertThat(r.text()).contains("Settled cost, at the last wait (+1:00): $2.0000/h, 1.25× what was launched for new demand",
                "$0.0000/h of replacements").doesNotContain("Pending pods", "Note:");
        assertThat(r.json()).contains("\"settledPerHour\" : 2.0", "\"outcome\" : \"settled\"");
    }
}
