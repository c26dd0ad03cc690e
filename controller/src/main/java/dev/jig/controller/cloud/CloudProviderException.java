package dev.jig.controller.cloud;

/**
 * Why a {@link CloudProvider} call failed, as one of a closed set of outcomes a caller can act on
 * (Karpenter's typed cloud provider errors):
 * <ul>
 *   <li>{@link NodeClaimNotFoundException}: the instance does not exist (any more);</li>
 *   <li>{@link InsufficientCapacityException}: no offering the NodeClaim allows had capacity;</li>
 *   <li>{@link NodeClassNotReadyException}: the node class cannot launch yet;</li>
 *   <li>{@link CloudOperationException}: anything else, either transient or permanent.</li>
 * </ul>
 * {@link #retryable()} tells whether calling again with the same arguments can succeed.
 *
 * <p>The hierarchy is unchecked on purpose. Every call into a cloud can fail for reasons the caller
 * did not cause (throttling, a network error, an expired credential), so a checked exception would
 * have to sit on every method, including {@code instanceTypes} and {@code list} on the scheduling
 * path, where the only sensible answer is to fail the reconcile and let the loop try again; that
 * is what an unchecked exception does by itself. The outcomes a caller must handle are declared
 * with {@code @throws} on each method of {@link CloudProvider}, and the hierarchy is sealed, so the
 * set of outcomes is known to the compiler and to every reader.
 */
public abstract sealed class CloudProviderException extends RuntimeException
        permits NodeClaimNotFoundException, InsufficientCapacityException, NodeClassNotReadyException, CloudOperationException {

    private static final long serialVersionUID = 1L;

    CloudProviderException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Whether the same call, repeated later, can succeed. */
    public abstract boolean retryable();
}
