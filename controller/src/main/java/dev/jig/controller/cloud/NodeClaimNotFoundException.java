package dev.jig.controller.cloud;

/**
 * The instance behind a provider id does not exist: it was never launched by this provider, or it
 * has been terminated. For {@link CloudProvider#delete} this is the expected end state, and callers
 * treat it as success (Karpenter's {@code NodeClaimNotFoundError}). Not retryable: the answer will
 * not change.
 */
public final class NodeClaimNotFoundException extends CloudProviderException {

    private static final long serialVersionUID = 1L;

    private final String providerId;

    public NodeClaimNotFoundException(String providerId) {
        this(providerId, null);
    }

    public NodeClaimNotFoundException(String providerId, Throwable cause) {
        super("instance " + providerId + " not found", cause);
        this.providerId = providerId;
    }

    public String providerId() {
        return providerId;
    }

    @Override
    public boolean retryable() {
        return false;
    }
}
