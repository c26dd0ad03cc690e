package dev.jig.controller.cloud;

import java.util.List;

/**
 * No offering the NodeClaim allows could be launched: each was out of capacity or already known to
 * be unavailable. Karpenter's answer, and ours: delete the NodeClaim so its pods are scheduled
 * again without those offerings. {@link #failed()} names the offerings that ran out in this attempt
 * (empty when every allowed offering was already known to be unavailable), so that an
 * {@link UnavailableOfferings} cache can be fed with them; a provider that keeps such a cache has
 * marked them before throwing. Retryable: capacity comes back, and other offerings may have it.
 */
public final class InsufficientCapacityException extends CloudProviderException {

    private static final long serialVersionUID = 1L;

    /** An offering of {@code instanceType} that had no capacity. */
    public record FailedOffering(String instanceType, Offering offering) {

        @Override
        public String toString() {
            return instanceType + " in " + offering.zone() + " (" + offering.capacityType() + ")";
        }
    }

    private final transient List<FailedOffering> failed;

    public InsufficientCapacityException(String message, List<FailedOffering> failed) {
        super(message, null);
        this.failed = List.copyOf(failed);
    }

    public List<FailedOffering> failed() {
        return failed;
    }

    @Override
    public boolean retryable() {
        return true;
    }
}
