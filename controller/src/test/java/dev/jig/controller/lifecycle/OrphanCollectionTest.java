package dev.jig.controller.lifecycle;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.testing.ForwardingCloud;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

class OrphanCollectionTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30),
            new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, timeline::add);
    private final OrphanCollection gc = new OrphanCollection(cluster, cloud, clock, timeline::add);

    private NodeClaim claim(String name) {
        return new NodeClaim(name, "default", "default", Map.of(), List.of(req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large")),
                ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null);
    }

    @Test
    void anInstanceNoNodeClaimClaimsIsTerminatedOnceOlderThanTheGrace() {
        Instance orphan = cloud.create(claim("gone"), AL2023);
        gc.reconcile();
        assertThat(cloud.list()).hasSize(1);
        clock.advance(OrphanCollection.GRACE);
        gc.reconcile();
        assertThat(cloud.get(orphan.providerId())).isEmpty();
    }

    @Test
    void anInstanceTaggedWithANodeClaimWhoseLaunchHasNotReachedItsStatusStays() {
        cluster.put(AL2023);
        cluster.create(claim("c"));
        Instance launchedButNotYetSeen = cloud.create(claim("c"), AL2023);
        clock.advance(Duration.ofMinutes(5));
        gc.reconcile();
        assertThat(cloud.list()).containsExactly(launchedButNotYetSeen);
    }

    @Test
    void aSecondInstanceTaggedWithANodeClaimThatNamesAnotherIsAnOrphan() {
        cluster.put(AL2023);
        cluster.create(claim("c"));
        lifecycle.reconcile(cluster.snapshot());
        String own = cluster.snapshot().nodeClaims().get(0).status().providerId();
        // a launch whose status write was lost, launched again: the first instance runs under c's name, unclaimed
        Instance lost = cloud.create(claim("c"), AL2023);
        clock.advance(Duration.ofMinutes(5));
        gc.reconcile();
        assertThat(cloud.list()).extracting(Instance::providerId).containsExactly(own).doesNotContain(lost.providerId());
    }

    @Test
    void aLaunchedNodeClaimWhoseInstanceVanishedIsDeleted() {
        cluster.put(AL2023);
        cluster.create(claim("c"));
        lifecycle.reconcile(cluster.snapshot());
        cloud.delete(cluster.snapshot().nodeClaims().get(0).status().providerId());
        gc.reconcile();
        assertThat(cluster.snapshot().nodeClaims()).hasSize(1);
        clock.advance(OrphanCollection.GRACE);
        gc.reconcile();
        assertThat(cluster.snapshot().nodeClaims()).isEmpty();
    }

    @Test
    void aCloudThatCannotBeListedConcludesNothing() {
        cluster.put(AL2023);
        cluster.create(claim("c"));
        lifecycle.reconcile(cluster.snapshot());
        clock.advance(Duration.ofMinutes(5));
        new OrphanCollection(cluster, new ForwardingCloud(cloud) {
            @Override
            public List<Instance> list() {
                throw CloudOperationException.transientFailure("RequestLimitExceeded", null);
            }
        }, clock, timeline::add).reconcile();
        assertThat(cluster.snapshot().nodeClaims()).hasSize(1);
        assertThat(timeline).extracting(TimelineEvent::kind).contains(TimelineEvent.Kind.TERMINATION_FAILED);
    }
}
