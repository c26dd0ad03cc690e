package dev.jig.controller.provisioning;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.simulate.SimulatedWorld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static dev.jig.controller.testing.Fixtures.ZONES;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;

class ProvisionerTest {

    private final SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, true, Duration.ofSeconds(30), Duration.ofSeconds(10));

    private void add(NodePool pool) {
        world.cluster().put(pool);
        world.cluster().put(NodeClass.al2023("default"));
    }

    private void pods(String prefix, int n, long cpu, long mib, Map<String, String> selector) {
        for (int i = 0; i < n; i++) world.cluster().put(Pod.of("default", prefix + "-" + i, ResourceList.of(cpu, mib), Map.of("app", prefix)).with().nodeSelector(selector).build());
    }

    private List<NodeClaim> claims() {
        return world.cluster().snapshot().nodeClaims();
    }

    @Test
    void aNodeClaimIsLaunchedRegisteredAndInitialized() {
        add(inflatePool());
        pods("inflate", 5, 0, 1024, Map.of("type", "karpenter"));
        world.tick();
        world.tick();
        assertThat(claims()).hasSize(1);
        NodeClaim launched = claims().get(0);
        assertThat(launched.launched()).isTrue();
        assertThat(launched.registered()).isFalse();
        assertThat(launched.status().instanceType()).isEqualTo("m5.large");
        world.waitUntilSettled(Duration.ofMinutes(5));
        NodeClaim done = claims().get(0);
        assertThat(done.registered()).isTrue();
        assertThat(done.initialized()).isTrue();
        assertThat(done.status().conditions()).extracting(NodeClaim.Condition::type)
                .contains(NodeClaim.LAUNCHED, NodeClaim.REGISTERED, NodeClaim.INITIALIZED, NodeClaim.READY);
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
        // the kube-scheduler binds as soon as the Node is Ready, before the controller's next reconcile initializes it
        assertThat(world.timeline()).extracting(TimelineEvent::kind).containsSubsequence(TimelineEvent.Kind.BATCH, TimelineEvent.Kind.NODECLAIM_CREATED,
                TimelineEvent.Kind.LAUNCHED, TimelineEvent.Kind.REGISTERED, TimelineEvent.Kind.POD_BOUND, TimelineEvent.Kind.INITIALIZED);
    }

    @Test
    void nodesCarryTheWellKnownLabelsAndThePoolsLabelsAndTaints() {
        NodePool tainted = pool("gpu", 10, Map.of("team", "ml"), List.of(new Taint("dedicated", "ml", "NoSchedule")), Limits.NONE);
        add(tainted);
        world.cluster().put(Pod.of("default", "p", ResourceList.of(500, 512), Map.of()).with()
                .toleration(new dev.jig.controller.model.Toleration("dedicated", "Equal", "ml", "NoSchedule")).build());
        world.waitUntilSettled(Duration.ofMinutes(5));
        Node node = world.cluster().snapshot().nodes().get(0);
        assertThat(node.labels()).containsKeys(WellKnownLabels.NODEPOOL, WellKnownLabels.CAPACITY_TYPE, WellKnownLabels.ZONE,
                WellKnownLabels.INSTANCE_TYPE, WellKnownLabels.ARCH, WellKnownLabels.OS, "kubernetes.io/hostname",
                WellKnownLabels.REGISTERED, WellKnownLabels.INITIALIZED);
        assertThat(node.labels()).containsEntry(WellKnownLabels.NODEPOOL, "gpu").containsEntry("team", "ml").containsEntry(WellKnownLabels.OS, "linux");
        assertThat(node.taints()).containsExactly(new Taint("dedicated", "ml", "NoSchedule"));
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
    }

    @Test
    void aCapacityErrorFallsBackToTheNextOfferingInTheSameLaunch() {
        add(inflatePool());
        world.cloud().injectCapacityError("m5.large", "*", "on-demand");
        pods("inflate", 5, 0, 1024, Map.of("type", "karpenter"));
        world.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(claims()).extracting(c -> c.status().instanceType()).containsExactly("r5.large");
    }

    @Test
    void noCapacityDeletesTheNodeClaimAndItsPodsAreTriedAgainAfterTheCacheExpires() {
        add(inflatePool());
        world.cloud().injectCapacityError("*", "*", "*");
        pods("inflate", 5, 0, 1024, Map.of("type", "karpenter"));
        world.runFor(Duration.ofSeconds(30));
        assertThat(world.timeline()).extracting(TimelineEvent::kind).contains(TimelineEvent.Kind.LAUNCH_FAILED, TimelineEvent.Kind.UNSCHEDULABLE);
        assertThat(claims()).isEmpty();
        world.cloud().clearCapacityErrors();
        world.runFor(Duration.ofMinutes(4));
        world.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(claims()).extracting(c -> c.status().instanceType()).containsExactly("m5.large");
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
    }

    @Test
    void theLaunchesOfNodeClaimsGoneAreForgottenWhileTheSimulationKeepsTheirHistory() {
        add(inflatePool());
        world.cloud().injectCapacityError("*", "*", "*");
        pods("inflate", 5, 0, 1024, Map.of("type", "karpenter"));
        world.runFor(Duration.ofSeconds(30));
        assertThat(claims()).isEmpty();
        assertThat(world.provisioner().launches()).as("the failed launches' NodeClaims are gone").isEmpty();
        int failed = world.launches().size();
        assertThat(failed).isPositive();
        world.cloud().clearCapacityErrors();
        world.runFor(Duration.ofMinutes(4));
        assertThat(world.provisioner().launches()).extracting(Provisioner.Launch::nodeClaim).containsExactlyElementsOf(
                claims().stream().map(NodeClaim::name).toList());
        assertThat(world.provisioner().launches()).allSatisfy(l -> assertThat(l.pricePerHour()).isPositive());
        assertThat(world.launches()).hasSize(failed + claims().size()).endsWith(world.provisioner().launches().toArray(Provisioner.Launch[]::new));
    }

    @Test
    void aNodeThatNeverRegistersIsDeletedAfterTheRegistrationTtl() {
        SimulatedWorld slow = new SimulatedWorld(Catalog.bundled(), ZONES, true, Duration.ofMinutes(30), Duration.ofSeconds(10));
        slow.cluster().put(inflatePool());
        slow.cluster().put(NodeClass.al2023("default"));
        slow.cluster().put(Pod.of("default", "p", ResourceList.of(0, 1024), Map.of()).with().nodeSelector("type", "karpenter").build());
        slow.runFor(Duration.ofMinutes(16));
        TimelineEvent timedOut = slow.timeline().stream()
                .filter(d -> d.kind() == TimelineEvent.Kind.NODECLAIM_DELETING && d.message().contains("did not register")).findFirst().orElseThrow();
        assertThat(slow.timeline()).as("the NodeClaim that timed out is the one deleted")
                .anyMatch(d -> d.kind() == TimelineEvent.Kind.NODECLAIM_DELETED && d.subject().equals(timedOut.subject()));
    }

    @Test
    void successiveBatchesNeverLaunchPastThePoolLimit() {
        add(pool("small", 10, Map.of(), List.of(), new Limits(8000, Limits.UNLIMITED, Limits.UNLIMITED, Limits.UNLIMITED)));
        for (int wave = 0; wave < 4; wave++) {
            pods("wave" + wave, 6, 1000, 512, Map.of());
            world.runFor(Duration.ofSeconds(3));
            assertThat(launchedCpu()).isLessThanOrEqualTo(8000);
        }
        world.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(launchedCpu()).isLessThanOrEqualTo(8000);
        assertThat(world.timeline()).anyMatch(d -> d.kind() == TimelineEvent.Kind.UNSCHEDULABLE && d.message().contains("JIG0604"));
    }

    @Test
    void concurrentProvisioningRunsNeverLaunchPastATenantQuota() throws Exception {
        NodePool a = pool("alpha-a", 20, Map.of(), List.of(), new Limits(16000, Limits.UNLIMITED, Limits.UNLIMITED, Limits.UNLIMITED));
        NodePool b = pool("alpha-b", 10, Map.of(), List.of(), new Limits(16000, Limits.UNLIMITED, Limits.UNLIMITED, Limits.UNLIMITED));
        add(a);
        add(b);
        world.cluster().tenancy(Tenancy.of("test", "jig.dev/tenant", "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of(new Tenancy.TenantEntry("alpha", false, List.of("default"),
                        new Quota(16000, 1_000_000, 0), List.of("alpha-a", "alpha-b")))));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<java.util.concurrent.Future<?>> runs = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            runs.add(pool.submit(() -> {
                start.await();
                pods("t" + thread, 4, 1500, 1024, Map.of());
                world.provisioner().provision();
                return null;
            }));
        }
        start.countDown();
        for (var f : runs) f.get(30, TimeUnit.SECONDS);
        pool.shutdown();
        assertThat(launchedCpu()).isLessThanOrEqualTo(16000);
        assertThat(claims()).isNotEmpty();
    }

    @Test
    void withoutATenancyInForceAPoolLabellingNodesByTheNodeKeyLaunchesNothing() {
        add(pool("beta-web", 10, Map.of(WellKnownLabels.NODE_TENANT, "beta"), List.of(), Limits.NONE));
        pods("web", 3, 500, 512, Map.of());
        world.tick();
        world.tick();
        assertThat(claims()).isEmpty();
    }

    @Test
    void withoutATenancyInForceAPoolLabelledForATenantLaunchesNothingUntilOneArrives() {
        add(pool("alpha-web", 10, Map.of(WellKnownLabels.JIG_TENANT, "alpha"), List.of(), Limits.NONE));
        pods("web", 3, 500, 512, Map.of());
        world.tick();
        world.tick();
        assertThat(claims()).isEmpty();
        world.cluster().tenancy(Tenancy.of("test", WellKnownLabels.JIG_TENANT, "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of(new Tenancy.TenantEntry("alpha", false, List.of("default"),
                        new Quota(16000, 1_000_000, 0), List.of("alpha-web")))));
        world.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(claims()).isNotEmpty();
    }

    @Test
    void podsDisplacedByTheKubeSchedulerArePlannedAgainAtOnceNotAfterThePlanExpiry() {
        add(inflatePool());
        add(pool("general", 50, Map.of(), List.of(), Limits.NONE,
                req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "m5.large"), req(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, "on-demand")));
        pods("selective", 6, 0, 1024, Map.of("type", "karpenter"));
        world.runFor(Duration.ofSeconds(10));
        for (int i = 0; i < 6; i++) {
            world.cluster().put(Pod.of("default", "urgent-" + i, ResourceList.of(0, 1024), Map.of("app", "urgent")).with().priority(1000).build());
        }
        world.runFor(Duration.ofSeconds(100));
        String first = world.cluster().snapshot().nodes().get(0).name();
        assertThat(world.cluster().snapshot().pods()).filteredOn(p -> p.name().startsWith("urgent-"))
                .as("the first node to turn Ready took the higher-priority pods planned for the general pool's NodeClaim")
                .allSatisfy(p -> assertThat(p.nodeName()).isEqualTo(first));
        assertThat(world.cluster().snapshot().pendingPods()).as("the displaced pods are bound within 100 s, not after the plan expiry").isEmpty();
        assertThat(world.launches()).extracting(Provisioner.Launch::purpose).containsExactly(Provisioner.Launch.Purpose.DEMAND, Provisioner.Launch.Purpose.DEMAND, Provisioner.Launch.Purpose.REPLAN);
    }

    private long launchedCpu() {
        long sum = 0;
        for (NodeClaim c : claims()) if (c.status() != null) sum += c.status().capacity().cpuMillis();
        return sum;
    }

    @Test
    void aPodSelectingOneValueOfAPoolRequirementBindsBecauseTheNodeIsLabelledWithIt() {
        add(pool("teams", dev.jig.controller.testing.Fixtures.req("team", dev.jig.api.karpenter.Requirement.Operator.In, "a", "b")));
        pods("a", 1, 500, 512, Map.of("team", "a"));
        world.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
        assertThat(claims().get(0).labels()).containsEntry("team", "a");
        assertThat(world.cluster().snapshot().nodes().get(0).labels()).containsEntry("team", "a");
    }

    @Test
    void aPodSelectingAValueOfAnExistsRequirementBinds() {
        add(pool("any-team", dev.jig.controller.testing.Fixtures.req("team", dev.jig.api.karpenter.Requirement.Operator.Exists)));
        pods("b", 1, 500, 512, Map.of("team", "b"));
        world.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
        assertThat(world.cluster().snapshot().nodes().get(0).labels()).containsEntry("team", "b");
    }

    @Test
    void aPodRequiringTheRegionLandsInALocalZoneOfThatRegion() {
        SimulatedWorld local = new SimulatedWorld(Catalog.bundled(), List.of("us-east-1-bos-1a"), false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        local.cluster().put(inflatePool());
        local.cluster().put(NodeClass.al2023("default"));
        local.cluster().put(Pod.of("default", "p", ResourceList.of(100, 256), Map.of())
                .with().nodeSelector(Map.of("type", "karpenter", "topology.kubernetes.io/region", "us-east-1")).build());
        local.waitUntilSettled(Duration.ofMinutes(5));
        assertThat(local.cluster().snapshot().pendingPods()).isEmpty();
        assertThat(local.cluster().snapshot().nodes()).singleElement().satisfies(n -> {
            assertThat(n.name()).endsWith(".us-east-1.compute.internal");
            assertThat(n.labels()).containsEntry(WellKnownLabels.ZONE, "us-east-1-bos-1a").containsEntry("topology.kubernetes.io/region", "us-east-1");
        });
    }

    /**
     * Settles 5 pods on one node, whose NodeClaim carries the termination finalizer as every NodeClaim of the world does,
     * and holds its drain with a PodDisruptionBudget that allows no eviction, so a deletion leaves it draining.
     */
    private NodeClaim settledWithFinalizer() {
        add(inflatePool());
        pods("inflate", 5, 0, 1024, Map.of("type", "karpenter"));
        world.waitUntilSettled(Duration.ofMinutes(5));
        world.podDisruptionBudgets(List.of(dev.jig.controller.simulate.Scenario.Budget.minAvailable("inflate", "default", Map.of("app", "inflate"), 5)));
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.finalizers()).containsExactly(dev.jig.api.karpenter.Finalizers.TERMINATION));
        return claims().get(0);
    }

    @Test
    void podsOnADeletingNodeArePlannedAsPendingSoTheirReplacementLaunchesWhileItDrains() {
        NodeClaim old = settledWithFinalizer();
        world.cluster().delete(old);
        world.tick();
        world.tick();
        assertThat(claims()).hasSize(2).filteredOn(c -> !c.name().equals(old.name())).singleElement().satisfies(r -> {
            assertThat(r.launched()).isTrue();
            assertThat(r.deleting()).isFalse();
            assertThat(world.provisioner().describePlan("default/inflate-0")).contains("planned onto " + r.name());
        });
        assertThat(world.cluster().snapshot().pods()).allSatisfy(p -> assertThat(p.nodeName()).as("still on the draining node").isNotNull());
        world.tick();
        assertThat(claims()).as("planned once, not again each tick").hasSize(2);
    }

    @Test
    void provisionForPlansTheNodesPodsAtOnceEvenBeforeASnapshotShowsItDeleting() {
        NodeClaim old = settledWithFinalizer();
        var result = world.provisioner().provisionFor(List.of(old.name()));
        assertThat(result.newClaims()).singleElement().satisfies(p -> assertThat(p.pods()).hasSize(5));
        assertThat(claims()).hasSize(2);
        assertThat(claims()).filteredOn(c -> c.name().equals(old.name())).singleElement()
                .satisfies(c -> assertThat(c.deleting()).as("the provisioner does not delete; it only plans").isFalse());
    }

    @Test
    void aPodNoPoolTakesGetsAnUnschedulableEventWithTheRuleAtMostEveryFiveMinutesWhileItWaits() {
        add(inflatePool());
        pods("lost", 1, 0, 1024, Map.of("type", "nowhere"));
        world.runFor(Duration.ofMinutes(10));
        assertThat(world.timeline()).as("retried every minute").filteredOn(e -> e.kind() == TimelineEvent.Kind.BATCH).hasSizeGreaterThanOrEqualTo(9);
        List<dev.jig.controller.state.ObjectEvent> events = world.cluster().events().stream()
                .filter(e -> e.reason().equals(Provisioner.UNSCHEDULABLE_REASON)).toList();
        assertThat(events).hasSizeBetween(2, 3).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo("Pod");
            assertThat(e.namespace()).isEqualTo("default");
            assertThat(e.name()).isEqualTo("lost-0");
            assertThat(e.type()).isEqualTo("Warning");
            assertThat(e.message()).startsWith("Failed to schedule pod: NodePool default: ").containsPattern("\\[JIG06\\d\\d]");
        });
    }
}
