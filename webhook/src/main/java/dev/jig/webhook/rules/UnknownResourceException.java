package dev.jig.webhook.rules;

/** The request is for a resource the webhook has no rules for: its configuration sends the wrong requests. */
public final class UnknownResourceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UnknownResourceException(String message) {
        super(message);
    }
}
