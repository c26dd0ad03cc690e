package dev.jig.controller.app;

import io.javalin.Javalin;
import io.javalin.http.HttpStatus;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The controller's operations endpoints, on the same server stack as the webhook (Javalin on
 * Jetty), plain HTTP for the kubelet's probes and Prometheus:
 * <ul>
 *   <li>{@code /healthz}: 200 while the process serves and its loop ticks, 503 with the reason when the loop
 *   stalled; the kubelet restarts it otherwise;</li>
 *   <li>{@code /readyz}: 200 once every informer has listed its objects, 503 with the reason before;</li>
 *   <li>{@code /metrics}: Prometheus text format.</li>
 * </ul>
 */
final class OpsServer implements AutoCloseable {

    private final Javalin app;

    /**
     * Serves on {@code host:port} (port 0 picks a free one). {@code notReady} gives the reason the
     * controller is not ready yet, or empty when it is.
     */
    OpsServer(String host, int port, PrometheusMeterRegistry registry, Supplier<Optional<String>> notReady) {
        this(host, port, registry, notReady, Optional::empty);
    }

    /** As above; {@code unhealthy} gives the reason the process should be restarted, or empty while it is healthy. */
    OpsServer(String host, int port, PrometheusMeterRegistry registry, Supplier<Optional<String>> notReady,
              Supplier<Optional<String>> unhealthy) {
        app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.jetty.addConnector((server, http) -> {
                ServerConnector connector = new ServerConnector(server);
                connector.setHost(host);
                connector.setPort(port);
                return connector;
            });
            config.routes.get("/healthz", ctx -> {
                Optional<String> why = unhealthy.get();
                ctx.status(why.isEmpty() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).result(why.orElse("ok"));
            });
            config.routes.get("/readyz", ctx -> {
                Optional<String> why = notReady.get();
                ctx.status(why.isEmpty() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).result(why.orElse("ok"));
            });
            config.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(registry.scrape()));
        });
        app.start();
    }

    /** The port actually bound. */
    int port() {
        return ((ServerConnector) app.jettyServer().server().getConnectors()[0]).getLocalPort();
    }

    @Override
    public void close() {
        app.stop();
    }
}
