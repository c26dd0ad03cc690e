package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CandidateSelectionTest {

    private static World world() {
        return new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%")));
    }

    private static Blocked.Why why(DisruptionState s, String node) {
        return s.blocked.stream().filter(b -> b.node().equals(node)).findFirst().map(Blocked::why).orElse(null);
    }

    @Test
    void nodesThatAreNotCandidatesSayWhy() {
        World w = world()
                .node("ok", "m5.large", "on-demand", "a")
                .node("deleting", "m5.large", "on-demand", "a", NodeClaim::markDeleting, n -> n)
                .node("booting", "m5.large", "on-demand", "a",
                        c -> c.withStatus(NodeClaim.condition(c.status(), NodeClaim.INITIALIZED, false, "", "", World.NOW)), n -> n)
                .node("pinned", "m5.large", "on-demand", "a", c -> c,
                        n -> new dev.jig.controller.model.Node(n.name(), n.providerId(), n.labels(), n.taints(), n.capacity(), n.allocatable(),
                                n.ready(), n.created(), Map.of(Annotations.DO_NOT_DISRUPT, "true")))
                .node("claimpinned", "m5.large", "on-demand", "a", c -> c.withAnnotations(Map.of(Annotations.DO_NOT_DISRUPT, "true")), n -> n)
                .node("nominated", "m5.large", "on-demand", "a");
        DisruptionState s = new DisruptionState(w.snapshot(), World.NOW, w.cloud, Set.of("nominated"));
        assertEquals(List.of("ok"), s.candidates.stream().map(Candidate::name).toList());
        assertEquals(Blocked.Why.DELETING, why(s, "deleting"));
        assertEquals(Blocked.Why.NOT_INITIALIZED, why(s, "booting"));
        assertEquals(Blocked.Why.NODE_DO_NOT_DISRUPT, why(s, "pinned"));
        assertEquals(Blocked.Why.NODE_DO_NOT_DISRUPT, why(s, "claimpinned"));
        assertEquals(Blocked.Why.NOMINATED, why(s, "nominated"));
        assertNull(why(s, "ok"));
    }

    @Test
    void aDoNotDisruptPodBlocksGracefulDisruptionAndIsNamed() {
        World w = world().node("n", "m5.large", "on-demand", "a",
                World.pod("keep", 100).with().annotation(Annotations.DO_NOT_DISRUPT, "true").build());
        DisruptionState s = w.state(World.NOW);
        assertEquals(Blocked.Why.POD_DO_NOT_DISRUPT, why(s, "n"));
        assertEquals("default/keep", s.blocked.get(0).subject());
        assertTrue(s.graceful().isEmpty());
        assertTrue(w.run(World.NOW).command().isEmpty());
    }

    @Test
    void aPdbThatAllowsNoDisruptionBlocksAndOneThatAllowsSomeDoesNot() {
        for (int allowed : new int[] {0, 1}) {
            World w = world().node("n", "m5.large", "on-demand", "a", World.pod("web", 100).with().label("app", "web").build())
                    .pdb(new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), allowed))
                    .pdb(new PodDisruptionBudget("other", "web", LabelSelector.of(Map.of("app", "web")), 0));
            DisruptionState s = w.state(World.NOW);
            assertEquals(allowed == 0 ? Blocked.Why.PDB : null, why(s, "n"), "disruptionsAllowed " + allowed);
            if (allowed == 0) assertEquals("default/web", s.blocked.get(0).subject());
        }
    }

    @Test
    void twoPdbsCoveringOnePodBlockButAPodThatToleratesTheDisruptedTaintIsNotEvicted() {
        World two = world().node("n", "m5.large", "on-demand", "a", World.pod("web", 100).with().label("app", "web").build())
                .pdb(new PodDisruptionBudget("default", "one", LabelSelector.of(Map.of("app", "web")), 5))
                .pdb(new PodDisruptionBudget("default", "two", LabelSelector.of(Map.of()), 5));
        assertEquals(Blocked.Why.PDB, why(two.state(World.NOW), "n"));
        World tolerant = world().node("n", "m5.large", "on-demand", "a",
                        World.pod("agent", 100).with().label("app", "agent").toleration(Toleration.exists("", "")).daemonSet(true).build())
                .pdb(new PodDisruptionBudget("default", "agent", LabelSelector.of(Map.of("app", "agent")), 0));
        assertNull(why(tolerant.state(World.NOW), "n"));
    }
}
