package dev.jig.controller.disruption;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.karpenter.Annotations;
import dev.jig.controller.manifest.KarpenterManifests;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.DoNotDisrupt;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.NodePoolHash;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The differences an upstream replay found (issue 26), each held to Karpenter v1.14.1's behaviour in the pure core. */
class UpstreamParityTest {

    private static final Disruption DRIFT_ONLY = new Disruption("WhenEmpty", "Never", "720h",
            List.of(new Disruption.Budget("100%", null, null, List.of())), "1h");

    @Test
    void templateAnnotationsAreReadCarriedByTheNodeClaimAndPartOfTheDriftHash() throws Exception {
        JsonNode manifest = new ObjectMapper().readTree("""
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "a"},
                 "spec": {"template": {"metadata": {"annotations": {"karpenter.sh/do-not-disrupt": "true", "team": "x"}},
                                       "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
                                                "requirements": []}}}}""");
        NodePool pool = KarpenterManifests.nodePool(manifest);
        assertThat(pool.annotations()).containsEntry(Annotations.DO_NOT_DISRUPT, "true").containsEntry("team", "x");
        assertThat(NodePoolHash.annotations(pool)).containsEntry(Annotations.DO_NOT_DISRUPT, "true")
                .containsKeys(Annotations.NODEPOOL_HASH, Annotations.NODEPOOL_HASH_VERSION);

        NodePool changed = withAnnotations(pool, Map.of("team", "y"));
        assertThat(NodePoolHash.of(changed)).as("an annotation change drifts the nodes").isNotEqualTo(NodePoolHash.of(pool));
        NodePool bare = withAnnotations(pool, Map.of());
        assertThat(NodePoolHash.of(bare)).as("no annotations hash as before they were read")
                .isEqualTo(NodePoolHash.of(new NodePool(bare.name(), bare.weight(), bare.labels(), bare.requirements(), bare.taints(),
                        bare.startupTaints(), bare.nodeClassName(), bare.limits(), bare.disruption())));

        NodePool launchedFrom = withAnnotations(pool, Map.of("team", "x"));
        World w = new World().pool(changed).node("n", "m5.large", "on-demand", "a",
                c -> c.withAnnotations(NodePoolHash.annotations(launchedFrom)), n -> n, World.pod("p", 500));
        DisruptionState s = w.state(World.NOW);
        assertThat(DriftCheck.reason(s, s.candidates.get(0))).contains(DriftCheck.NODEPOOL_DRIFTED);
    }

    @Test
    void aTemplateDoNotDisruptAnnotationOnTheNodeClaimBlocksItsNode() {
        NodePool pool = withAnnotations(World.pool("a", World.disruption("WhenEmpty", "0s", "100%")), Map.of(Annotations.DO_NOT_DISRUPT, "true"));
        World w = new World().pool(pool).node("empty", "m5.large", "on-demand", "a", c -> c.withAnnotations(NodePoolHash.annotations(pool)), n -> n);
        assertThat(w.state(World.NOW).candidates).isEmpty();
        assertThat(w.run(World.NOW).command()).isEmpty();
    }

    @ParameterizedTest(name = "{0} on a pod started {1} min ago protects it: {2}")
    @CsvSource({
            "true, 600, true",
            "10m, 5, true",
            "10m, 10, false",
            "10m, 11, false",
            "1h30m, 89, true",
            "3m, 2, true",
            "0s, 0, false",
            "-5m, 0, false",
            "forever, 0, false",
            "false, 0, false",
            "300ms, 0, false",
    })
    void aPodsDoNotDisruptIsTrueOrAPositiveDurationFromItsStart(String value, long minutesAgo, boolean protectedNow) {
        Pod p = World.pod("web", 100).with().annotation(Annotations.DO_NOT_DISRUPT, value)
                .started(World.NOW.minus(Duration.ofMinutes(minutesAgo))).build();
        assertThat(DoNotDisrupt.active(p, World.NOW)).isEqualTo(protectedNow);
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%")))
                .node("n", "m5.large", "on-demand", "a", p);
        assertThat(w.state(World.NOW).graceful()).as("a graceful candidate").hasSize(protectedNow ? 0 : 1);
    }

