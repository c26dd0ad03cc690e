package dev.jig.controller.state;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** A Cluster that passes every call on; a subclass overrides a call to inject an API answer (simulate's faults, tests). */
public class ForwardingCluster implements Cluster {

    private final Cluster next;

    public ForwardingCluster(Cluster next) {
        this.next = next;
    }

    @Override
    public ClusterSnapshot snapshot() {
        return next.snapshot();
    }

    @Override
    public long generation() {
        return next.generation();
    }

    @Override
    public void create(NodeClaim claim) {
        next.create(claim);
    }

    @Override
    public void update(NodeClaim claim) {
        next.update(claim);
    }

    @Override
    public void delete(NodeClaim claim) {
        next.delete(claim);
    }

    @Override
    public void publish(dev.jig.controller.state.ObjectEvent event) {
        next.publish(event);
    }

    @Override
    public void stampPodEvent(NodeClaim claim, java.time.Instant at) {
        next.stampPodEvent(claim, at);
    }

    @Override
    public Nomination nominate(dev.jig.controller.model.Pod pod, String node) {
        return next.nominate(pod, node);
    }

    @Override
    public void update(Node node) {
        next.update(node);
    }

    @Override
    public void nodeClaimCondition(String claim, String type, NodeClaim.Condition condition) {
        next.nodeClaimCondition(claim, type, condition);
    }

    @Override
    public void annotateNode(String name, Map<String, String> annotations) {
        next.annotateNode(name, annotations);
    }

    @Override
    public void editNode(String name, Map<String, String> labels, Set<String> removeTaintKeys, List<Taint> addTaints) {
        next.editNode(name, labels, removeTaintKeys, addTaints);
    }

    @Override
    public Eviction evict(Pod pod) {
        return next.evict(pod);
    }

    @Override
    public void deletePod(Pod pod) {
        next.deletePod(pod);
    }

    @Override
    public void removeFinalizer(NodeClaim claim, String finalizer) {
        next.removeFinalizer(claim, finalizer);
    }

    @Override
    public void deleteNode(String name, String finalizer) {
        next.deleteNode(name, finalizer);
    }

    @Override
    public void onUnboundPod(Runnable listener) {
        next.onUnboundPod(listener);
    }
}
