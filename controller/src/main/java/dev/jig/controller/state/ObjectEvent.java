package dev.jig.controller.state;

import java.util.List;
import java.util.Objects;

/**
 * A Kubernetes Event the controller records on a Node or a NodeClaim ({@code core/v1} Event with an
 * {@code involvedObject}), as Karpenter's recorder does: disruption decisions, blocked candidates,
 * interruption messages. Written through {@link Cluster#publish}; a failure to write one is logged, never fatal.
 *
 * @param kind    {@link #NODE} or {@link #NODE_CLAIM}
 * @param type    {@code Normal} or {@code Warning}
 * @param reason  CamelCase, as Karpenter names its Events ({@code DisruptionBlocked}, {@code SpotInterrupted})
 */
public record ObjectEvent(String kind, String name, String type, String reason, String message) {

    public static final String NODE = "Node";
    public static final String NODE_CLAIM = "NodeClaim";
    public static final String NORMAL = "Normal";
    public static final String WARNING = "Warning";

    public ObjectEvent {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(reason, "reason");
        message = message == null ? "" : message;
    }

    /** The same Event on the Node (when it has one) and on its NodeClaim, as Karpenter records disruption on both. */
    public static List<ObjectEvent> onNodeAndClaim(String node, String nodeClaim, String type, String reason, String message) {
        ObjectEvent onClaim = new ObjectEvent(NODE_CLAIM, nodeClaim, type, reason, message);
        return node == null ? List.of(onClaim) : List.of(new ObjectEvent(NODE, node, type, reason, message), onClaim);
    }
}
