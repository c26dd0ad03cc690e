package dev.jig.controller.disruption;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConsolidationTest {

    private static final String[] GENERAL = {"m5.large", "m5.xlarge", "m5.2xlarge", "m5.4xlarge"};

    private static Optional<Command> single(World w) {
        DisruptionState s = w.state(World.NOW);
        return new SingleNodeConsolidation().compute(s, s.budgets(Reason.UNDERUTILIZED));
    }

    private static Optional<Command> multi(World w) {
        DisruptionState s = w.state(World.NOW);
        return new MultiNodeConsolidation().compute(s, s.budgets(Reason.UNDERUTILIZED));
    }

    private static World onDemand(String policy, String budget) {
        return new World().pool(World.pool("a", World.disruption(policy, "0s", budget), World.types(GENERAL), World.capacity("on-demand")));
    }

    @Test
    void aNodeWhosePodsFitElsewhereIsDeleted() {
        World w = onDemand("WhenEmptyOrUnderutilized", "100%")
                .node("big", "m5.2xlarge", "on-demand", "a", World.pod("a1", 1000))
                .node("small", "m5.large", "on-demand", "a", World.pod("b1", 200));
        Command c = single(w).orElseThrow();
        assertEquals(Command.Decision.DELETE, c.decision());
        assertEquals(1, c.candidates().size());
        assertTrue(c.savingsPerHour() > 0);
    }

    @Test
    void aNodeIsReplacedOnlyByAStrictlyCheaperOne() {
        World w = onDemand("WhenEmptyOrUnderutilized", "100%")
                .node("big", "m5.2xlarge", "on-demand", "a", World.pod("p", 500));
        Command c = single(w).orElseThrow();
        assertEquals(Command.Decision.REPLACE, c.decision());
        PlannedNodeClaim r = c.replacements().get(0);
        double price = c.candidates().get(0).price();
        assertEquals("m5.large", r.cheapest().type().name());
        assertTrue(r.options().stream().allMatch(o -> o.price() < price), "every option is cheaper than the node it replaces");
        assertTrue(r.options().stream().noneMatch(o -> o.type().name().equals("m5.2xlarge")));
        assertEquals(price - r.cheapest().price(), c.savingsPerHour(), 1e-9);

        World cheapest = onDemand("WhenEmptyOrUnderutilized", "100%")
                .node("small", "m5.large", "on-demand", "a", World.pod("p", 500));
        assertTrue(single(cheapest).isEmpty(), "the cheapest type of the pool has nothing cheaper to become");
    }

    @Test
    void aSpotNodeIsReplacedBySpotOnlyWithFifteenCheaperTypes() {
        World wide = new World().pool(World.pool("s", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.capacity("spot"),
                        dev.jig.api.karpenter.Requirement.in(WellKnownLabels.INSTANCE_CATEGORY, List.of("c", "m", "r"))))
                .node("spot", "m5.8xlarge", "spot", "s", World.pod("p", 500));
        Command c = single(wide).orElseThrow();
        PlannedNodeClaim r = c.replacements().get(0);
        assertEquals(Consolidation.MIN_SPOT_TO_SPOT_TYPES, r.options().size(), "launches from exactly the 15 cheapest");
        assertEquals(List.of(Offering.SPOT), r.capacityTypes());
        assertTrue(r.options().stream().allMatch(o -> o.price() < c.candidates().get(0).price()));

        World narrow = new World().pool(World.pool("s", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.capacity("spot"),
                        World.types(GENERAL)))
                .node("spot", "m5.4xlarge", "spot", "s", World.pod("p", 500));
        assertTrue(single(narrow).isEmpty(), "three cheaper spot types are fewer than 15");
    }

    @Test
    void anOnDemandNodeMayBecomeSpotButIsHeldToSpot() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"),
                        World.types(GENERAL), World.capacity("on-demand", "spot")))
                .node("od", "m5.2xlarge", "on-demand", "a", World.pod("p", 500));
        PlannedNodeClaim r = single(w).orElseThrow().replacements().get(0);
        assertEquals(List.of(Offering.SPOT), r.capacityTypes());
        assertTrue(r.requirements().stream().anyMatch(q -> q.key().equals(WellKnownLabels.CAPACITY_TYPE) && q.values().equals(List.of("spot"))));
    }

    @Test
    void whenEmptyPoolsAreNotConsolidatedWhileTheirNodesHavePods() {
        World whenEmpty = onDemand("WhenEmpty", "100%").node("big", "m5.2xlarge", "on-demand", "a", World.pod("p", 500));
        assertTrue(single(whenEmpty).isEmpty());
        World underutilized = onDemand("WhenEmptyOrUnderutilized", "100%").node("big", "m5.2xlarge", "on-demand", "a", World.pod("p", 500));
        assertTrue(single(underutilized).isPresent());
    }

    @Test
    void multiNodeConsolidationTakesTheLongestPrefixThatFitsOneCheaperNode() {
        World w = onDemand("WhenEmptyOrUnderutilized", "100%");
        for (int i = 0; i < 6; i++) w.node("n" + i, "m5.2xlarge", "on-demand", "a", World.pod("p" + i, 600));
        Command c = multi(w).orElseThrow();
        assertEquals("m5.xlarge", c.replacements().get(0).cheapest().type().name());
        assertEquals(Command.Kind.MULTI_NODE_CONSOLIDATION, c.kind());
        assertEquals(6, c.candidates().size());
        assertEquals(1, c.replacements().size());
        double before = c.candidates().stream().mapToDouble(Candidate::price).sum();
        assertTrue(c.replacements().get(0).cheapest().price() < before);
        assertEquals(before - c.replacements().get(0).cheapest().price(), c.savingsPerHour(), 1e-9);
    }

    @Test
    void multiNodeConsolidationStopsAtThePrefixThatStillFits() {
        // Three light nodes first (highest savings per disruption), then nearly full ones.
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"),
                World.types("m5.large", "m5.xlarge"), World.capacity("on-demand")));
        for (int i = 0; i < 3; i++) w.node("light" + i, "m5.xlarge", "on-demand", "a", World.pod("l" + i, 300));
        for (int i = 0; i < 3; i++) {
            w.node("heavy" + i, "m5.xlarge", "on-demand", "a", World.pod("h" + i + "a", 1000), World.pod("h" + i + "b", 1000),
                    World.pod("h" + i + "c", 1000), World.pod("h" + i + "d", 500), World.pod("h" + i + "e", 100), World.pod("h" + i + "f", 100));
        }
        Command c = multi(w).orElseThrow();
        // With a heavy node the pods need two new nodes: the longest prefix that needs at most one is the three light nodes.
        assertEquals(List.of("light0", "light1", "light2"), World.names(c));
        assertEquals("m5.large", c.replacements().get(0).cheapest().type().name());
    }

    @Test
    void multiNodeConsolidationConsidersAtMostOneHundredCandidates() {
        World w = onDemand("WhenEmptyOrUnderutilized", "100%");
        for (int i = 0; i < 130; i++) w.node(String.format("n%03d", i), "m5.large", "on-demand", "a", World.pod("p" + i, 50));
        Command c = multi(w).orElseThrow();
        assertEquals(MultiNodeConsolidation.MAX_CANDIDATES, c.candidates().size());
        assertEquals(Command.Decision.DELETE, c.decision(), "100 pods of 50m fit on the 30 nodes left");
    }

    @Test
    void theUnderutilizedBudgetCutsTheCandidatesBeforeTheSearch() {
        World w = onDemand("WhenEmptyOrUnderutilized", "3");
        for (int i = 0; i < 6; i++) w.node("n" + i, "m5.xlarge", "on-demand", "a", World.pod("p" + i, 600));
        assertEquals(3, multi(w).orElseThrow().candidates().size());
        World none = onDemand("WhenEmptyOrUnderutilized", "1");
        for (int i = 0; i < 6; i++) none.node("n" + i, "m5.xlarge", "on-demand", "a", World.pod("p" + i, 600));
        assertTrue(multi(none).isEmpty(), "multi-node consolidation needs two candidates");
    }

    @Test
    void consolidationWaitsForConsolidateAfter() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "10m", "100%"), World.types(GENERAL),
                        World.capacity("on-demand")))
                .node("big", "m5.2xlarge", "on-demand", "a", c -> c.withStatus(c.status().withLastPodEventTime(World.NOW.minusSeconds(300))),
                        n -> n, World.pod("p", 500));
        assertTrue(single(w).isEmpty());
        DisruptionState later = w.state(World.NOW.plusSeconds(300));
        assertTrue(new SingleNodeConsolidation().compute(later, later.budgets(Reason.UNDERUTILIZED)).isPresent());
    }

    @Test
    void candidatesAreInterleavedAcrossPools() {
        List<Candidate> sorted = List.of(cand("a1", "a"), cand("a2", "a"), cand("a3", "a"), cand("b1", "b"));
        assertEquals(List.of("a1", "b1", "a2", "a3"), SingleNodeConsolidation.interleaved(sorted).stream().map(Candidate::name).toList());
    }

    private static Candidate cand(String name, String pool) {
        World w = new World().pool(World.pool(pool, World.disruption("WhenEmpty", "0s", "1"))).node(name, "m5.large", "on-demand", pool);
        return w.state(World.NOW).candidates.get(0);
    }
}
