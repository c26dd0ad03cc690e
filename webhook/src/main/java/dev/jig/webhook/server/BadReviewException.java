package dev.jig.webhook.server;

/**
 * A request body that is not an AdmissionReview v1 the webhook can answer. Answered with a 4xx
 * status and the message, never a 5xx: the caller sent something wrong, the webhook is fine.
 *
 * @see ReviewCodec
 */
public final class BadReviewException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String reason;

    public BadReviewException(int status, String reason, String message) {
        super(message);
        this.status = status;
        this.reason = reason;
    }

    /** HTTP status to answer with. */
    public int status() {
        return status;
    }

    /** Short metric label: {@code not-json}, {@code wrong-kind}, {@code no-request}, ... */
    public String reason() {
        return reason;
    }
}
