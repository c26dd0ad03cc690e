package dev.jig.controller.disruption;

import dev.jig.controller.model.Disruption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BudgetsTest {

    private static Disruption.Budget nodes(String nodes, String... reasons) {
        return new Disruption.Budget(nodes, null, null, List.of(reasons));
    }

    @ParameterizedTest(name = "{0} of {1} nodes allows {2}")
    @CsvSource({"10%, 5, 1", "10%, 10, 1", "10%, 11, 2", "15%, 10, 2", "0%, 100, 0", "100%, 7, 7", "50%, 0, 0", "3, 100, 3", "0, 100, 0"})
    void aPercentageOfThePoolsNodesRoundsUpAsKarpenterDoes(String budget, int nodes, int allowed) {
        assertEquals(allowed, Budgets.allowed(List.of(nodes(budget)), Reason.UNDERUTILIZED, nodes, World.NOW));
    }

    @Test
    void theMostRestrictiveActiveBudgetCoveringTheReasonWins() {
        List<Disruption.Budget> budgets = List.of(nodes("50%"), nodes("2", "Drifted"), nodes("0", "Empty"));
        assertEquals(2, Budgets.allowed(budgets, Reason.DRIFTED, 10, World.NOW));
        assertEquals(0, Budgets.allowed(budgets, Reason.EMPTY, 10, World.NOW));
        assertEquals(5, Budgets.allowed(budgets, Reason.UNDERUTILIZED, 10, World.NOW));
        assertEquals(Budgets.UNLIMITED, Budgets.allowed(List.of(), Reason.EMPTY, 10, World.NOW));
    }

    @Test
    void aWorkdayFreezeBlocksFromItsFiringForItsDurationInUtc() {
        // Monday 2026-11-23: frozen 09:00-16:59 UTC, free otherwise; the weekend is free all day.
        Disruption.Budget freeze = new Disruption.Budget("0", "0 9 * * mon-fri", "8h", List.of());
        for (int hour = 0; hour < 24; hour++) {
            Instant monday = Instant.parse(String.format("2026-11-23T%02d:30:00Z", hour));
            int expected = hour >= 9 && hour < 17 ? 0 : 3;
            assertEquals(expected, Budgets.allowed(List.of(freeze, nodes("3")), Reason.EMPTY, 30, monday), "Monday " + hour + ":30");
            Instant sunday = Instant.parse(String.format("2026-11-22T%02d:30:00Z", hour));
            assertEquals(3, Budgets.allowed(List.of(freeze, nodes("3")), Reason.EMPTY, 30, sunday), "Sunday " + hour + ":30");
        }
        assertTrue(Budgets.isActive(freeze, Instant.parse("2026-11-23T09:00:00Z")));
        assertTrue(Budgets.isActive(freeze, Instant.parse("2026-11-23T16:59:59Z")));
        assertFalse(Budgets.isActive(freeze, Instant.parse("2026-11-23T17:00:00Z")));
        assertFalse(Budgets.isActive(freeze, Instant.parse("2026-11-23T08:59:59Z")));
    }

    @Test
    void aWindowThatCrossesMidnightStaysActiveIntoTheNextDay() {
        Disruption.Budget night = new Disruption.Budget("0", "@daily", "2h30m", List.of("Underutilized"));
        assertEquals(0, Budgets.allowed(List.of(night), Reason.UNDERUTILIZED, 10, Instant.parse("2026-11-24T02:29:00Z")));
        assertEquals(Budgets.UNLIMITED, Budgets.allowed(List.of(night), Reason.UNDERUTILIZED, 10, Instant.parse("2026-11-24T02:31:00Z")));
        assertEquals(Budgets.UNLIMITED, Budgets.allowed(List.of(night), Reason.DRIFTED, 10, Instant.parse("2026-11-24T01:00:00Z")));
    }

    @ParameterizedTest(name = "nodes={0} schedule={1} duration={2}")
    @CsvSource(nullValues = "null", value = {
        "ten, null, null", "101%, null, null", "-1, null, null", "10%, 0 9 * * *, null", "10%, null, 1h",
        "10%, 0 25 * * *, 1h", "10%, 0 9 * * *, 1d", "10%, not a cron, 1h"})
    void aBudgetThatDoesNotParseAllowsNothingForEveryReason(String nodes, String schedule, String duration) {
        Disruption.Budget bad = new Disruption.Budget(nodes, schedule, duration, List.of("Drifted"));
        for (Reason r : List.of(Reason.EMPTY, Reason.DRIFTED, Reason.UNDERUTILIZED)) {
            assertEquals(0, Budgets.allowed(List.of(nodes("100%"), bad), r, 10, World.NOW), r.wire());
        }
    }

    @Test
    void nodesAlreadyDeletingOrNotReadyUseUpTheBudget() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "50%")));
        for (int i = 0; i < 8; i++) w.node("n" + i, "m5.large", "on-demand", "a");
        w.node("deleting", "m5.large", "on-demand", "a", c -> c.markDeleting(), n -> n);
        w.node("notready", "m5.large", "on-demand", "a", c -> c, n -> n.withReady(false));
        // 10 initialized nodes: 50% allows 5, less the 2 disrupting.
        Map<String, Integer> m = w.state(World.NOW).budgets(Reason.EMPTY);
        assertEquals(3, m.get("a"));
    }
}
