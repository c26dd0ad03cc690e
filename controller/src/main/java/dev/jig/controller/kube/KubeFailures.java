package dev.jig.controller.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * One line a user can act on for a failed API call. fabric8 wraps the real cause (a refused
 * connection, an unknown host, an HTTP status) in exceptions whose own message is the bare
 * {@code An error has occurred.}; this names the HTTP status when the server answered, and the
 * innermost cause otherwise.
 */
public final class KubeFailures {

    private KubeFailures() {
    }

    /** {@code HTTP 404 <message>} when the API server answered, else {@code <InnermostException>: <its message>}. */
    public static String describe(Throwable failure) {
        Throwable root = failure;
        String message = failure.getMessage();
        int status = 0;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            root = t;
            if (t.getMessage() != null && !t.getMessage().isBlank()) message = t.getMessage();
            if (status == 0 && t instanceof KubernetesClientException k && k.getCode() > 0) status = k.getCode();
        }
        if (status > 0) return "HTTP " + status + " " + message;
        String kind = root.getClass().getSimpleName();
        return message == null || message.isBlank() ? kind : kind + ": " + message;
    }
}
