package dev.jig.controller.disruption;

import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** The executor's state machine on a fake clock: taint, replace, wait, validate, delete; abort and untaint on anything else. */
class DisruptionControllerTest {

    private final SimulatedClock clock = new SimulatedClock(World.NOW);
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final List<TimelineEvent> events = new ArrayList<>();
    private final List<List<PlannedNodeClaim>> launched = new ArrayList<>();

    private DisruptionController controller(World w, Function<List<PlannedNodeClaim>, List<String>> launch) {
        w.pools.forEach(cluster::put);
        cluster.put(Fixtures.AL2023);
        w.nodes.forEach(cluster::register);
        w.claims.forEach(cluster::create);
        w.pods.forEach(cluster::put);
        return new DisruptionController(cluster, w.cloud, clock, events::add, Set::of, planned -> {
            launched.add(planned);
            return launch.apply(planned);
        });
    }

    private DisruptionController controller(World w) {
        return controller(w, planned -> List.of());
    }

    private Node node(String name) {
        return cluster.snapshot().nodes().stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
    }

    private NodeClaim claim(String name) {
        return cluster.snapshot().nodeClaims().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private boolean tainted(String node) {
        return node(node).taints().stream().anyMatch(t -> t.key().equals(TaintKeys.DISRUPTED) && t.effect().equals("NoSchedule"));
    }

    private void tick(DisruptionController c, Duration d) {
        clock.advance(d);
        c.reconcile();
    }

    /** Five drifted c5.large, each with a pod, in a pool whose budget allows three disruptions at once. */
    private static World fiveDrifted() {
        dev.jig.controller.model.Disruption d = new dev.jig.controller.model.Disruption("WhenEmpty", "Never", "720h",
                List.of(new dev.jig.controller.model.Disruption.Budget("3", null, null, List.of())));
        dev.jig.controller.model.NodePool before = World.pool("a", d, World.types("c5.large"), World.capacity("on-demand"));
        dev.jig.controller.model.NodePool after = new dev.jig.controller.model.NodePool("a", 10, java.util.Map.of("rolled", "1"), before.requirements(),
                List.of(), List.of(), "default", before.limits(), d);
        World w = new World().pool(after);
        for (int i = 0; i < 5; i++) {
            w.node("n" + i, "c5.large", "on-demand", "a", cl -> cl.withAnnotations(dev.jig.controller.model.NodePoolHash.annotations(before)), n -> n,
                    World.pod("p" + i, 1500));
        }
        return w;
    }

    /** Launch: a NodeClaim per planned one, not launched yet. */
    private Function<List<PlannedNodeClaim>, List<String>> creating() {
        return planned -> {
            List<String> names = new ArrayList<>();
            for (PlannedNodeClaim p : planned) {
                String name = "r" + launched.size() + "-" + names.size();
                cluster.create(new NodeClaim(name, "a", "default", java.util.Map.of(), List.of(), dev.jig.api.karpenter.ResourceList.ZERO,
                        List.of(), List.of(), clock.instant(), false, null));
                names.add(name);
            }
            return names;
        };
    }

    @Test
    void commandsRunInParallelAsFarAsTheBudgetAllows() {
        DisruptionController c = controller(fiveDrifted(), creating());
        for (int i = 0; i < 6; i++) tick(c, Duration.ofSeconds(1));
        assertThat(c.inFlight()).as("a drift budget of 3 keeps three nodes rolling").isEqualTo(3);
        assertThat(List.of("n0", "n1", "n2", "n3", "n4").stream().filter(this::tainted).count()).isEqualTo(3);
        assertThat(launched).hasSize(3);
        assertThat(events).extracting(TimelineEvent::message).filteredOn(m -> m.startsWith("decided Drifted/drift")).hasSize(3);
    }

    @Test
    void eachCommandInFlightIsValidatedAndAbortedOnItsOwn() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmpty", "0s", "100%"), World.types("c5.large"), World.capacity("on-demand")))
                .node("e1", "c5.large", "on-demand", "a")
                .node("e2", "c5.large", "on-demand", "a");
        dev.jig.controller.model.Disruption oneAtATime = new dev.jig.controller.model.Disruption("WhenEmpty", "0s", "720h",
                List.of(new dev.jig.controller.model.Disruption.Budget("1", null, null, List.of())));
        w.pools.set(0, World.pool("a", oneAtATime, World.types("c5.large"), World.capacity("on-demand")));
        DisruptionController c = controller(w);
        c.reconcile();
        tick(c, Duration.ofSeconds(1));
        assertThat(c.inFlight()).as("an Empty budget of 1: the second node waits").isEqualTo(1);
        String first = tainted("e1") ? "e1" : "e2";
        String second = first.equals("e1") ? "e2" : "e1";
        cluster.put(World.pod("late", 100).with().nodeName(first).build());
        tick(c, DisruptionController.VALIDATION);
        assertThat(claim(first).deleting()).isFalse();
        assertThat(tainted(first)).isFalse();
        for (int i = 0; i < 12; i++) tick(c, Duration.ofSeconds(1));
        assertThat(tainted(second)).as("after the abort, the budget is free for the other node").isTrue();
        tick(c, DisruptionController.VALIDATION);
        assertThat(claim(second).deleting()).isTrue();
    }

