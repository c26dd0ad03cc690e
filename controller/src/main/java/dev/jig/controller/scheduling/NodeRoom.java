package dev.jig.controller.scheduling;

import java.util.List;

/**
 * The free cpu, memory and pod slots of the existing nodes, in the order the scheduler tries them,
 * as a tree of maxima: "the first node at or after {@code from} with at least this much room" skips
 * every run of full nodes at once instead of asking each one (with thousands of nodes, a scan per
 * pending pod was the cost). Nodes that cannot take pods at all count as having no room. The
 * scheduler still asks each node it returns for the full check (taints, labels, every resource,
 * topology), so placements are those of a scan.
 */
final class NodeRoom {

    private final int size;
    /** Per tree node: the largest free cpu, memory and pod slots below it; leaves from {@code size}. */
    private final long[] cpu;
    private final long[] mem;
    private final long[] pods;

    NodeRoom(List<NodeSlot> nodes) {
        int n = 1;
        while (n < Math.max(1, nodes.size())) n <<= 1;
        size = n;
        cpu = new long[2 * n];
        mem = new long[2 * n];
        pods = new long[2 * n];
        java.util.Arrays.fill(cpu, -1);
        java.util.Arrays.fill(mem, -1);
        java.util.Arrays.fill(pods, -1);
        for (int i = 0; i < nodes.size(); i++) set(i, nodes.get(i));
        for (int i = n - 1; i >= 1; i--) pull(i);
    }

    /** Records the room left on node {@code i} after a placement. */
    void update(int i, NodeSlot node) {
        set(i, node);
        for (int k = (i + size) >>> 1; k >= 1; k >>>= 1) pull(k);
    }

    /** The first node at or after {@code from} with at least {@code needCpu}, {@code needMem} and one pod slot free, or −1. */
    int first(int from, long needCpu, long needMem) {
        return from >= size ? -1 : first(1, 0, size, from, needCpu, needMem);
    }

    private int first(int k, int lo, int hi, int from, long needCpu, long needMem) {
        if (hi <= from || cpu[k] < needCpu || mem[k] < needMem || pods[k] < 1) return -1;
        if (k >= size) return lo;
        int mid = (lo + hi) >>> 1;
        int left = first(2 * k, lo, mid, from, needCpu, needMem);
        return left >= 0 ? left : first(2 * k + 1, mid, hi, from, needCpu, needMem);
    }

    private void set(int i, NodeSlot node) {
        boolean open = node.node.schedulable();
        cpu[size + i] = open ? node.cpu : -1;
        mem[size + i] = open ? node.mem : -1;
        pods[size + i] = open ? node.pods : -1;
    }

    private void pull(int k) {
        cpu[k] = Math.max(cpu[2 * k], cpu[2 * k + 1]);
        mem[k] = Math.max(mem[2 * k], mem[2 * k + 1]);
        pods[k] = Math.max(pods[2 * k], pods[2 * k + 1]);
    }
}
