package dev.jig.controller.cloud;

/**
 * No offering the NodeClaim allows could be launched: each was out of capacity (and is now in the
 * {@link UnavailableOfferings} cache) or already known to be unavailable. Karpenter's answer, and
 * ours: delete the NodeClaim so its pods are scheduled again without those offerings.
 */
public final class InsufficientCapacityException extends Exception {

    private static final long serialVersionUID = 1L;

    public InsufficientCapacityException(String message) {
        super(message);
    }
}