    private static World emptyAndBusy() {
        return new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("c5.large", "m5.large"),
                        World.capacity("on-demand")))
                .node("empty", "c5.large", "on-demand", "a")
                .node("busy", "c5.large", "on-demand", "a", World.pod("p", 1500));
    }

    @Test
    void anEmptyNodeIsTaintedThenDeletedAfterTheValidationPeriod() {
        DisruptionController c = controller(emptyAndBusy());
        c.reconcile();
        assertThat(tainted("empty")).isTrue();
        assertThat(c.busy()).isTrue();
        tick(c, Duration.ofSeconds(14));
        assertThat(claim("empty").deleting()).as("not before 15 s").isFalse();
        tick(c, Duration.ofSeconds(1));
        assertThat(claim("empty").deleting()).isTrue();
        assertThat(claim("busy").deleting()).isFalse();
        assertThat(c.busy()).isFalse();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("decided Empty/emptiness: delete [empty]"))
                .anySatisfy(m -> assertThat(m).startsWith("executed emptiness").contains("saving $0.0850/h"));
    }

    @Test
    void aPodThatArrivesBeforeValidationAbortsTheCommandAndUntaintsTheNode() {
        DisruptionController c = controller(emptyAndBusy());
        c.reconcile();
        assertThat(tainted("empty")).isTrue();
        cluster.put(World.pod("tolerant", 100).with().nodeName("empty").build());
        tick(c, DisruptionController.VALIDATION);
        assertThat(claim("empty").deleting()).isFalse();
        assertThat(tainted("empty")).isFalse();
        assertThat(c.busy()).isFalse();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("aborted").contains("arrived on empty"));
    }

    private static World underutilized() {
        return new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("c5.large", "m5.large"),
                        World.capacity("on-demand")))
                .node("big", "m5.large", "on-demand", "a", World.pod("p", 100));
    }

    @Test
    void aReplacementIsLaunchedAndInitializedBeforeTheCandidateIsDeleted() {
        World w = underutilized();
        List<String> names = List.of("big");
        DisruptionController c = controller(w, planned -> {
            NodeClaim template = claim(names.get(0));
            cluster.create(new NodeClaim("replacement", "a", "default", template.labels(), List.of(), template.requests(), List.of(), List.of(),
                    clock.instant(), false, null));
            return List.of("replacement");
        });
        c.reconcile();
        assertThat(launched).singleElement().satisfies(p -> assertThat(p).singleElement()
                .satisfies(r -> assertThat(r.cheapest().type().name()).isEqualTo("c5.large")));
        assertThat(tainted("big")).isTrue();
        tick(c, Duration.ofMinutes(2));
        assertThat(claim("big").deleting()).as("the replacement is not initialized").isFalse();
        NodeClaim r = claim("replacement");
        NodeClaim.Status st = new NodeClaim.Status("sim:///x/r", "c5.large", World.ZONE, "on-demand", 0.085,
                claim("big").status().capacity(), claim("big").status().allocatable(), null, List.of());
        for (String cond : List.of(NodeClaim.LAUNCHED, NodeClaim.REGISTERED, NodeClaim.INITIALIZED)) st = NodeClaim.condition(st, cond, true, cond, "", clock.instant());
        cluster.update(r.withStatus(st));
        tick(c, Duration.ofSeconds(1));
        tick(c, Duration.ofSeconds(14));
        assertThat(claim("big").deleting()).isFalse();
        tick(c, Duration.ofSeconds(1));
        assertThat(claim("big").deleting()).isTrue();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).contains("after [replacement] initialized", "saving $0.0110/h"));
    }

    @Test
    void aRestartInTheMiddleOfAReplacementUntaintsTheCandidateAndDeletesNothing() {
        World w = underutilized();
        DisruptionController before = controller(w, planned -> {
            NodeClaim template = claim("big");
            cluster.create(new NodeClaim("replacement", "a", "default", template.labels(), List.of(), template.requests(), List.of(), List.of(),
                    clock.instant(), false, null));
            return List.of("replacement");
        });
        before.reconcile();
        assertThat(tainted("big")).isTrue();
        // the process dies here; a new controller starts on the same cluster with no memory of the command
        DisruptionController after = new DisruptionController(cluster, w.cloud, clock, events::add, () -> Set.of("replacement"), planned -> List.of());
        tick(after, Duration.ofSeconds(1));
        assertThat(tainted("big")).as("no command in flight names it").isFalse();
        assertThat(claim("big").deleting()).isFalse();
        assertThat(claim("replacement").deleting()).as("the replacement stays, for consolidation to judge").isFalse();
        assertThat(events).extracting(TimelineEvent::message).contains("untainted: no disruption in flight names it");
    }

    @Test
    void aReplacementTheCacheHasNotShownYetIsWaitedForAWhileNotTakenForGone() {
        // created, but the watch has not delivered it (a stalled or lagging informer): the command waits for it
        DisruptionController c = controller(underutilized(), planned -> List.of("replacement"));
        c.reconcile();
        tick(c, DisruptionController.CACHE_LAG.minusSeconds(1));
        assertThat(tainted("big")).isTrue();
        assertThat(c.busy()).isTrue();
        assertThat(events).extracting(TimelineEvent::message).noneMatch(m -> m.startsWith("aborted"));
        // never shown: gone after all
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("big")).isFalse();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("aborted").endsWith("replacement replacement is gone"));
    }

    @Test
    void aReplacementShownOnceThenMissingIsGoneAtOnce() {
        DisruptionController c = controller(underutilized(), planned -> {
            cluster.create(new NodeClaim("replacement", "a", "default", java.util.Map.of(), List.of(), dev.jig.api.karpenter.ResourceList.ZERO,
                    List.of(), List.of(), clock.instant(), false, null));
            return List.of("replacement");
        });
        c.reconcile();
        tick(c, Duration.ofSeconds(1));
        cluster.delete(claim("replacement"));
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("big")).isFalse();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("aborted").endsWith("is gone"));
    }

    @Test
    void aReplacementThatCannotBeCreatedAbortsAndUntaints() {
        DisruptionController c = controller(underutilized(), planned -> List.of());
        c.reconcile();
        assertThat(launched).hasSize(1);
        assertThat(tainted("big")).isFalse();
        assertThat(c.busy()).isFalse();
        assertThat(claim("big").deleting()).isFalse();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("aborted").contains("only 0 of 1 replacements"));
    }

    @Test
    void aReplacementThatNeverInitializesIsAbandonedAndTheCandidateUntainted() {
        DisruptionController c = controller(underutilized(), planned -> {
            cluster.create(new NodeClaim("replacement", "a", "default", java.util.Map.of(), List.of(), dev.jig.api.karpenter.ResourceList.ZERO,
                    List.of(), List.of(), clock.instant(), false, null));
            return List.of("replacement");
        });
        c.reconcile();
        tick(c, DisruptionController.REPLACEMENT_TIMEOUT);
        assertThat(tainted("big")).isFalse();
        assertThat(claim("big").deleting()).isFalse();
        assertThat(c.busy()).isFalse();
    }

    @Test
    void aNodeLeftTaintedByAnEarlierRunIsUntainted() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmpty", "1h", "100%"), World.types("c5.large")))
                .node("left", "c5.large", "on-demand", "a", cl -> cl, n -> n.withTaints(List.of(DisruptionController.DISRUPTED)), World.pod("p", 100));
        DisruptionController c = controller(w);
        c.reconcile();
        assertThat(tainted("left")).isFalse();
        assertThat(events).extracting(TimelineEvent::message).contains("untainted: no disruption in flight names it");
    }

    @Test
    void anExpiredNodeIsDeletedAtOnce() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmpty", "1h", "100%"), World.types("c5.large")))
                .node("old", "c5.large", "on-demand", "a", World.pod("p", 100));
        clock.advance(Duration.ofDays(31));
        DisruptionController c = controller(w);
        c.reconcile();
        assertThat(claim("old").deleting()).isTrue();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("Expired"));
    }

    /** What the provisioner nominates, as the test sets it. */
    private final java.util.concurrent.atomic.AtomicReference<Set<String>> nominations = new java.util.concurrent.atomic.AtomicReference<>(Set.of("empty"));

    /** One empty node, in the cluster. */
    private World oneEmptyNode() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("c5.large", "m5.large"),
                        World.capacity("on-demand")))
                .node("empty", "c5.large", "on-demand", "a");
        w.pools.forEach(cluster::put);
        cluster.put(Fixtures.AL2023);
        w.nodes.forEach(cluster::register);
        w.claims.forEach(cluster::create);
        return w;
    }

    /**
     * A controller over one empty node whose provisioner nominates it until the test says otherwise; it passes on
     * every reconcile (no poll period), so that the nomination window alone decides when the node is free.
     */
    private DisruptionController nominatedOnce(boolean podPending) {
        World w = oneEmptyNode();
        if (podPending) cluster.put(Pod.of("default", "still-binding", dev.jig.api.karpenter.ResourceList.of(100, 128), java.util.Map.of()));
        return new DisruptionController(cluster, w.cloud, clock, events::add, nominations::get, planned -> List.of(), DisruptionMetrics.NONE,
                java.util.function.UnaryOperator.identity(), Duration.ZERO, new PassMemory());
    }

    @Test
    void whilePodsAreStillPendingANodeStaysNominatedForTheWindowAfterItsPlanLetGoOfIt() {
        DisruptionController c = nominatedOnce(true);
        c.reconcile();
        assertThat(tainted("empty")).as("nominated").isFalse();
        nominations.set(Set.of());
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("empty")).as("its plan let go, but a pod is still pending: the window holds it").isFalse();
        tick(c, Duration.ofSeconds(18));
        assertThat(tainted("empty")).isFalse();
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("empty")).as("20 s after the last nomination").isTrue();
    }

    @Test
    void aPodNominatedByPreemptionIsNotPendingSoItHoldsNoNodeInTheWindow() {
        World w = oneEmptyNode();
        cluster.put(Pod.of("default", "preemptor", dev.jig.api.karpenter.ResourceList.of(100, 128), java.util.Map.of()).with()
                .nominatedNodeName("elsewhere").build());
        dev.jig.controller.provisioning.Provisioner provisioner = new dev.jig.controller.provisioning.Provisioner(cluster, w.cloud,
                new dev.jig.controller.lifecycle.NodeClaimLifecycle(cluster, w.cloud, clock, events::add, true), clock, events::add,
                new dev.jig.controller.provisioning.NameGenerator(new java.util.Random(1)));
        DisruptionController c = new DisruptionController(cluster, w.cloud, clock, events::add, nominations::get, planned -> List.of(),
                DisruptionMetrics.NONE, provisioner::withForeignIgnored, Duration.ZERO, new PassMemory());
        c.reconcile();
        assertThat(tainted("empty")).as("nominated").isFalse();
        nominations.set(Set.of());
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("empty")).as("the only pending pod is preemption's: the provisioner does not plan it, so the window does not hold").isTrue();
    }

    @Test
    void withNoPodPendingANodeIsFreeAsSoonAsItsPlanLetsGoOfIt() {
        DisruptionController c = nominatedOnce(false);
        c.reconcile();
        assertThat(tainted("empty")).isFalse();
        nominations.set(Set.of());
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("empty")).isTrue();
    }

    @Test
    void aNominationMadeAndLetGoWhileACommandIsInFlightStillHoldsItsValidation() {
        nominations.set(Set.of());
        DisruptionController c = nominatedOnce(true);
        c.reconcile();
        assertThat(tainted("empty")).as("decided: nothing nominated it").isTrue();
        nominations.set(Set.of("empty"));
        tick(c, Duration.ofSeconds(5));
        nominations.set(Set.of());
        tick(c, Duration.ofSeconds(5));
        tick(c, Duration.ofSeconds(5));
        assertThat(claim("empty").deleting()).as("nominated 10 s before validation, within the 20 s window").isFalse();
        assertThat(tainted("empty")).isFalse();
        assertThat(events).extracting(TimelineEvent::message).anySatisfy(m -> assertThat(m).startsWith("aborted").endsWith("empty is nominated for pending pods"));
    }

    /**
     * Executes a replacement of {@code big} (its replacement {@code replacement} initialized at once), then evicts
     * {@code big}'s pod and puts {@code pending}, created in the same second (its creationTimestamp has whole seconds);
     * returns the controller a second after that. {@code skew} moves the execution off a whole second.
     */
    private DisruptionController replacedThenDrained(Pod pending) {
        return replacedThenDrained(pending, Duration.ZERO);
    }

    private DisruptionController replacedThenDrained(Pod pending, Duration skew) {
        DisruptionController c = controller(underutilized(), planned -> {
            World r = new World().node("replacement", "c5.large", "on-demand", "a");
            r.nodes.forEach(cluster::register);
            r.claims.forEach(cluster::create);
            return List.of("replacement");
        });
        c.reconcile();
        tick(c, Duration.ofSeconds(1));
        tick(c, DisruptionController.VALIDATION.plus(skew));
        assertThat(claim("big").deleting()).isTrue();
        cluster.deletePod(cluster.snapshot().pods().stream().filter(p -> "big".equals(p.nodeName())).findFirst().orElseThrow());
        cluster.put(pending.with().created(clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)).build());
        tick(c, Duration.ofSeconds(1));
        return c;
    }

    private boolean replacementDecidedEmpty() {
        return events.stream().anyMatch(e -> e.message().startsWith("decided Empty/emptiness: delete [replacement]"));
    }

    @Test
    void anUnrelatedUnschedulablePodInAnotherNamespaceDoesNotKeepAReplacementProtected() {
        replacedThenDrained(Pod.of("other", "stuck", dev.jig.api.karpenter.ResourceList.of(100_000, 128), java.util.Map.of()));
        assertThat(replacementDecidedEmpty()).as("the evicted pod is gone and no pod that may replace it is pending").isTrue();
    }

    @Test
    void aPendingSuccessorInTheDisplacedPodsNamespaceKeepsTheReplacementProtected() {
        DisruptionController c = replacedThenDrained(Pod.of("default", "p-successor", dev.jig.api.karpenter.ResourceList.of(100, 128), java.util.Map.of()));
        tick(c, Duration.ofSeconds(30));
        assertThat(replacementDecidedEmpty()).as("the new pod may be on its way to the replacement").isFalse();
    }

    @Test
    void aSuccessorCreatedInTheSecondOfTheExecutionCountsThoughItsTimestampHasWholeSeconds() {
        DisruptionController c = replacedThenDrained(Pod.of("default", "p-successor", dev.jig.api.karpenter.ResourceList.of(100, 128),
                java.util.Map.of()), Duration.ofMillis(500));
        tick(c, Duration.ofSeconds(30));
        assertThat(replacementDecidedEmpty()).as("created at the execution's second, not before the command").isFalse();
    }

    @Test
    void aPassThatFoundNothingLooksAgainOnlyAfterThePollPeriod() {
        World w = oneEmptyNode();
        DisruptionController c = new DisruptionController(cluster, w.cloud, clock, events::add, nominations::get, planned -> List.of());
        c.reconcile();
        assertThat(tainted("empty")).as("nominated").isFalse();
        nominations.set(Set.of());
        tick(c, DisruptionController.POLL_PERIOD.minusSeconds(1));
        assertThat(tainted("empty")).as("free now, but the next pass is not due").isFalse();
        tick(c, Duration.ofSeconds(1));
        assertThat(tainted("empty")).as("the poll period since the last pass").isTrue();
    }

    @Test
    void afterACommandIsExecutedTheNextPassComesAtOnce() {
        World w = new World().pool(World.pool("a", World.disruption("WhenEmpty", "0s", "100%"), World.types("c5.large")))
                .node("e1", "c5.large", "on-demand", "a");
        w.pools.forEach(cluster::put);
        cluster.put(Fixtures.AL2023);
        w.nodes.forEach(cluster::register);
        w.claims.forEach(cluster::create);
        List<DisruptionResult> passes = new ArrayList<>();
        DisruptionMetrics counting = new DisruptionMetrics() {
            @Override
            public void passed(DisruptionResult result) {
                passes.add(result);
            }

            @Override
            public void executed(Command command) {
            }

            @Override
            public void aborted(Command command) {
            }
        };
        DisruptionController c = new DisruptionController(cluster, w.cloud, clock, events::add, Set::of, planned -> List.of(), counting,
                java.util.function.UnaryOperator.identity());
        c.reconcile();
        assertThat(passes).hasSize(1);
        tick(c, DisruptionController.VALIDATION);
        assertThat(claim("e1").deleting()).as("the command executed").isTrue();
        tick(c, Duration.ofSeconds(1));
        assertThat(passes).as("the next pass came one second later, not a poll period later").hasSize(2);
        tick(c, Duration.ofSeconds(1));
        assertThat(passes).as("that one found nothing: the next waits the poll period").hasSize(2);
        tick(c, DisruptionController.POLL_PERIOD);
        assertThat(passes).hasSize(3);
    }

    @Test
    void itIsIdleOnlyOnceAPassHasSeenTheClusterAsItIsAndFoundNothing() {
        World w = oneEmptyNode();
        DisruptionController c = new DisruptionController(cluster, w.cloud, clock, events::add, nominations::get, planned -> List.of());
        assertThat(c.idle()).as("no pass yet").isFalse();
        c.reconcile();
        assertThat(c.idle()).as("nominated: nothing to do").isTrue();
        cluster.put(Pod.of("default", "new", dev.jig.api.karpenter.ResourceList.of(100, 128), java.util.Map.of()));
        assertThat(c.idle()).as("the cluster changed since the last pass").isFalse();
        tick(c, Duration.ofSeconds(1));
        assertThat(c.idle()).as("the next pass is not due yet").isFalse();
        tick(c, DisruptionController.POLL_PERIOD);
        assertThat(c.idle()).isTrue();
    }
}
