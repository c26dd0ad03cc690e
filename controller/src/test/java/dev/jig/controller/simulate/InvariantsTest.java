package dev.jig.controller.simulate;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.disruption.DisruptionController;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;
import dev.jig.controller.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Each invariant breaks when it should, and look-alikes that are fine do not break it. */
class InvariantsTest {

    private static final Instant T0 = SimulatedWorld.START.plus(Duration.ofMinutes(10));
    private static final ResourceList FOUR_CPUS = ResourceList.of(4_000, 16_384);

    private final List<NodeClaim> claims = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final List<Pod> pods = new ArrayList<>();
    private final List<NodePool> pools = new ArrayList<>(List.of(pool("a", Limits.NONE, "100%")));
    private final Invariants invariants = new Invariants();

    private static NodePool pool(String name, Limits limits, String budget) {
        return new NodePool(name, 10, Map.of(), List.of(), List.of(), List.of(), "default", limits,
                new Disruption("WhenEmptyOrUnderutilized", "0s", "720h", List.of(new Disruption.Budget(budget, null, null, List.of()))));
    }

    /** A launched NodeClaim with a Ready node, initialized unless told not to. */
    private NodeClaim node(String name, boolean initialized, boolean deleting, dev.jig.api.karpenter.Taint... taints) {
        NodeClaim.Status status = new NodeClaim.Status("sim:///us-east-1a/" + name, "m5.xlarge", "us-east-1a", "on-demand", 0.192, FOUR_CPUS,
                FOUR_CPUS, name, List.of());
        status = NodeClaim.condition(status, NodeClaim.INITIALIZED, initialized, "", "", T0);
        NodeClaim c = new NodeClaim(name, "a", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(), T0, deleting, status);
        claims.add(c);
        nodes.add(new Node(name, status.providerId(), Map.of(), List.of(taints), FOUR_CPUS, FOUR_CPUS, true, T0));
        return c;
    }

    private ClusterSnapshot snapshot() {
        return new ClusterSnapshot(pods, nodes, claims, pools, Map.of("default", Fixtures.AL2023), List.of(), Optional.empty(), List.of());
    }

    private List<Instance> instancesOfClaims() {
        List<Instance> out = new ArrayList<>();
        for (NodeClaim c : claims) out.add(instance(c.status().providerId(), c.name()));
        return out;
    }

    private static Instance instance(String providerId, String claim) {
        var type = Fixtures.RESOLVER.resolve(Fixtures.AL2023, List.of("m5.xlarge")).get(0);
        return new Instance(providerId, claim, type, type.offering("us-east-1a", "on-demand"), T0, T0);
    }

    private List<String> rules() {
        return invariants.violations().stream().map(Invariants.Violation::rule).toList();
    }

    private void check(Instant at) {
        invariants.check(snapshot(), at, instancesOfClaims(), List.of(), Set.of(), List.of());
    }

    @Test
    void aPlaceablePodStillPendingLongAfterFaultsStoppedIsUnbound() {
        pods.add(Fixtures.pod("stuck", 100, 128));
        pods.add(Fixtures.pod("over-quota", 100, 128));
        Optional<Instant> calm = Optional.of(T0);
        java.util.function.Predicate<String> placeable = key -> !key.endsWith("over-quota");
        invariants.check(snapshot(), T0.minus(Duration.ofMinutes(30)), List.of(), List.of(), Set.of(), List.of(), calm, placeable);
        invariants.check(snapshot(), T0.plus(Invariants.BIND_WINDOW), List.of(), List.of(), Set.of(), List.of(), calm, placeable);
        assertThat(rules()).as("counted from when faults stopped, not from when the pod was first pending").isEmpty();
        invariants.check(snapshot(), T0.plus(Invariants.BIND_WINDOW).plusSeconds(1), List.of(), List.of(), Set.of(), List.of(), calm, placeable);
        assertThat(rules()).containsExactly(Invariants.UNBOUND);
        assertThat(invariants.violations().get(0).message()).contains("stuck").doesNotContain("over-quota");
    }

    @Test
    void whileFaultsLastForEverNoPodIsHeldToBeBound() {
        pods.add(Fixtures.pod("p", 100, 128));
        invariants.check(snapshot(), T0, List.of(), List.of(), Set.of(), List.of(), Optional.empty(), key -> true);
        invariants.check(snapshot(), T0.plus(Duration.ofHours(5)), List.of(), List.of(), Set.of(), List.of(), Optional.empty(), key -> true);
        assertThat(rules()).isEmpty();
    }

    @Test
    void nodeClaimsInFlightBeyondThePodsThatNeedThemAreARunaway() {
        for (int i = 0; i < 3; i++) pods.add(Fixtures.pod("p" + i, 100, 128));
        for (int i = 0; i < 6; i++) node("n" + i, false, false);
        check(T0);
        assertThat(rules()).isEmpty();
        node("n6", false, false);
        check(T0);
        assertThat(rules()).containsExactly(Invariants.RUNAWAY);
        assertThat(invariants.violations().get(0).message()).isEqualTo("7 NodeClaims in flight for 3 pods that need a place");
    }

