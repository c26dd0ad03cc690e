package dev.jig.controller.cloud;

/**
 * The node class a NodeClaim refers to cannot launch yet: in EC2, its subnets, security groups,
 * AMIs or instance profile are not resolved (Karpenter's {@code NodeClassNotReadyError}). Like an
 * insufficient-capacity error, the launch controller deletes the NodeClaim so its pods are planned
 * again. Retryable: the node class becomes ready once its references resolve.
 */
public final class NodeClassNotReadyException extends CloudProviderException {

    private static final long serialVersionUID = 1L;

    private final String nodeClass;

    public NodeClassNotReadyException(String nodeClass, String reason) {
        super("node class " + nodeClass + " is not ready: " + reason, null);
        this.nodeClass = nodeClass;
    }

    public String nodeClass() {
        return nodeClass;
    }

    @Override
    public boolean retryable() {
        return true;
    }
}
