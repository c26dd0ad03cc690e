package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.List;

/** An existing node during a scheduling run: what is left of it, and the pods placed on it. */
final class NodeSlot implements Target {

    final ExistingNode node;
    final int host;
    final long zoneBit;
    long cpu, mem, eph, gpu, pods;
    final List<Pod> placed = new ArrayList<>();

    NodeSlot(ExistingNode node, int host, Domains domains, List<Pod> daemonSets) {
        this.node = node;
        this.host = host;
        String zone = node.zone();
        this.zoneBit = zone == null ? Domains.NO_ZONE : 1L << domains.zone(zone);
        ResourceList free = node.free(daemonSets);
        cpu = free.cpuMillis();
        mem = free.memoryBytes();
        eph = free.ephemeralBytes();
        gpu = free.gpus();
        pods = free.pods();
    }

    /** Why the pod cannot go here before topology is considered, or null. */
    String refusal(PodFacts p) {
        if (!node.schedulable()) return "node is not schedulable";
        Taint t = Toleration.firstUntolerated(node.taints(), p.pod.tolerations(), true);
        if (t != null) return "does not tolerate taint " + t.key() + "=" + t.value() + ":" + t.effect();
        if (!p.requirements.matchesLabels(node.labels())) return "node labels do not match the pod's requirements";
        if (p.cpu > cpu || p.mem > mem || p.eph > eph || p.gpu > gpu || pods < 1) return "not enough room";
        return null;
    }

    void place(PodFacts p) {
        cpu -= p.cpu;
        mem -= p.mem;
        eph -= p.eph;
        gpu -= p.gpu;
        pods -= 1;
        placed.add(p.pod);
    }

    @Override
    public long zones() {
        return zoneBit;
    }

    @Override
    public long domains(DomainKey key) {
        return key.source == DomainKey.Source.ZONE ? zoneBit : key.ofNode(node.labels());
    }

    @Override
    public int hostId() {
        return host;
    }

    @Override
    public List<Taint> taints() {
        return node.taints();
    }

    @Override
    public boolean satisfies(NodeRequirements requirements) {
        return requirements.matchesLabels(node.labels());
    }
}
