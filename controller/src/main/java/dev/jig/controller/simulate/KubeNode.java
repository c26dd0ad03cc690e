package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;

import java.util.ArrayList;
import java.util.List;

/**
 * A Node as the simulated kube-scheduler's cache holds it during one scheduling pass (upstream's
 * NodeInfo): its bound pods, the sum of their requests, and the sum of their non-zero requests,
 * where a pod asking for no cpu counts 100m and one asking for no memory 200Mi (upstream's
 * {@code DefaultMilliCPURequest} and {@code DefaultMemoryRequest}), so that resource scoring does not
 * pile request-less pods onto one node.
 */
final class KubeNode {

    static final long DEFAULT_MILLI_CPU = 100;
    static final long DEFAULT_MEMORY = 200L * 1024 * 1024;

    final Node node;
    final int index;
    final List<Pod> pods = new ArrayList<>();
    ResourceList requested = ResourceList.ZERO;
    long nonZeroCpu;
    long nonZeroMemory;

    KubeNode(Node node, int index) {
        this.node = node;
        this.index = index;
    }

    void add(Pod p) {
        pods.add(p);
        requested = requested.plus(p.requests());
        nonZeroCpu += nonZeroCpu(p);
        nonZeroMemory += nonZeroMemory(p);
    }

    String label(String key) {
        return node.labels().get(key);
    }

    static long nonZeroCpu(Pod p) {
        long c = p.requests().cpuMillis();
        return c == 0 ? DEFAULT_MILLI_CPU : c;
    }

    static long nonZeroMemory(Pod p) {
        long m = p.requests().memoryBytes();
        return m == 0 ? DEFAULT_MEMORY : m;
    }
}
