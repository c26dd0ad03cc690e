package dev.jig.controller.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;

/**
 * One line a user can act on for a failed API call. fabric8 wraps the real cause (a refused
 * connection, an unknown host, an HTTP status) in exceptions whose own message is the bare
 * {@code An error has occurred.}; this names the HTTP status when the server answered, and the
 * innermost cause otherwise.
 */
public final class KubeFailures {

    /** What fabric8 says when it wraps a cause; it names nothing. */
    private static final String FABRIC8_GENERIC = "An error has occurred.";

    private KubeFailures() {
    }

    /**
     * {@code HTTP 404 <message>} when the API server answered, else {@code <InnermostException>: <its message>};
     * when no cause carries a message of its own (the JDK HTTP client's refused connection), the causes' types,
     * outermost first: {@code ConnectException: ClosedChannelException}.
     */
    public static String describe(Throwable failure) {
        Throwable root = failure;
        String message = null;
        List<String> kinds = new ArrayList<>();
        int status = 0;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            root = t;
            String m = t.getMessage();
            if (m != null && !m.isBlank() && !m.equals(FABRIC8_GENERIC)) message = m;
            if (status == 0 && t instanceof KubernetesClientException k && k.getCode() > 0) status = k.getCode();
            if (!(t instanceof KubernetesClientException)) kinds.add(t.getClass().getSimpleName());
        }
        if (status > 0) return message == null ? "HTTP " + status : "HTTP " + status + " " + message;
        if (message != null) return root.getClass().getSimpleName() + ": " + message;
        return kinds.isEmpty() ? root.getClass().getSimpleName() : String.join(": ", kinds);
    }
}
