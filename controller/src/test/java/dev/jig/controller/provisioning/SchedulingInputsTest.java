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
    void withoutHintsEveryPendingPodIsScheduled() {
        SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        world.cluster().put(Pod.of("default", "a", ResourceList.of(100, 128), Map.of()));
        ClusterSnapshot s = world.cluster().snapshot();
        assertThat(SchedulingInputs.of(s, s.pendingPods(), world.cloud()).pods()).extracting(Pod::name).isEqualTo(List.of("a"));
    }
}
