package dev.jig.controller.simulate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's series of nodes, $/h and pending pods over simulated time: its rules alone, and on the inflate scenario. */
class UsageSeriesTest {

    @Test
    void theSeriesStartsEmptyAtZeroKeepsOnlyChangesAndEndsWhereTheReportEnds() throws IOException {
        SimulationReport r = InflateScenarioTest.play();
        List<SimulationReport.Sample> series = r.series();
        assertThat(series.get(0)).isEqualTo(new SimulationReport.Sample(0, 0, 0, 0, 0));
        for (int i = 1; i < series.size(); i++) {
            assertThat(series.get(i).at()).isGreaterThan(series.get(i - 1).at());
            assertThat(series.get(i).sameValues(series.get(i - 1))).as("sample %d repeats the one before", i).isFalse();
        }
        SimulationReport.Sample last = series.get(series.size() - 1);
        assertThat(last.nodes()).isEqualTo(r.nodes().size());
        assertThat(last.costPerHour()).isEqualTo(r.totalPerHour());
        assertThat(last.pendingPods()).isEqualTo(r.pendingPods());
        assertThat(series).anySatisfy(s -> assertThat(s.nodes()).isEqualTo(2)).anySatisfy(s -> assertThat(s.pendingPods()).isPositive());
        assertThat(series).allSatisfy(s -> assertThat(s.readyNodes()).isLessThanOrEqualTo(s.nodes() + 1));
        assertThat(r.json()).contains("\"series\" : [ {", "\"readyNodes\" : ");
    }

    @Test
    void keepsOneSamplePerChangeAndTheLastOfASecond() {
        UsageSeries u = new UsageSeries();
        u.observe(new SimulationReport.Sample(0, 0, 0, 0, 0));
        u.observe(new SimulationReport.Sample(1, 0, 0, 0, 0));
        u.observe(new SimulationReport.Sample(2, 1, 0, 0.1, 3));
        u.observe(new SimulationReport.Sample(2, 0, 0, 0, 0));
        u.observe(new SimulationReport.Sample(3, 2, 1, 0.2, 0));
        assertThat(u.samples()).containsExactly(new SimulationReport.Sample(0, 0, 0, 0, 0), new SimulationReport.Sample(3, 2, 1, 0.2, 0));
    }
}
