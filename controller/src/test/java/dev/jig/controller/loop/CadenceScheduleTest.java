package dev.jig.controller.loop;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The cadence table on a clock the caller moves: due reconcilers run in the table's order, each on its own period. */
class CadenceScheduleTest {

    private final List<String> ran = new ArrayList<>();

    private Cadence every(String name, Duration period) {
        return new Cadence(Reconciler.of(name, () -> ran.add(name)), period);
    }

    @Test
    void everyCadenceRunsAtOnceThenEachOnItsOwnPeriodInTheTablesOrder() {
        CadenceSchedule schedule = new CadenceSchedule(List.of(every("fast", Duration.ofSeconds(1)), every("slow", Duration.ofSeconds(3))));
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        List<List<String>> seconds = new ArrayList<>();
        for (int i = 0; i < 7; i++) seconds.add(schedule.runDue(t.plusSeconds(i)));
        assertThat(seconds).containsExactly(List.of("fast", "slow"), List.of("fast"), List.of("fast"), List.of("fast", "slow"),
                List.of("fast"), List.of("fast"), List.of("fast", "slow"));
        assertThat(ran).startsWith("fast", "slow", "fast", "fast", "fast", "slow");
    }

    @Test
    void aReconcilerThatThrowsFailsTheStepSoASimulationShowsTheBug() {
        CadenceSchedule schedule = new CadenceSchedule(List.of(new Cadence(Reconciler.of("broken", () -> {
            throw new IllegalStateException("bug");
        }), Duration.ofSeconds(1))));
        assertThatThrownBy(() -> schedule.runDue(Instant.EPOCH)).hasMessage("bug");
    }

    @Test
    void aPeriodMustBePositive() {
        assertThatThrownBy(() -> every("never", Duration.ZERO)).hasMessageContaining("never");
    }
}
