package dev.jig.controller.disruption;

import dev.jig.controller.model.NodePoolHash;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.NodePool;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DriftTest {

    private static final Disruption NO_CONSOLIDATION = World.disruption("WhenEmpty", "Never", "100%");

    private static Optional<Command> drift(World w) {
        DisruptionState s = w.state(World.NOW);
        return new Drift().compute(s, s.budgets(Reason.DRIFTED));
    }

    private static World stamped(NodePool launchedFrom, NodePool now) {
        return new World().pool(now).node("n", "m5.large", "on-demand", now.name(),
                c -> c.withAnnotations(NodePoolHash.annotations(launchedFrom)), n -> n, World.pod("p", 500));
    }

    @Test
    void aChangedTemplateDriftsTheNodeAndItsPodsGetAReplacement() {
        NodePool before = World.pool("a", NO_CONSOLIDATION, World.types("m5.large"));
        NodePool after = new NodePool("a", 10, Map.of("team", "x"), before.requirements(), List.of(), List.of(), "default",
                before.limits(), before.disruption());
        Command c = drift(stamped(before, after)).orElseThrow();
        assertEquals(Reason.DRIFTED, c.reason());
        assertEquals(List.of("n"), World.names(c));
        assertEquals(1, c.replacements().size(), "its pod has nowhere else to go");
        assertEquals(DriftCheck.NODEPOOL_DRIFTED, DriftCheck.reason(stamped(before, after).state(World.NOW),
                stamped(before, after).state(World.NOW).candidates.get(0)).orElseThrow());
    }

    @Test
    void anUnchangedTemplateOrAHashOfAnotherVersionIsNotDrift() {
        NodePool pool = World.pool("a", NO_CONSOLIDATION, World.types("m5.large"));
        assertTrue(drift(stamped(pool, pool)).isEmpty());
        NodePool changed = new NodePool("a", 10, Map.of(), pool.requirements(), List.of(new Taint("k", "v", "NoSchedule")), List.of(),
                "default", pool.limits(), pool.disruption());
        Map<String, String> karpenters = new HashMap<>(NodePoolHash.annotations(pool));
        karpenters.put(Annotations.NODEPOOL_HASH_VERSION, "v3");
        World w = new World().pool(changed).node("n", "m5.large", "on-demand", "a", c -> c.withAnnotations(karpenters), n -> n);
        assertTrue(drift(w).isEmpty());
    }

    @Test
    void nodeLabelsOutsideThePoolsRequirementsAreDrift() {
        World w = new World().pool(World.pool("a", NO_CONSOLIDATION, World.types("c5.large", "c5.xlarge")))
                .node("m", "m5.large", "on-demand", "a", World.pod("p", 500));
        Command c = drift(w).orElseThrow();
        assertEquals(DriftCheck.REQUIREMENTS_DRIFTED, DriftCheck.reason(w.state(World.NOW), w.state(World.NOW).candidates.get(0)).orElseThrow());
        assertTrue(c.replacements().get(0).options().stream().allMatch(o -> o.type().name().startsWith("c5.")));
    }

    @Test
    void aNodeOfADeletedPoolDriftsUnderTheDefaultBudget() {
        World w = new World().pool(World.pool("b", NO_CONSOLIDATION)).node("orphan", "m5.large", "on-demand", "gone");
        Command c = drift(w).orElseThrow();
        assertEquals(List.of("orphan"), World.names(c));
        assertEquals(Command.Decision.DELETE, c.decision());
    }

    @Test
    void theDriftedBudgetHoldsButAnEmptyOnlyBudgetDoesNot() {
        NodePool before = World.pool("a", NO_CONSOLIDATION);
        Disruption frozen = new Disruption("WhenEmpty", "Never", "720h", List.of(new Disruption.Budget("0", null, null, List.of("Drifted"))));
        Disruption emptyFrozen = new Disruption("WhenEmpty", "Never", "720h", List.of(new Disruption.Budget("0", null, null, List.of("Empty"))));
        NodePool a = new NodePool("a", 10, Map.of("v", "2"), List.of(), List.of(), List.of(), "default", before.limits(), frozen);
        NodePool b = new NodePool("a", 10, Map.of("v", "2"), List.of(), List.of(), List.of(), "default", before.limits(), emptyFrozen);
        assertTrue(drift(stamped(before, a)).isEmpty());
        assertTrue(drift(stamped(before, b)).isPresent());
    }

    @Test
    void aDoNotDisruptPodBlocksDriftUnlessThePoolBoundsDraining() {
        Disruption bounded = new Disruption("WhenEmpty", "Never", "720h", List.of(new Disruption.Budget("100%", null, null, List.of())), "1h");
        for (Disruption d : List.of(NO_CONSOLIDATION, bounded)) {
            World w = new World().pool(World.pool("a", d, World.types("c5.large")))
                    .node("m", "m5.large", "on-demand", "a", World.pod("p", 500).with().annotation(Annotations.DO_NOT_DISRUPT, "true").build());
            Optional<Command> c = drift(w);
            if (d == bounded) {
                assertEquals(java.time.Duration.ofHours(1), c.orElseThrow().terminationGracePeriod());
            } else {
                assertTrue(c.isEmpty());
            }
        }
    }

    @Test
    void aNodeLaunchedFromAnotherNodeClassDriftsByTheCloudsVerdict() {
        World w = new World().pool(World.pool("a", NO_CONSOLIDATION, World.types("m5.large")))
                .node("n", "m5.large", "on-demand", "a", c -> new dev.jig.controller.model.NodeClaim(c.name(), c.nodePool(), "old-class",
                        c.labels(), c.requirements(), c.requests(), c.taints(), c.startupTaints(), c.created(), false, c.status()), n -> n);
        DisruptionState s = w.state(World.NOW);
        assertEquals("NodeClassDrift", DriftCheck.reason(s, s.candidates.get(0)).orElseThrow());
        assertTrue(drift(w).isPresent());
    }

    @Test
    void emptyDriftedNodesGoFirst() {
        World w = new World().pool(World.pool("a", NO_CONSOLIDATION, World.types("c5.large", "c5.xlarge")))
                .node("busy", "m5.large", "on-demand", "a", World.pod("p", 500))
                .node("idle", "m5.large", "on-demand", "a");
        assertEquals(List.of("idle"), World.names(drift(w).orElseThrow()));
    }
}
