package dev.jig.controller.provisioning;

import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;

/**
 * The controller's port to the Kubernetes API: read a snapshot, write NodeClaims (spec and status)
 * and the labels and taints Karpenter manages on Nodes. Implemented by the fabric8 adapter and by
 * the in-memory cluster of {@code simulate}.
 */
public interface Cluster {

    ClusterSnapshot snapshot();

    void create(NodeClaim claim);

    /** Replaces the NodeClaim's labels and status. */
    void update(NodeClaim claim);

    /** Removes the NodeClaim (its instance is already gone). */
    void delete(NodeClaim claim);

    /** Replaces the Node's labels and taints. */
    void update(Node node);
}