    @Test
    void aDurationProtectsAPodNotStartedYetAndAnInvalidValueIsReported() {
        Pod notStarted = World.pod("web", 100).with().annotation(Annotations.DO_NOT_DISRUPT, "10m").build();
        assertThat(DoNotDisrupt.active(notStarted, World.NOW)).isTrue();
        assertThat(DoNotDisrupt.until(notStarted)).isNull();
        Pod started = notStarted.with().started(World.NOW).build();
        assertThat(DoNotDisrupt.until(started)).isEqualTo(World.NOW.plus(Duration.ofMinutes(10)));
        Pod invalid = World.pod("web", 100).with().annotation(Annotations.DO_NOT_DISRUPT, "soon").build();
        assertThat(DoNotDisrupt.invalid(invalid)).hasValueSatisfying(m -> assertThat(m).contains("\"soon\"").contains("protects nothing"));
        assertThat(DoNotDisrupt.invalid(started)).isEmpty();
    }

    @Test
    void onANodeOnlyTrueBlocksAsKarpentersNodeCheckReadsNoDuration() {
        assertThat(DoNotDisrupt.active(Map.of(Annotations.DO_NOT_DISRUPT, "true"))).isTrue();
        assertThat(DoNotDisrupt.active(Map.of(Annotations.DO_NOT_DISRUPT, "3m"))).isFalse();
        assertThat(DoNotDisrupt.active(Map.of())).isFalse();
    }

    @ParameterizedTest(name = "maxUnavailable {0} / minAvailable {1}: fully blocking {2}")
    @CsvSource({
            "0, , true",
            "0%, , true",
            ", 100%, true",
            "1, , false",
            "10%, , false",
            ", 3, false",
            ", 99%, false",
    })
    void aSpecThatNeverAllowsAnEvictionIsFullyBlocking(String maxUnavailable, String minAvailable, boolean fully) {
        assertThat(PodDisruptionBudget.fullyBlocking(maxUnavailable, minAvailable)).isEqualTo(fully);
    }

    @Test
    void aDriftedNodeWhosePodsAFullyBlockingPdbHoldsIsDeletedWithoutAReplacement() {
        NodePool before = World.pool("a", DRIFT_ONLY, World.types("m5.large"));
        NodePool after = withAnnotations(before, Map.of("rolled", "1"));
        Pod web = World.pod("web", 500).with().label("app", "web").build();
        World blocked = new World().pool(after).node("n", "m5.large", "on-demand", "a",
                        c -> c.withAnnotations(NodePoolHash.annotations(before)), n -> n, web)
                .pdb(new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0, true));
        Command c = blocked.run(World.NOW).command().orElseThrow();
        assertThat(c.reason()).isEqualTo(Reason.DRIFTED);
        assertThat(c.replacements()).as("capacity for pods that cannot leave would stand idle").isEmpty();

