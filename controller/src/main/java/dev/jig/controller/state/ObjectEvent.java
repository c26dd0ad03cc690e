package dev.jig.controller.state;

import java.util.List;
import java.util.Objects;

/**
 * A Kubernetes Event the controller records on a Node, a NodeClaim or a Pod ({@code core/v1} Event with an
 * {@code involvedObject}), as Karpenter's recorder does: disruption decisions, blocked candidates,
 * interruption messages, unschedulable pods, evictions. Written through {@link Cluster#publish}; a failure to write
 * one is logged, never fatal. Events on pods go through {@link PodEventLimiter}, so a pod that stays pending does
 * not get one per retry.
 *
 * @param kind      {@link #NODE}, {@link #NODE_CLAIM}, {@link #NODE_CLASS} or {@link #POD}
 * @param namespace the object's namespace; null for the cluster-scoped Node, NodeClaim and EC2NodeClass (their Events go to {@code default})
 * @param uid       the object's {@code metadata.uid} when known (so that {@code kubectl describe} finds the Event), else null
 * @param type      {@code Normal} or {@code Warning}
 * @param reason    CamelCase, as Karpenter names its Events ({@code DisruptionBlocked}, {@code SpotInterrupted})
 */
public record ObjectEvent(String kind, String namespace, String name, String uid, String type, String reason, String message) {

    public static final String NODE = "Node";
    public static final String NODE_CLAIM = "NodeClaim";
    public static final String NODE_CLASS = "EC2NodeClass";
    public static final String POD = "Pod";
    public static final String NORMAL = "Normal";
    public static final String WARNING = "Warning";

    public ObjectEvent {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(reason, "reason");
        message = message == null ? "" : message;
        if (kind.equals(POD)) Objects.requireNonNull(namespace, "a Pod's Event needs its namespace");
    }

    /** An Event on a cluster-scoped object (Node, NodeClaim, EC2NodeClass). */
    public ObjectEvent(String kind, String name, String type, String reason, String message) {
        this(kind, null, name, null, type, reason, message);
    }

    /** An Event on {@code pod}, in its namespace; its uid only when it is the API server's (the model falls back to the key). */
    public static ObjectEvent onPod(dev.jig.controller.model.Pod pod, String type, String reason, String message) {
        String uid = pod.uid() == null || pod.uid().equals(pod.key()) ? null : pod.uid();
        return new ObjectEvent(POD, pod.namespace(), pod.name(), uid, type, reason, message);
    }

    /** The same Event on the Node (when it has one) and on its NodeClaim, as Karpenter records disruption on both. */
    public static List<ObjectEvent> onNodeAndClaim(String node, String nodeClaim, String type, String reason, String message) {
        ObjectEvent onClaim = new ObjectEvent(NODE_CLAIM, nodeClaim, type, reason, message);
        return node == null ? List.of(onClaim) : List.of(new ObjectEvent(NODE, node, type, reason, message), onClaim);
    }
}
