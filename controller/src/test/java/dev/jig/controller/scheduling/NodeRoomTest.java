package dev.jig.controller.scheduling;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static dev.jig.controller.testing.Fixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

/** The tree finds the node a scan in order finds, as placements use up room. */
class NodeRoomTest {

    private static int scan(List<NodeSlot> nodes, int from, long cpu, long mem) {
        for (int i = from; i < nodes.size(); i++) {
            NodeSlot s = nodes.get(i);
            if (s.node.schedulable() && s.cpu >= cpu && s.mem >= mem && s.pods >= 1) return i;
        }
        return -1;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void findsTheFirstNodeWithRoomAsAScanDoes(long seed) {
        Random r = new Random(seed);
        Domains domains = new Domains();
        List<NodeSlot> nodes = new ArrayList<>();
        int n = 1 + r.nextInt(300);
        for (int i = 0; i < n; i++) {
            ExistingNode e = node("n-" + i, "m5.xlarge", "us-east-1a", null, List.of());
            if (r.nextInt(10) == 0) e = new ExistingNode(e.name(), e.pool(), e.labels(), e.taints(), e.allocatable(), e.capacity(), e.pods(), true, false);
            NodeSlot s = new NodeSlot(e, i, domains, List.of());
            s.cpu = r.nextInt(4000) - 200;
            s.mem = r.nextInt(16_000) - 500;
            s.pods = r.nextInt(4);
            nodes.add(s);
        }
        NodeRoom room = new NodeRoom(nodes);
        for (int q = 0; q < 2000; q++) {
            long cpu = r.nextInt(3000), mem = r.nextInt(12_000);
            int from = r.nextInt(n + 1);
            int found = room.first(from, cpu, mem);
            assertThat(found).isEqualTo(scan(nodes, from, cpu, mem));
            if (found >= 0) {
                NodeSlot s = nodes.get(found);
                s.cpu -= cpu;
                s.mem -= mem;
                s.pods -= 1;
                room.update(found, s);
            }
        }
    }
}
