package dev.jig.controller.cloud;

/**
 * A cloud call failed for any reason without its own type. A provider decides whether the failure
 * is transient (throttling, a timeout, a server error: {@link #retryable()} is true) or permanent
 * (an invalid request, a missing permission: retrying the same call fails the same way), so that
 * callers need not know the cloud's error codes.
 */
public final class CloudOperationException extends CloudProviderException {

    private static final long serialVersionUID = 1L;

    private final boolean retryable;

    public CloudOperationException(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    public static CloudOperationException transientFailure(String message, Throwable cause) {
        return new CloudOperationException(message, true, cause);
    }

    public static CloudOperationException permanentFailure(String message, Throwable cause) {
        return new CloudOperationException(message, false, cause);
    }

    @Override
    public boolean retryable() {
        return retryable;
    }
}