        World allowsLater = new World().pool(after).node("n", "m5.large", "on-demand", "a",
                        c2 -> c2.withAnnotations(NodePoolHash.annotations(before)), n -> n, web)
                .pdb(new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0, false));
        assertThat(allowsLater.run(World.NOW).command().orElseThrow().replacements())
                .as("a budget at 0 now but not by its spec: the pod will move, so it gets a place").hasSize(1);
    }

    @Test
    void consolidationDoesNotMovePodsOntoANodeStillInsideItsOwnConsolidateAfterWindow() {
        NodePool pool = World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "5m", "100%"), World.types("m5.large"),
                World.capacity("on-demand"));
        World w = new World().pool(pool)
                .node("old", "m5.large", "on-demand", "a", World.pod("p1", 500))
                .node("fresh", "m5.large", "on-demand", "a", c -> c.withStatus(c.status().withLastPodEventTime(World.NOW.minus(Duration.ofMinutes(1)))),
                        n -> n, World.pod("p2", 500));
        assertThat(w.run(World.NOW).command()).as("old's pod fits on fresh, whose window runs until +4m").isEmpty();
        Command later = w.run(World.NOW.plus(Duration.ofMinutes(4))).command().orElseThrow();
        assertThat(later.decision()).isEqualTo(Command.Decision.DELETE);
        assertThat(later.candidates()).hasSize(1);

        DisruptionState s = w.state(World.NOW);
        Candidate old = s.candidates.stream().filter(c -> c.name().equals("old")).findFirst().orElseThrow();
        assertThat(SchedulingSimulation.run(s, List.of(old), false).newClaims())
                .as("drift and provisioning simulations may use the cooling node").isEmpty();
        assertThat(SchedulingSimulation.run(s, List.of(old), true).newClaims()).as("consolidation's may not").hasSize(1);
    }

    @Test
    void driftTakesTheEarliestDriftedFirstAndEachPassMarksWhatDrifted() {
        NodePool before = World.pool("a", DRIFT_ONLY, World.types("m5.large"));
        NodePool after = withAnnotations(before, Map.of("rolled", "1"));
        World w = new World().pool(after)
                .node("older", "m5.large", "on-demand", "a", c -> drifted(c, before, World.NOW.minus(Duration.ofMinutes(1))), n -> n, World.pod("p1", 500))
                .node("newer", "m5.large", "on-demand", "a", c -> drifted(launchedAt(c, World.NOW.minus(Duration.ofMinutes(30))), before,
                        World.NOW.minus(Duration.ofMinutes(9))), n -> n, World.pod("p2", 500))
                .node("unmarked", "m5.large", "on-demand", "a", c -> c.withAnnotations(NodePoolHash.annotations(before)), n -> n, World.pod("p3", 500))
                .node("current", "m5.large", "on-demand", "a", c -> c.withAnnotations(NodePoolHash.annotations(after))
                        .withStatus(c.status().withCondition(Drift.DRIFTED, new NodeClaim.Condition(Drift.DRIFTED, "True", "NodePoolDrifted", "", World.NOW))),
                        n -> n, World.pod("p4", 500));
        DisruptionResult r = w.run(World.NOW);
        assertThat(World.names(r.command().orElseThrow())).as("drifted 9 minutes ago, though launched later").containsExactly("newer");
        assertThat(r.driftMarks()).extracting(DisruptionResult.DriftMark::claim).containsExactlyInAnyOrder("unmarked", "current");
        assertThat(r.driftMarks()).filteredOn(m -> m.claim().equals("unmarked")).singleElement()
                .satisfies(m -> assertThat(m.condition().reason()).isEqualTo(DriftCheck.NODEPOOL_DRIFTED))
                .satisfies(m -> assertThat(m.condition().lastTransitionTime()).isEqualTo(World.NOW));
        assertThat(r.driftMarks()).filteredOn(m -> m.claim().equals("current")).singleElement()
                .satisfies(m -> assertThat(m.condition()).as("no longer drifted: the condition goes").isNull());
    }

    private static NodeClaim launchedAt(NodeClaim c, java.time.Instant at) {
        return new NodeClaim(c.name(), c.nodePool(), c.nodeClass(), c.labels(), c.requirements(), c.requests(), c.taints(), c.startupTaints(), at,
                c.deleting(), c.status(), c.annotations(), c.finalizers());
    }

    private static NodeClaim drifted(NodeClaim c, NodePool launchedFrom, java.time.Instant since) {
        return c.withAnnotations(NodePoolHash.annotations(launchedFrom))
                .withStatus(c.status().withCondition(Drift.DRIFTED, new NodeClaim.Condition(Drift.DRIFTED, "True", "NodePoolDrifted", "", since)));
    }

    private static NodePool withAnnotations(NodePool p, Map<String, String> annotations) {
        return new NodePool(p.name(), p.weight(), p.labels(), p.requirements(), p.taints(), p.startupTaints(), p.nodeClassName(), p.limits(),
                p.disruption(), annotations);
    }
}
