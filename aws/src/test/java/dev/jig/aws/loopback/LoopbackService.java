package dev.jig.aws.loopback;

import io.javalin.Javalin;
import io.javalin.http.Context;
import org.eclipse.jetty.server.ServerConnector;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One AWS service answering on {@code 127.0.0.1} in its real wire protocol, for the real SDK clients
 * to be pointed at with {@code endpointOverride}. It records the actions called, in order, and can
 * answer the next calls of an action with an injected AWS error (throttling, a 500, a denied
 * permission) before serving them normally again. Subclasses read the action from the request and
 * write results and errors in their protocol's shape.
 */
public abstract class LoopbackService implements AutoCloseable {

    /** An AWS error as a service answers it: HTTP status, error code, message. */
    public record AwsError(int status, String code, String message) {
    }

    /** Thrown by an action to answer with an AWS error. */
    protected static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient AwsError error;

        public Refusal(int status, String code, String message) {
            super(code + ": " + message, null, false, false);
            this.error = new AwsError(status, code, message);
        }
    }

    public static final String ACCOUNT = "123456789012";

    private final Javalin app;
    private final List<String> calls = new ArrayList<>();
    private final Map<String, Deque<AwsError>> faults = new HashMap<>();
    private final Map<String, Runnable> hooks = new HashMap<>();
    private volatile long latencyMillis;

    protected LoopbackService() {
        app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.jetty.addConnector((server, http) -> {
                ServerConnector connector = new ServerConnector(server);
                connector.setHost("127.0.0.1");
                connector.setPort(0);
                return connector;
            });
            config.routes.post("/", this::serve);
        });
        app.start();
    }

    /** The endpoint to give the SDK's {@code endpointOverride}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + ((ServerConnector) app.jettyServer().server().getConnectors()[0]).getLocalPort());
    }

    /** The actions called so far, in order ({@code GetParameter}, {@code CreateInstanceProfile}). */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    /** How many times {@code action} was called. */
    public synchronized long count(String action) {
        return calls.stream().filter(action::equals).count();
    }

    /** Answers the next {@code times} calls of {@code action} with {@code error}. */
    public synchronized void failNext(String action, int times, AwsError error) {
        Deque<AwsError> queue = faults.computeIfAbsent(action, a -> new ArrayDeque<>());
        for (int i = 0; i < times; i++) {
            queue.add(error);
        }
    }

    /**
     * Runs {@code meanwhile} when the next call of {@code action} arrives, before it is answered: what
     * another client did between this client's earlier calls and this one (a race, made deterministic).
     */
    public synchronized void beforeNext(String action, Runnable meanwhile) {
        hooks.put(action, meanwhile);
    }

    /** Delays every answer by {@code latency}, as a distant region or a loaded API would (0 for none). */
    public void latency(java.time.Duration latency) {
        latencyMillis = latency.toMillis();
    }

    private void serve(Context ctx) throws InterruptedException {
        if (latencyMillis > 0) Thread.sleep(latencyMillis);
        String action = action(ctx);
        AwsError fault;
        Runnable hook;
        synchronized (this) {
            calls.add(action);
            Deque<AwsError> queue = faults.get(action);
            fault = queue == null ? null : queue.poll();
            hook = hooks.remove(action);
        }
        if (hook != null) {
            hook.run();
        }
        ctx.header("x-amzn-RequestId", java.util.UUID.randomUUID().toString());
        try {
            if (fault != null) {
                throw new Refusal(fault.status(), fault.code(), fault.message());
            }
            answer(action, ctx);
        } catch (Refusal r) {
            ctx.status(r.error.status());
            refuse(r.error, ctx);
        }
    }

    /** The action the request asks for. */
    protected abstract String action(Context ctx);

    /** Performs {@code action} and writes its result; throws {@link Refusal} to answer an AWS error. */
    protected abstract void answer(String action, Context ctx);

    /** Writes {@code error} in the protocol's error shape (the status is already set). */
    protected abstract void refuse(AwsError error, Context ctx);

    @Override
    public void close() {
        app.stop();
    }
}
