package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link NominatedRoom}: the room nominated pods hold on a node, for pods of lower or equal priority, kept as pods leave. */
class NominatedRoomTest {

    private static Pod pod(String name, long cpu, int priority, String node) {
        return Pod.of("default", name, ResourceList.of(cpu, 0), Map.of()).with().priority(priority).nominatedNodeName(node).build();
    }

    @Test
    void thePodsOfHigherOrEqualPriorityOtherThanThePodHoldTheRoomAndLeaveIt() {
        NominatedRoom room = new NominatedRoom();
        Pod low = pod("low", 100, 0, "n");
        Pod mid = pod("mid", 200, 5, "n");
        Pod high = pod("high", 400, 9, "n");
        room.add(low);
        room.add(mid);
        room.add(high);
        assertThat(room.reservedFor(pod("other", 1, 0, null), "n").cpuMillis()).isEqualTo(700);
        assertThat(room.reservedFor(low, "n").cpuMillis()).as("not its own").isEqualTo(600);
        assertThat(room.reservedFor(mid, "n").cpuMillis()).isEqualTo(400);
        assertThat(room.reservedFor(pod("top", 1, 10, null), "n").cpuMillis()).isZero();
        assertThat(room.reservedFor(low, "elsewhere")).isEqualTo(ResourceList.ZERO);
        room.remove(low);
        assertThat(room.reservedFor(pod("other", 1, 5, null), "n").cpuMillis()).as("lowest priority now 5").isEqualTo(600);
        room.remove(high);
        room.remove(high);
        assertThat(room.reservedFor(pod("other", 1, 0, null), "n").cpuMillis()).isEqualTo(200);
    }
}
