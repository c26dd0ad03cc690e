package dev.jig.controller.disruption;

import dev.jig.controller.model.NodePoolHash;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DisruptionPassTest {

    @Test
    void methodsRunInKarpentersOrderAndTheFirstThatActsWins() {
        NodePool pool = World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("c5.large", "c5.xlarge"));
        World w = new World().pool(pool)
                .node("empty", "c5.large", "on-demand", "a")
                .node("drifted", "m5.large", "on-demand", "a", World.pod("p", 500));
        Command first = w.run(World.NOW).command().orElseThrow();
        assertEquals(Command.Kind.EMPTINESS, first.kind());
        World noEmpty = new World().pool(pool).node("drifted", "m5.large", "on-demand", "a", World.pod("p", 500));
        assertEquals(Command.Kind.DRIFT, noEmpty.run(World.NOW).command().orElseThrow().kind());
    }

    @Test
    void aClusterWithNothingToDoGivesNoCommand() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("m5.large"),
                        World.capacity("on-demand")))
                .node("full", "m5.large", "on-demand", "a", World.pod("p", 1500));
        DisruptionResult r = w.run(World.NOW);
        assertTrue(r.command().isEmpty(), () -> r.command().orElseThrow().describe());
        assertTrue(r.expirations().isEmpty());
        assertTrue(r.blocked().isEmpty());
    }

    @Test
    void thePassIsAFunctionOfItsInputs() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"),
                World.types("m5.large", "m5.xlarge", "m5.2xlarge")));
        for (int i = 0; i < 4; i++) w.node("n" + i, "m5.2xlarge", "on-demand", "a", World.pod("p" + i, 700));
        assertEquals(w.run(World.NOW).command().orElseThrow().describe(), w.run(World.NOW).command().orElseThrow().describe());
    }

    @Test
    void disruptionCostWeighsPriorityDeletionCostAndLifetime() {
        Pod plain = World.pod("a", 100);
        assertEquals(1.0, DisruptionCost.evictionCost(plain), 1e-12);
        assertEquals(1.0 + 1.0, DisruptionCost.evictionCost(plain.with().priority(1 << 25).build()), 1e-12);
        assertEquals(1.0 + 0.5, DisruptionCost.evictionCost(plain.with().annotation(Annotations.POD_DELETION_COST, String.valueOf(1 << 26)).build()), 1e-12);
        assertEquals(1.0, DisruptionCost.evictionCost(plain.with().annotation(Annotations.POD_DELETION_COST, "lots").build()), 1e-12);
        assertEquals(10.0, DisruptionCost.evictionCost(plain.with().priority(1_000_000_000).build()), 1e-12);
        assertEquals(-10.0, DisruptionCost.evictionCost(plain.with().priority(Integer.MIN_VALUE).build()), 1e-12);
        Instant created = World.NOW.minus(Duration.ofHours(6));
        assertEquals(0.75, DisruptionCost.lifetimeRemaining(created, Duration.ofHours(24), World.NOW), 1e-12);
        assertEquals(1.5, DisruptionCost.disruptionCost(List.of(plain, plain), created, Duration.ofHours(24), World.NOW), 1e-12);
        assertEquals(0.0, DisruptionCost.lifetimeRemaining(created, Duration.ofHours(1), World.NOW), 1e-12);
        assertEquals(3.0, DisruptionCost.rescheduleCost(List.of(plain, plain, plain.with().priority(-(1 << 26)).build())), 1e-12);
    }

    @Test
    void thePoolHashCoversTheStaticTemplateOnlyAndTreatsListsAsSets() {
        Disruption d = World.disruption("WhenEmpty", "0s", "10%");
        Taint t1 = new Taint("a", "1", "NoSchedule");
        Taint t2 = new Taint("b", null, "NoExecute");
        NodePool p = new NodePool("p", 10, Map.of("team", "x"), List.of(), List.of(t1, t2), List.of(), "default", dev.jig.controller.model.Limits.NONE, d);
        NodePool reordered = new NodePool("p", 50, Map.of("team", "x"), List.of(dev.jig.controller.model.PoolRequirement.of(World.types("m5.large"))),
                List.of(t2, t1), List.of(), "default", dev.jig.controller.model.Limits.NONE, World.disruption("WhenEmptyOrUnderutilized", "5m", "0"));
        assertEquals(NodePoolHash.of(p), NodePoolHash.of(reordered), "weight, requirements, budgets and taint order are not template drift");
        NodePool relabelled = new NodePool("p", 10, Map.of("team", "y"), List.of(), List.of(t1, t2), List.of(), "default", dev.jig.controller.model.Limits.NONE, d);
        NodePool otherClass = new NodePool("p", 10, Map.of("team", "x"), List.of(), List.of(t1, t2), List.of(), "gpu", dev.jig.controller.model.Limits.NONE, d);
        assertNotEquals(NodePoolHash.of(p), NodePoolHash.of(relabelled));
        assertNotEquals(NodePoolHash.of(p), NodePoolHash.of(otherClass));
        assertEquals(NodePoolHash.VERSION, NodePoolHash.annotations(p).get(Annotations.NODEPOOL_HASH_VERSION));
    }
}
