package dev.jig.controller.provisioning;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.simulate.SimulatedWorld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.ZONES;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The provisioner's nominations in a simulated world: pods planned onto a NodeClaim are nominated to its Node in the
 * tick the Node joins, before registration opens it to the kube-scheduler; a nomination whose target goes away, or
 * whose node no longer has room, is cleared and the pod planned again, never left pending behind it.
 */
class NominationFlowTest {

    private final SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));

    NominationFlowTest() {
        world.cluster().put(inflatePool());
        world.cluster().put(NodeClass.al2023("default"));
    }

    private void pods(int n, long cpu) {
        for (int i = 0; i < n; i++) {
            world.cluster().put(Pod.of("default", "p-" + i, ResourceList.of(cpu, 512), Map.of()).with().nodeSelector("type", "karpenter").build());
        }
    }

    private List<Pod> pending() {
        return world.cluster().snapshot().pendingPods();
    }

    /** Ticks until some Node has joined; returns it. */
    private Node firstNode() {
        for (int i = 0; i < 120 && world.cluster().snapshot().nodes().isEmpty(); i++) world.tick();
        return world.cluster().snapshot().nodes().get(0);
    }

    /** Ticks until every pending pod is nominated to {@code node} (the kube-scheduler clears them on each failed attempt, Jig writes them again). */
    private void nominatedTo(Node node) {
        for (int i = 0; i < 10 && !pending().stream().allMatch(p -> node.name().equals(p.nominatedNodeName())); i++) world.tick();
        assertThat(pending()).allMatch(p -> node.name().equals(p.nominatedNodeName()));
    }

    @Test
    void podsAreNominatedInTheTickTheirNodeRegistersBeforeRegistrationOpensItAndBindThere() {
        pods(3, 500);
        for (int i = 0; i < 25; i++) world.tick();
        assertThat(pending()).hasSize(3).allMatch(p -> p.nominatedNodeName() == null);
        Node node = firstNode();
        assertThat(node.ready()).isFalse();
        assertThat(world.timeline()).anyMatch(e -> e.kind() == TimelineEvent.Kind.NOMINATED && node.name().equals(e.subject()));
        assertThat(world.waitUntilSettled(Duration.ofMinutes(5))).isTrue();
        TimelineEvent registered = world.timeline().stream().filter(e -> e.kind() == TimelineEvent.Kind.REGISTERED).findFirst().orElseThrow();
        List<TimelineEvent.Kind> thatTick = world.timeline().stream().filter(e -> e.at().equals(registered.at())).map(TimelineEvent::kind)
                .filter(k -> k == TimelineEvent.Kind.NOMINATED || k == TimelineEvent.Kind.REGISTERED).toList();
        assertThat(thatTick).as("the kube-scheduler cleared them when the node turned Ready; written again before registration")
                .containsExactly(TimelineEvent.Kind.NOMINATED, TimelineEvent.Kind.REGISTERED);
        assertThat(world.cluster().snapshot().pods()).filteredOn(p -> !p.daemonSet())
                .allSatisfy(p -> assertThat(p.nodeName()).isEqualTo(node.name()))
                .allSatisfy(p -> assertThat(p.nominatedNodeName()).isNull());
    }

    @Test
    void aNominationWhoseNodeClaimIsDeletedIsClearedAndThePodPlannedAgain() {
        pods(2, 500);
        Node node = firstNode();
        nominatedTo(node);
        NodeClaim claim = world.cluster().snapshot().nodeClaims().get(0);
        world.cluster().requestDeletion(claim);
        world.tick();
        assertThat(pending()).hasSize(2).allMatch(p -> p.nominatedNodeName() == null);
        assertThat(world.timeline()).anyMatch(e -> e.kind() == TimelineEvent.Kind.NOMINATED && e.message().startsWith("nomination cleared for 2"));

        assertThat(world.waitUntilSettled(Duration.ofMinutes(5))).isTrue();
        assertThat(world.cluster().snapshot().nodeClaims()).extracting(NodeClaim::name).doesNotContain(claim.name());
        assertThat(world.cluster().snapshot().pods()).filteredOn(p -> !p.daemonSet()).allSatisfy(p -> {
            assertThat(p.nodeName()).isNotNull().isNotEqualTo(node.name());
        });
    }

    @Test
    void aNominationWhoseNodeHasNoRoomLeftIsClearedAndThePodPlannedElsewhere() {
        pods(2, 800);
        Node node = firstNode();
        nominatedTo(node);
        // another scheduler's pod takes most of the node's room before it is Ready
        world.cluster().put(Pod.of("default", "squatter", ResourceList.of(node.allocatable().cpuMillis() - 900, 512), Map.of())
                .with().nodeName(node.name()).build());
        world.tick();
        List<Pod> pending = pending();
        assertThat(pending.stream().filter(p -> node.name().equals(p.nominatedNodeName())).count()).as("one still fits").isEqualTo(1);
        assertThat(pending.stream().filter(p -> p.nominatedNodeName() == null).count()).as("the other is cleared").isEqualTo(1);

        assertThat(world.waitUntilSettled(Duration.ofMinutes(5))).isTrue();
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
        assertThat(world.launches()).hasSize(2);
        assertThat(world.launches().get(1).purpose()).isEqualTo(Provisioner.Launch.Purpose.REPLAN);
    }

    @Test
    void aPodNominatedToANodeThatTurnedReadyKeepsItsRoomFromALargerPodOfTheNextBatch() {
        world.cluster().put(Pod.of("default", "a", ResourceList.of(3000, 512), Map.of()).with().nodeSelector("type", "karpenter").build());
        Node node = firstNode();
        nominatedTo(node);
        // in run the kube-scheduler binds a moment after the Node turns Ready; a batch may close in that moment
        world.cluster().update(new Node(node.name(), node.providerId(), node.labels(), List.of(), node.capacity(), node.allocatable(), true, node.created()));
        world.cluster().put(Pod.of("default", "b", ResourceList.of(node.allocatable().cpuMillis() - 100, 1024), Map.of())
                .with().nodeSelector("type", "karpenter").build());
        var result = world.provisioner().provision();
        assertThat(result.newClaims()).as("b gets a node of its own; a keeps the room Jig nominated it to")
                .singleElement().satisfies(c -> assertThat(c.pods()).extracting(Pod::name).containsExactly("b"));
        assertThat(result.existing()).allSatisfy((n, pods) -> assertThat(pods).extracting(Pod::name).doesNotContain("b"));
        assertThat(pending()).filteredOn(p -> p.name().equals("a")).singleElement()
                .satisfies(p -> assertThat(p.nominatedNodeName()).isEqualTo(node.name()));
    }

    @Test
    void aReadyNodeStillTaintedUnregisteredIsNotYetBindable() {
        dev.jig.api.karpenter.Taint unregistered = new dev.jig.api.karpenter.Taint(dev.jig.api.karpenter.TaintKeys.UNREGISTERED, null, "NoExecute");
        Node tainted = new Node("n", "sim:///us-east-1a/i-1", Map.of(), List.of(unregistered), ResourceList.of(2000, 4096), ResourceList.of(2000, 4096),
                true, SimulatedWorld.START);
        world.cluster().register(tainted);
        assertThat(PlanningView.bindable(world.cluster().snapshot())).as("a kubelet may report Ready before Jig registers it").isEmpty();
        world.cluster().update(new Node("n", "sim:///us-east-1a/i-1", Map.of(), List.of(), ResourceList.of(2000, 4096), ResourceList.of(2000, 4096),
                true, SimulatedWorld.START));
        assertThat(PlanningView.bindable(world.cluster().snapshot())).containsExactly("n");
    }
}
