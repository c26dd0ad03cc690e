package dev.jig.controller.termination;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.state.Eviction;
import dev.jig.controller.state.ForwardingCluster;
import dev.jig.controller.state.ObjectEvent;
import dev.jig.controller.testing.ForwardingCloud;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.pod;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

class TerminatorTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30),
            new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, timeline::add, true);
    private final Terminator terminator = new Terminator(cluster, cloud, clock, timeline::add);

    /** A launched NodeClaim whose Node {@code n1} registered. */
    private NodeClaim launched(String gracePeriod) {
        NodePool p = pool("default", req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large"));
        cluster.put(new NodePool(p.name(), p.weight(), p.labels(), p.requirements(), p.taints(), p.startupTaints(), p.nodeClassName(), p.limits(),
                new Disruption("WhenEmpty", "0s", "720h", List.of(), gracePeriod)));
        cluster.put(NodeClass.al2023("default"));
        cluster.create(new NodeClaim("c", "default", "default", Map.of(), List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large")),
                ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null));
        lifecycle.reconcile(cluster.snapshot());
        NodeClaim c = claim();
        cluster.register(new Node("n1", c.status().providerId(), Map.of(), List.of(), c.status().capacity(), c.status().allocatable(), true, clock.instant()));
        return c;
    }

    private NodeClaim claim() {
        return cluster.snapshot().nodeClaims().stream().findFirst().orElse(null);
    }

    private Node node() {
        return cluster.snapshot().nodes().stream().findFirst().orElse(null);
    }

    private List<String> podsOnNode() {
        return cluster.snapshot().pods().stream().filter(p -> "n1".equals(p.nodeName())).map(Pod::name).toList();
    }

    private List<TimelineEvent> events(TimelineEvent.Kind kind) {
        return timeline.stream().filter(e -> e.kind() == kind).toList();
    }

    /** The NodeClaim {@code c} deleting, its node running pod {@code web} whose budget allows no disruption; returns the budget. */
    private PodDisruptionBudget drainBlockedByAZeroBudget() {
        NodeClaim c = launched(null);
        bind(pod("web", 100, 128).with().label("app", "web").build());
        PodDisruptionBudget zero = new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0);
        cluster.put(zero);
        cluster.delete(c);
        return zero;
    }

    private void bind(Pod p) {
        cluster.put(p.with().nodeName("n1").build());
    }

    private void reconcileUntilGone(int max) {
        for (int i = 0; i < max && claim() != null; i++) {
            terminator.reconcile();
            clock.advance(Duration.ofSeconds(1));
        }
    }

    @Test
    void theLifecyclePutsTheTerminationFinalizerOnTheNodeClaimsItLaunches() {
        assertThat(launched(null).finalizers()).containsExactly(Finalizers.TERMINATION);
    }

    @Test
    void deletionWaitsForTheTerminatorThenTaintsDrainsTerminatesAndRemovesTheFinalizer() {
        NodeClaim c = launched(null);
        bind(pod("web", 100, 128));
        bind(pod("ds", 10, 10).with().daemonSet(true).build());
        cluster.delete(c);
        lifecycle.reconcile(cluster.snapshot());
        assertThat(claim().deleting()).isTrue();
        assertThat(cloud.list()).hasSize(1);

        terminator.reconcile();
        assertThat(node().taints()).anyMatch(t -> t.key().equals(TaintKeys.DISRUPTED) && t.effect().equals("NoSchedule"));
        assertThat(podsOnNode()).containsExactly("ds");
        assertThat(cloud.list()).hasSize(1);

        terminator.reconcile();
        assertThat(cloud.list()).as("drained, but the drain began less than MinDrainTime ago").hasSize(1);
        clock.advance(Terminator.MIN_DRAIN_TIME.minusSeconds(1));
        terminator.reconcile();
        assertThat(cloud.list()).as("4 s after the drain began").hasSize(1);
        clock.advance(Duration.ofSeconds(1));
        terminator.reconcile();
        assertThat(cloud.list()).isEmpty();
        assertThat(claim()).isNotNull();
        assertThat(events(TimelineEvent.Kind.INSTANCE_TERMINATING)).hasSize(1);

        terminator.reconcile();
        assertThat(claim()).isNull();
        assertThat(node()).isNull();
        assertThat(events(TimelineEvent.Kind.NODECLAIM_DELETED)).hasSize(1);
    }

    @Test
    void criticalPodsAreEvictedOnlyAfterTheOthersLeft() {
        NodeClaim c = launched(null);
        bind(pod("dns", 100, 128).with().priority(2_000_000_000).build());
        bind(pod("web", 100, 128));
        cluster.delete(c);
        terminator.reconcile();
        assertThat(podsOnNode()).containsExactly("dns");
        terminator.reconcile();
        assertThat(podsOnNode()).isEmpty();
    }

    @Test
    void aBudgetThatAllowsNoDisruptionHoldsTheInstanceAndIsRetriedWithBackoff() {
        PodDisruptionBudget zero = drainBlockedByAZeroBudget();
        // the plan sees the empty budget and does not call the Eviction API; the instance stays
        for (int i = 0; i < 5; i++) terminator.reconcile();
        assertThat(podsOnNode()).containsExactly("web");
        assertThat(cloud.list()).hasSize(1);
        assertThat(cluster.events()).as("one Event for the five rounds").singleElement().satisfies(e -> {
            assertThat(e.reason()).isEqualTo("EvictionBlocked");
            assertThat(e.name()).isEqualTo("web");
            assertThat(e.message()).isEqualTo("Cannot evict pod while draining node n1: PodDisruptionBudget default/web allows no disruption");
        });
        assertThat(events(TimelineEvent.Kind.EVICTION_BLOCKED)).as("the timeline names the hold once, with the Event, not every round")
                .singleElement().satisfies(e -> {
                    assertThat(e.subject()).isEqualTo("default/web");
                    assertThat(e.message()).isEqualTo("PodDisruptionBudget default/web allows no disruption; waiting");
                });

        cluster.put(new PodDisruptionBudget("default", "web", zero.selector(), 1));
        reconcileUntilGone(10);
        assertThat(claim()).isNull();
        assertThat(events(TimelineEvent.Kind.POD_EVICTED)).hasSize(1);
    }

    @Test
    void aBlockedDrainIsRequeuedOnItsOwnYetResumesInTheReconcileAfterTheClusterChanged() {
        PodDisruptionBudget zero = drainBlockedByAZeroBudget();
        for (int i = 0; i < 3; i++) {
            terminator.reconcile();
            clock.advance(Duration.ofSeconds(1));
        }
        assertThat(podsOnNode()).containsExactly("web");
        // the budget's status changes: a new generation, so the requeued NodeClaim is stepped at once, not after its wait
        cluster.put(new PodDisruptionBudget("default", "web", zero.selector(), 1));
        terminator.reconcile();
        assertThat(events(TimelineEvent.Kind.POD_EVICTED)).hasSize(1);
        assertThat(podsOnNode()).isEmpty();
    }

    @Test
    void evictionsForOneNodeClaimSpendTheBudgetForTheNextOnesInTheSameReconcile() {
        NodePool p = pool("default", req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large"));
        cluster.put(p);
        cluster.put(NodeClass.al2023("default"));
        for (int i = 1; i <= 4; i++) {
            cluster.create(new NodeClaim("c" + i, "default", "default", Map.of(), List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large")),
                    ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null));
        }
        lifecycle.reconcile(cluster.snapshot());
        for (NodeClaim c : cluster.snapshot().nodeClaims()) {
            String node = "n" + c.name().substring(1);
            cluster.register(new Node(node, c.status().providerId(), Map.of(), List.of(), c.status().capacity(), c.status().allocatable(), true, clock.instant()));
            cluster.put(pod("web-" + node, 100, 128).with().label("app", "web").nodeName(node).build());
            cluster.delete(c);
        }
        // maxUnavailable: 1 over four Ready pods: the status allows one disruption
        cluster.put(new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 1));

        terminator.reconcile();

        assertThat(events(TimelineEvent.Kind.POD_EVICTED)).hasSize(1);
        assertThat(cluster.snapshot().pods()).hasSize(3);
        assertThat(events(TimelineEvent.Kind.EVICTION_BLOCKED)).as("the other nodes' plans saw the spent allowance: no 429, no retry")
                .hasSize(3).allSatisfy(e -> assertThat(e.message()).isEqualTo("PodDisruptionBudget default/web allows no disruption; waiting"));
        assertThat(cluster.events()).filteredOn(e -> e.reason().equals("EvictionBlocked"))
                .allSatisfy(e -> assertThat(e.message()).endsWith("PodDisruptionBudget default/web allows no disruption"));
    }

    @Test
    void a429FromTheEvictionApiBacksOffPerPod() {
        List<Instant> attempts = new ArrayList<>();
        // the Eviction API refuses although the snapshot's budget allowed it (its status was stale)
        Terminator t = new Terminator(new ForwardingCluster(cluster) {
            @Override
            public Eviction evict(Pod pod) {
                attempts.add(clock.instant());
                return Eviction.blocked("429");
            }
        }, cloud, clock, timeline::add);
        NodeClaim c = launched(null);
        bind(pod("web", 100, 128));
        cluster.delete(c);
        for (int i = 0; i < 8; i++) {
            t.reconcile();
            clock.advance(Duration.ofSeconds(1));
        }
        // attempts at 0 s, then after 1 s, 2 s and 4 s of backoff
        assertThat(attempts).hasSize(4);
        assertThat(Duration.between(attempts.get(2), attempts.get(3))).isEqualTo(Duration.ofSeconds(4));
        assertThat(events(TimelineEvent.Kind.EVICTION_BLOCKED)).hasSize(4);
        assertThat(cloud.list()).hasSize(1);
    }

    @Test
    void anEvictedPodThatIsStillTerminatingIsNotAskedAgainAtOnce() {
        List<Instant> attempts = new ArrayList<>();
        Terminator t = new Terminator(new ForwardingCluster(cluster) {
            @Override
            public Eviction evict(Pod pod) {
                attempts.add(clock.instant());
                return Eviction.EVICTED; // accepted, but the pod takes its time to terminate
            }
        }, cloud, clock, timeline::add);
        NodeClaim c = launched(null);
        bind(pod("web", 100, 128));
        cluster.delete(c);
        for (int i = 0; i < 31; i++) {
            t.reconcile();
            clock.advance(Duration.ofSeconds(1));
        }
        assertThat(attempts).containsExactly(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:30Z"));
        assertThat(cloud.list()).hasSize(1);
    }

    @Test
    void blockedPodsAreDeletedTheirOwnGracePeriodBeforeTheNodesRunsOutAndTheInstanceGoes() {
        NodeClaim c = launched("60s");
        bind(pod("web", 100, 128).with().label("app", "web").build());
        bind(pod("quick", 100, 128).with().label("app", "web").terminationGracePeriodSeconds(0).build());
        cluster.put(new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0));
        cluster.delete(c);
        terminator.reconcile();
        clock.advance(Duration.ofSeconds(29));
        terminator.reconcile();
        assertThat(podsOnNode()).containsExactlyInAnyOrder("web", "quick");
        clock.advance(Duration.ofSeconds(1));
        terminator.reconcile();
        assertThat(podsOnNode()).as("60 s less web's default 30 s").containsExactly("quick");
        assertThat(events(TimelineEvent.Kind.POD_DELETED)).singleElement().satisfies(e -> assertThat(e.message())
                .isEqualTo("the termination grace period of c ends within the pod's own (30s)"));
        clock.advance(Duration.ofSeconds(29));
        terminator.reconcile();
        assertThat(podsOnNode()).containsExactly("quick");
        assertThat(cloud.list()).hasSize(1);
        clock.advance(Duration.ofSeconds(1));
        terminator.reconcile();
        assertThat(podsOnNode()).isEmpty();
        assertThat(events(TimelineEvent.Kind.POD_DELETED)).hasSize(2);
        reconcileUntilGone(5);
        assertThat(claim()).isNull();
    }

    /** A NodeClaim with a 60 s grace period and one do-not-disrupt pod (deleted at 30 s), deleted, reconciled each second for 40 s. */
    private void drainADoNotDisruptPodFor40Seconds(Terminator t) {
        NodeClaim c = launched("60s");
        bind(pod("web", 100, 128).with().annotation(dev.jig.api.karpenter.Annotations.DO_NOT_DISRUPT, "true").build());
        cluster.delete(c);
        for (int i = 0; i < 40; i++) {
            t.reconcile();
            clock.advance(Duration.ofSeconds(1));
        }
    }

    @Test
    void aPodDeletedForTheGracePeriodThatIsStillTerminatingIsNotDeletedAgain() {
        List<String> deletions = new ArrayList<>();
        Terminator t = new Terminator(new ForwardingCluster(cluster) {
            @Override
            public void deletePod(Pod pod) {
                deletions.add(pod.name()); // accepted; the pod terminates within its own grace period
            }
        }, cloud, clock, timeline::add);
        drainADoNotDisruptPodFor40Seconds(t);
        assertThat(deletions).containsExactly("web");
        assertThat(events(TimelineEvent.Kind.POD_DELETED)).hasSize(1);
    }

    @Test
    void aPodDeletionThatFailsIsTriedAgainOnTheNextReconcile() {
        List<String> deletions = new ArrayList<>();
        int[] failures = {1};
        Terminator t = new Terminator(new ForwardingCluster(cluster) {
            @Override
            public void deletePod(Pod pod) {
                deletions.add(pod.name());
                if (failures[0]-- > 0) throw new IllegalStateException("500 from a webhook");
            }
        }, cloud, clock, timeline::add);
        drainADoNotDisruptPodFor40Seconds(t);
        assertThat(deletions).as("failed at 30 s, asked again at 31 s, then left to terminate").containsExactly("web", "web");
        assertThat(events(TimelineEvent.Kind.TERMINATION_FAILED)).singleElement().satisfies(e -> assertThat(e.message()).contains("500 from a webhook"));
        assertThat(events(TimelineEvent.Kind.POD_DELETED)).hasSize(1);
    }

    @Test
    void aFailedInstanceDeletionIsReportedAndRetriedWithoutLosingTheNodeClaim() {
        NodeClaim c = launched(null);
        int[] failures = {1};
        Terminator t = new Terminator(cluster, new ForwardingCloud(cloud) {
            @Override
            public void delete(String providerId) {
                if (failures[0]-- > 0) throw CloudOperationException.transientFailure("RequestLimitExceeded", null);
                super.delete(providerId);
            }
        }, clock, timeline::add);
        cluster.delete(c);
        t.reconcile();
        clock.advance(Terminator.MIN_DRAIN_TIME);
        t.reconcile();
        assertThat(events(TimelineEvent.Kind.TERMINATION_FAILED)).hasSize(1);
        assertThat(claim()).isNotNull();
        for (int i = 0; i < 3 && claim() != null; i++) t.reconcile();
        assertThat(claim()).isNull();
        assertThat(cloud.list()).isEmpty();
    }

    @Test
    void aNodeClaimWithoutTheFinalizerIsLeftToTheLifecycle() {
        NodeClaimLifecycle plain = new NodeClaimLifecycle(cluster, cloud, clock, timeline::add);
        cluster.put(NodeClass.al2023("default"));
        cluster.create(new NodeClaim("c", "default", "default", Map.of(), List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large")),
                ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null));
        plain.reconcile(cluster.snapshot());
        cluster.update(claim().markDeleting());
        terminator.reconcile();
        assertThat(claim()).isNotNull();
        assertThat(cloud.list()).hasSize(1);
        plain.reconcile(cluster.snapshot());
        assertThat(claim()).isNull();
    }

    @Test
    void aNodeClaimThatNeverLaunchedLosesItsFinalizerAtOnce() {
        cluster.create(new NodeClaim("c", "default", "default", Map.of(), List.of(), ResourceList.of(0, 1024), List.of(), List.of(),
                clock.instant(), false, null).withFinalizer(Finalizers.TERMINATION));
        cluster.delete(claim());
        assertThat(claim().deleting()).isTrue();
        terminator.reconcile();
        assertThat(claim()).isNull();
    }

    @Test
    void aLaunchedNodeClaimWhoseNodeNeverRegisteredStillHasItsInstanceDeleted() {
        launched(null);
        cluster.removeNode("n1");
        cluster.delete(claim());
        reconcileUntilGone(3);
        assertThat(claim()).isNull();
        assertThat(cloud.list()).isEmpty();
    }

    @Test
    void backoffDoublesUpToItsCap() {
        assertThat(Terminator.delay(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(Terminator.delay(3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(Terminator.delay(40)).isEqualTo(Terminator.MAX_BACKOFF);
    }

    @Test
    void evictionsAndRefusalsAreEventsOnThePodARefusalRetriedForTenMinutesOnlyEveryFiveMinutes() {
        Terminator t = new Terminator(new ForwardingCluster(cluster) {
            @Override
            public Eviction evict(Pod pod) {
                return pod.name().equals("web") ? Eviction.blocked("PodDisruptionBudget default/web allows no disruption") : cluster.evict(pod);
            }
        }, cloud, clock, timeline::add);
        NodeClaim c = launched(null);
        bind(pod("web", 100, 128));
        bind(pod("batch", 100, 128));
        cluster.delete(c);
        for (int i = 0; i < 600; i++) {
            t.reconcile();
            clock.advance(Duration.ofSeconds(1));
        }
        assertThat(events(TimelineEvent.Kind.EVICTION_BLOCKED)).as("retried with backoff all along").hasSizeGreaterThan(20);
        List<ObjectEvent> blocked = cluster.events().stream().filter(e -> e.reason().equals("EvictionBlocked")).toList();
        assertThat(blocked).as("once at first, once again after five minutes").hasSize(2).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo(ObjectEvent.POD);
            assertThat(e.namespace()).isEqualTo("default");
            assertThat(e.name()).isEqualTo("web");
            assertThat(e.type()).isEqualTo(ObjectEvent.WARNING);
            assertThat(e.message()).isEqualTo("Cannot evict pod while draining node n1: PodDisruptionBudget default/web allows no disruption");
        });
        assertThat(cluster.events()).filteredOn(e -> e.reason().equals("Evicted")).singleElement().satisfies(e -> {
            assertThat(e.name()).isEqualTo("batch");
            assertThat(e.type()).isEqualTo(ObjectEvent.NORMAL);
            assertThat(e.message()).isEqualTo("Evicted pod: draining node n1");
        });
    }
}
