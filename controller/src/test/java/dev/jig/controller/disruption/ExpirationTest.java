package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.PodDisruptionBudget;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpirationTest {

    @Test
    void anExpiredNodeGoesWhateverTheBudgetsAnnotationsAndPdbsSay() {
        Disruption d = new Disruption("WhenEmpty", "Never", "24h", List.of(new Disruption.Budget("0", null, null, List.of())), "2h");
        Instant old = World.NOW.minus(Duration.ofHours(25));
        World w = new World().pool(World.pool("a", d))
                .node("old", "m5.large", "on-demand", "a", c -> new dev.jig.controller.model.NodeClaim(c.name(), c.nodePool(), c.nodeClass(),
                                c.labels(), c.requirements(), c.requests(), c.taints(), c.startupTaints(), old, false, c.status(),
                                Map.of(Annotations.DO_NOT_DISRUPT, "true")),
                        n -> n, World.pod("p", 500).with().label("app", "p").build())
                .node("young", "m5.large", "on-demand", "a")
                .pdb(new PodDisruptionBudget("default", "p", LabelSelector.of(Map.of("app", "p")), 0));
        DisruptionResult r = w.run(World.NOW);
        assertEquals(1, r.expirations().size());
        Command c = r.expirations().get(0);
        assertEquals(List.of("old"), World.names(c));
        assertEquals(Reason.EXPIRED, c.reason());
        assertEquals(Duration.ofHours(2), c.terminationGracePeriod());
        assertTrue(r.command().isEmpty(), "the budget of 0 stops every voluntary method");
    }

    @Test
    void expireAfterNeverExpiresNothingAndAYoungNodeStays() {
        Disruption never = new Disruption("WhenEmpty", "Never", "Never", List.of());
        World w = new World().pool(World.pool("a", never)).node("n", "m5.large", "on-demand", "a");
        assertTrue(w.run(World.NOW.plus(Duration.ofDays(3650))).expirations().isEmpty());
        World young = new World().pool(World.pool("a", World.disruption("WhenEmpty", "Never", "100%"))).node("n", "m5.large", "on-demand", "a");
        assertTrue(young.run(World.NOW).expirations().isEmpty());
        assertEquals(1, young.run(World.NOW.plus(Duration.ofHours(719))).expirations().size());
    }

    @Test
    void anExpiringNodeIsLeftToExpirationByTheVoluntaryMethods() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmpty", "0s", "100%"))).node("n", "m5.large", "on-demand", "a");
        DisruptionResult r = w.run(World.NOW.plus(Duration.ofHours(720)));
        assertEquals(1, r.expirations().size());
        assertTrue(r.command().isEmpty(), "emptiness does not delete what expiration deletes");
    }
}
