package dev.jig.controller.provisioning;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.simulate.SimulatedWorld;
import dev.jig.controller.state.ClusterSnapshot;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.ZONES;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

class SchedulingInputsTest {

    @Test
    void podsPlannedOntoANodeClaimInFlightStayThereWhileItHasRoomAndTheRestAreScheduledAfresh() {
        SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        world.cluster().put(inflatePool());
        world.cluster().put(NodeClass.al2023("default"));
        for (int i = 0; i < 5; i++) {
            world.cluster().put(Pod.of("default", "web-" + i, ResourceList.of(0, 1024), Map.of()).with().nodeSelector("type", "karpenter").build());
        }
        world.tick();
        world.tick();
        ClusterSnapshot s = world.cluster().snapshot();
        NodeClaim claim = s.nodeClaims().get(0);
        assertThat(claim.launched()).isTrue();
        assertThat(claim.status().instanceType()).isEqualTo("m5.large");
        Pod big = Pod.of("default", "big", ResourceList.of(0, 4096), Map.of()).with().nodeSelector("type", "karpenter").build();
        world.cluster().put(big);
        s = world.cluster().snapshot();
        Map<String, String> hints = new HashMap<>();
        for (Pod p : s.pendingPods()) hints.put(p.key(), claim.name());

        SchedulingInputs.Prepared prepared = SchedulingInputs.prepare(s, s.pendingPods(), world.cloud(), hints);

        assertThat(prepared.kept().keySet()).extracting(Pod::name).containsExactly("web-0", "web-1", "web-2", "web-3", "web-4");
        assertThat(prepared.input().pods()).extracting(Pod::name).as("6,903Mi of room: five 1Gi pods fit, 4Gi more does not")
                .containsExactly("big");
        ExistingNode inFlight = prepared.input().nodes().stream().filter(n -> n.name().equals(claim.name())).findFirst().orElseThrow();
        assertThat(inFlight.pods()).hasSize(5);
        assertThat(SchedulingInputs.prepare(s, s.pendingPods(), world.cloud(), Map.of()).input().pods()).hasSize(6);
    }

    @Test
    void aPodNominatedByPreemptionTakesItsRoomOnTheNodeAsNominationsCountIt() {
        SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        java.time.Instant t0 = java.time.Instant.parse("2026-01-01T00:00:00Z");
        ResourceList allocatable = new ResourceList(2000, 8L << 30, 0, 0, 29);
        NodeClaim.Status status = new NodeClaim.Status("sim:///us-east-1a/c1", "m5.large", "us-east-1a", "on-demand", 0.096,
                allocatable, allocatable, null, List.of());
        NodeClaim c1 = new NodeClaim("c1", "default", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(), t0, false, status, Map.of());
        dev.jig.controller.model.Node n1 = new dev.jig.controller.model.Node("n1", "sim:///us-east-1a/c1", Map.of(), List.of(), allocatable,
                allocatable, true, t0);
        Pod bound = Pod.of("default", "bound", ResourceList.of(500, 256), Map.of()).with().nodeName("n1").build();
        Pod preemptor = Pod.of("default", "preemptor", ResourceList.of(1000, 256), Map.of()).with().nominatedNodeName("n1")
                .ignored("it is nominated to a node by preemption").build();
        Pod pending = Pod.of("default", "pending", ResourceList.of(1000, 256), Map.of());
        ClusterSnapshot s = new ClusterSnapshot(List.of(bound, preemptor, pending), List.of(n1), List.of(c1), List.of(), Map.of(), List.of(),
                java.util.Optional.empty());

        ExistingNode node = SchedulingInputs.of(s, s.pendingPods(), world.cloud()).nodes().stream().filter(n -> n.name().equals("n1"))
                .findFirst().orElseThrow();

        assertThat(node.pods()).extracting(Pod::name).as("the kube-scheduler keeps the preemptor's room").containsExactlyInAnyOrder("bound", "preemptor");
        assertThat(Nominations.of(s, p -> "n1").misfits()).as("500m left: the pending pod fits neither count").containsExactly("default/pending");
    }

    @Test
    void withoutHintsEveryPendingPodIsScheduled() {
        SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        world.cluster().put(Pod.of("default", "a", ResourceList.of(100, 128), Map.of()));
        ClusterSnapshot s = world.cluster().snapshot();
        assertThat(SchedulingInputs.of(s, s.pendingPods(), world.cloud()).pods()).extracting(Pod::name).isEqualTo(List.of("a"));
    }
}
