package dev.jig.controller.lifecycle;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.testing.ForwardingCloud;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.jig.controller.model.Node;

import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

class NodeClaimLifecycleTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final UnavailableOfferings unavailable = new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL);
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private SimulatedCloud sim = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), unavailable);
    private final Flaky cloud = new Flaky();
    private final NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, timeline::add);

    /** The simulated cloud, with the next create or delete failing as told. */
    private final class Flaky extends ForwardingCloud {
        RuntimeException nextCreate;
        RuntimeException nextDelete;

        Flaky() {
            super(() -> sim);
        }

        @Override
        public Instance create(NodeClaim claim, NodeClass nodeClass) {
            RuntimeException e = nextCreate;
            nextCreate = null;
            if (e != null) throw e;
            return super.create(claim, nodeClass);
        }

        @Override
        public void delete(String providerId) {
            RuntimeException e = nextDelete;
            nextDelete = null;
            if (e != null) throw e;
            super.delete(providerId);
        }
    }

    private NodeClaim claim(Requirement... requirements) {
        NodeClaim c = new NodeClaim("c", "default", "default", Map.of(), List.of(requirements), ResourceList.of(0, 1024), List.of(),
                List.of(), clock.instant(), false, null);
        cluster.put(NodeClass.al2023("default"));
        cluster.create(c);
        return c;
    }

    private NodeClaim m5() {
        return claim(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large"));
    }

    private List<NodeClaim> claims() {
        return cluster.snapshot().nodeClaims();
    }

    private List<TimelineEvent> events(TimelineEvent.Kind kind) {
        return timeline.stream().filter(e -> e.kind() == kind).toList();
    }

    @Test
    void aNodeClassThatIsNotReadyDeletesTheNodeClaimSoItsPodsArePlannedAgain() {
        m5();
        sim.markNotReady("default", "no subnet matches its selector");
        assertThat(lifecycle.reconcile(cluster.snapshot())).isTrue();
        assertThat(claims()).isEmpty();
        assertThat(events(TimelineEvent.Kind.LAUNCH_FAILED)).singleElement().extracting(TimelineEvent::message).asString()
                .contains("not ready", "no subnet matches its selector");
    }

    @Test
    void aLostStatusWriteIsWrittenAgainAndARestartAdoptsTheInstanceInsteadOfLaunchingTwice() {
        m5();
        int[] failures = {1};
        dev.jig.controller.state.Cluster refusing = new dev.jig.controller.state.ForwardingCluster(cluster) {
            @Override
            public void update(NodeClaim claim) {
                if (failures[0]-- > 0) throw new IllegalStateException("HTTP 409 Conflict");
                super.update(claim);
            }
        };
        NodeClaimLifecycle flaky = new NodeClaimLifecycle(refusing, cloud, clock, timeline::add);
        flaky.reconcile(cluster.snapshot());
        assertThat(events(TimelineEvent.Kind.LAUNCH_FAILED)).anySatisfy(e -> assertThat(e.message()).contains("409").contains("will retry"));
        assertThat(sim.list()).hasSize(1);
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.launched()).isFalse());
        flaky.reconcile(cluster.snapshot());
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.status().providerId()).isEqualTo(sim.list().get(0).providerId()));
        assertThat(sim.list()).as("the status written again, nothing launched again").hasSize(1);

        // the same loss, then a restart: a new lifecycle knows nothing, and finds the instance by its NodeClaim's name
        cluster.delete(claims().get(0));
        sim.delete(sim.list().get(0).providerId());
        m5();
        failures[0] = 1;
        new NodeClaimLifecycle(refusing, cloud, clock, timeline::add).reconcile(cluster.snapshot());
        String first = sim.list().get(0).providerId();
        new NodeClaimLifecycle(cluster, cloud, clock, timeline::add).reconcile(cluster.snapshot());
        assertThat(sim.list()).extracting(Instance::providerId).containsExactly(first);
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.status().providerId()).isEqualTo(first));
    }

    @Test
    void aTransientLaunchFailureKeepsTheNodeClaimForTheNextReconcile() {
        m5();
        cloud.nextCreate = CloudOperationException.transientFailure("RequestLimitExceeded", null);
        assertThat(lifecycle.reconcile(cluster.snapshot())).isFalse();
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.launched()).isFalse());
        assertThat(events(TimelineEvent.Kind.LAUNCH_FAILED)).singleElement().extracting(TimelineEvent::message).asString()
                .contains("RequestLimitExceeded", "will retry");
        lifecycle.reconcile(cluster.snapshot());
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.launched()).isTrue());
    }

    @Test
    void anUnexpectedExceptionFromOneLaunchIsRecordedAndTheOtherNodeClaimsStillLaunch() {
        m5();
        NodeClaim good = new NodeClaim("d", "default", "default", Map.of(), List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In,
                "m5.large")), ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null);
        cluster.create(good);
        cloud.nextCreate = new IllegalArgumentException("AMI family WINDOWS2022 is not supported");
        assertThat(lifecycle.reconcile(cluster.snapshot())).isFalse();
        assertThat(claims()).extracting(NodeClaim::name, NodeClaim::launched).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("c", false), org.assertj.core.groups.Tuple.tuple("d", true));
        assertThat(events(TimelineEvent.Kind.LAUNCH_FAILED)).singleElement().extracting(TimelineEvent::message).asString()
                .contains("WINDOWS2022", "will retry");
        lifecycle.reconcile(cluster.snapshot());
        assertThat(claims()).allSatisfy(c -> assertThat(c.launched()).isTrue());
    }

    @Test
    void aPermanentLaunchFailureDeletesTheNodeClaim() {
        m5();
        cloud.nextCreate = CloudOperationException.permanentFailure("InvalidParameterValue", null);
        assertThat(lifecycle.reconcile(cluster.snapshot())).isTrue();
        assertThat(claims()).isEmpty();
        assertThat(sim.list()).isEmpty();
    }

    @Test
    void deletingANodeClaimWhoseInstanceIsAlreadyGoneSucceeds() {
        m5();
        lifecycle.reconcile(cluster.snapshot());
        NodeClaim launched = claims().get(0);
        sim.delete(launched.status().providerId());
        cluster.update(launched.markDeleting());
        assertThat(lifecycle.reconcile(cluster.snapshot())).isTrue();
        assertThat(claims()).isEmpty();
        assertThat(events(TimelineEvent.Kind.NODECLAIM_DELETED)).hasSize(1);
    }

    @Test
    void aFailedTerminationKeepsTheNodeClaimUntilTheInstanceIsGone() {
        m5();
        lifecycle.reconcile(cluster.snapshot());
        cluster.update(claims().get(0).markDeleting());
        cloud.nextDelete = CloudOperationException.transientFailure("RequestLimitExceeded", null);
        assertThat(lifecycle.reconcile(cluster.snapshot())).isFalse();
        assertThat(claims()).hasSize(1);
        assertThat(sim.list()).hasSize(1);
        assertThat(events(TimelineEvent.Kind.TERMINATION_FAILED)).hasSize(1);
        assertThat(lifecycle.reconcile(cluster.snapshot())).isTrue();
        assertThat(claims()).isEmpty();
        assertThat(sim.list()).isEmpty();
    }

    @Test
    void aNodeInALocalZoneIsLabelledWithTheRegionOfItsOffering() {
        sim = new SimulatedCloud(new InstanceTypeResolver(Catalog.bundled(), List.of("us-east-1-bos-1a"), false), clock,
                Duration.ofSeconds(30), unavailable);
        m5();
        lifecycle.reconcile(cluster.snapshot());
        NodeClaim launched = claims().get(0);
        assertThat(launched.labels()).containsEntry(WellKnownLabels.ZONE, "us-east-1-bos-1a")
                .containsEntry("topology.kubernetes.io/region", "us-east-1");
    }

    @Test
    void withALaunchPoolRegistrationIsWrittenByAWriterOnceWithoutHoldingTheReconcile() throws Exception {
        m5();
        java.util.concurrent.CountDownLatch open = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger edits = new java.util.concurrent.atomic.AtomicInteger();
        dev.jig.controller.state.Cluster slow = new dev.jig.controller.state.ForwardingCluster(cluster) {
            @Override
            public void editNode(String name, Map<String, String> labels, java.util.Set<String> removeTaintKeys, List<dev.jig.api.karpenter.Taint> addTaints) {
                edits.incrementAndGet();
                try {
                    open.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.editNode(name, labels, removeTaintKeys, addTaints);
            }
        };
        try (LaunchPool pool = LaunchPool.of(2)) {
            NodeClaimLifecycle run = new NodeClaimLifecycle(slow, cloud, clock, e -> { synchronized (timeline) { timeline.add(e); } }, false, pool);
            run.reconcile(cluster.snapshot());
            await(() -> claims().get(0).launched());
            NodeClaim launched = claims().get(0);
            cluster.register(new Node("n", launched.status().providerId(), Map.of(), List.of(), launched.status().capacity(),
                    launched.status().allocatable(), false, clock.instant()));
            long started = System.nanoTime();
            run.reconcile(cluster.snapshot());
            run.reconcile(cluster.snapshot());
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the reconciles did not wait for the write").isLessThan(Duration.ofSeconds(5));
            await(() -> edits.get() == 1);
            assertThat(claims().get(0).registered()).isFalse();
            open.countDown();
            await(() -> claims().get(0).registered());
            run.reconcile(cluster.snapshot());
            assertThat(edits.get()).as("one writer, once").isEqualTo(1);
            synchronized (timeline) {
                assertThat(events(TimelineEvent.Kind.REGISTERED)).hasSize(1);
            }
        }
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) throw new AssertionError("not within 10 s");
            Thread.sleep(10);
        }
    }
}