    @Test
    void aPoolOverItsLimitBreaksItButADisruptionCandidateBesideItsReplacementDoesNot() {
        pools.set(0, pool("a", new Limits(8_000, Limits.UNLIMITED, Limits.UNLIMITED, Limits.UNLIMITED), "100%"));
        node("n1", true, false);
        node("n2", true, false);
        node("candidate", true, false, DisruptionController.DISRUPTED);
        check(T0);
        assertThat(rules()).isEmpty();
        node("n3", true, false);
        check(T0);
        assertThat(rules()).containsExactly(Invariants.LIMITS);
        assertThat(invariants.violations().get(0).message()).contains("12000m CPU over a limit of 8000m");
    }

    @Test
    void evictingAPodUnderAnActiveDoNotDisruptBreaksIt() {
        Pod held = Fixtures.pod("db", 100, 128).with().annotation(Annotations.DO_NOT_DISRUPT, "10m").started(T0.minus(Duration.ofMinutes(5))).build();
        Pod elapsed = held.with().name("old").started(T0.minus(Duration.ofMinutes(11))).build();
        invariants.check(snapshot(), T0, List.of(), List.of(elapsed), Set.of(), List.of());
        assertThat(rules()).isEmpty();
        invariants.check(snapshot(), T0, List.of(), List.of(held), Set.of(), List.of());
        assertThat(rules()).containsExactly(Invariants.DO_NOT_DISRUPT);
    }

    @Test
    void anInstanceWithoutANodeClaimOrANodeClaimWithoutAnInstanceMayNotOutliveTheWindow() {
        node("n1", true, false);
        List<Instance> withOrphan = new ArrayList<>(instancesOfClaims());
        withOrphan.add(instance("sim:///us-east-1a/orphan", "gone"));
        invariants.check(snapshot(), T0, withOrphan, List.of(), Set.of(), List.of());
        invariants.check(snapshot(), T0.plus(Invariants.LEAK_WINDOW).minusSeconds(1), withOrphan, List.of(), Set.of(), List.of());
        assertThat(rules()).isEmpty();
        invariants.check(snapshot(), T0.plus(Invariants.LEAK_WINDOW), withOrphan, List.of(), Set.of(), List.of());
        assertThat(rules()).containsExactly(Invariants.LEAKED_INSTANCE);

        Invariants other = new Invariants();
        other.check(snapshot(), T0, List.of(), List.of(), Set.of(), List.of());
        other.check(snapshot(), T0.plus(Invariants.LEAK_WINDOW), List.of(), List.of(), Set.of(), List.of());
        assertThat(other.violations()).singleElement().satisfies(v -> assertThat(v.message()).contains("NodeClaim n1 has had no instance"));
    }

    @Test
    void aDisruptedTaintWithNoCommandOrDeletionBehindItMayNotStay() {
        node("in-flight", true, false, DisruptionController.DISRUPTED);
        node("deleting", true, true, DisruptionController.DISRUPTED);
        node("stray", true, false, DisruptionController.DISRUPTED);
        for (Instant at : List.of(T0, T0.plus(Invariants.TAINT_WINDOW))) {
            invariants.check(snapshot(), at, instancesOfClaims(), List.of(), Set.of("in-flight"), List.of());
        }
        assertThat(invariants.violations()).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(Invariants.STRAY_TAINT);
            assertThat(v.message()).startsWith("node stray ");
        });
    }

    @Test
    void aDeletingNodeClaimWithNothingToDrainMustGo() {
        node("draining", true, true);
        pods.add(Fixtures.pod("web", 100, 128).with().nodeName("draining").build());
        node("drained", true, true);
        check(T0);
        check(T0.plus(Invariants.FINALIZER_WINDOW));
        assertThat(invariants.violations()).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(Invariants.STUCK_FINALIZER);
            assertThat(v.message()).startsWith("NodeClaim drained ");
        });
    }

    @Test
    void aVoluntaryDecisionBeyondThePoolsBudgetBreaksIt() {
        pools.set(0, pool("a", Limits.NONE, "1"));
        node("n1", true, true);
        node("n2", true, false);
        node("n3", true, false);
        TimelineEvent decided = new TimelineEvent(T0, TimelineEvent.Kind.DISRUPTION, "n2", "decided Underutilized/single-node-consolidation: delete [n2]");
        TimelineEvent expired = new TimelineEvent(T0, TimelineEvent.Kind.DISRUPTION, "n3", "decided Expired/expiration: delete [n3]");
        invariants.check(snapshot(), T0, instancesOfClaims(), List.of(), Set.of(), List.of(expired));
        assertThat(rules()).as("expiration is forceful: budgets do not apply").isEmpty();
        invariants.check(snapshot(), T0, instancesOfClaims(), List.of(), Set.of(), List.of(expired, decided));
        assertThat(rules()).containsExactly(Invariants.BUDGETS);
        assertThat(invariants.violations().get(0).message()).contains("2 nodes disrupting").contains("allows 1");
    }
}
