package dev.jig.webhook.server;

import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.tls.CertificateReloader;
import dev.jig.webhook.tls.PemKeyStore;
import dev.jig.webhook.tls.ServingCertificate;
import io.javalin.Javalin;
import io.javalin.http.HttpStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTPS server: Javalin on Jetty 12 with one TLS connector (no plain HTTP at all), serving
 * <ul>
 *   <li>{@code POST /validate} and {@code POST /mutate} — AdmissionReview v1;</li>
 *   <li>{@code GET /healthz} — the process serves; {@code GET /readyz} — 503, with the reason, until
 *       the tenancy view has synced (and, self-managed, the configurations trust the certificate)
 *       and again while shutting down;</li>
 *   <li>{@code GET /metrics} — Prometheus text;</li>
 *   <li>{@code POST /noop} — only when enabled for the benchmark: the same decoding and encoding
 *       with no rules, the baseline the rules' cost is measured against.</li>
 * </ul>
 * Bodies over 3 MiB are refused with 413 (the API server's own request limit), other methods and
 * paths get 405/404. Stopping is graceful: readiness drops first, new connections stop, requests in
 * flight finish (up to the stop timeout).
 */
public final class WebhookServer implements AutoCloseable {

    /** Largest body accepted: the API server's request size limit. */
    public static final long MAX_BODY = 3L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(WebhookServer.class);

    /** Where and how to serve; in-flight requests get {@code stopTimeout} when stopping. */
    public record Options(String host, int port, Tls tls, Duration stopTimeout, boolean noopEndpoint) {

        /** Serving the PEM files, re-read every {@code reloadPeriod}. */
        public Options(String host, int port, Path certFile, Path keyFile, Duration reloadPeriod, Duration stopTimeout, boolean noopEndpoint) {
            this(host, port, new Tls.Files(certFile, keyFile, reloadPeriod), stopTimeout, noopEndpoint);
        }
    }

    /** Where the serving certificate comes from. */
    public sealed interface Tls {

        /** PEM files polled for changes by a {@link CertificateReloader} ({@code --tls-mode files}). */
        record Files(Path certFile, Path keyFile, Duration reloadPeriod) implements Tls {
        }

        /**
         * A key store handed over at start; its owner (the self-managed certificates) swaps later
         * ones in through {@link WebhookServer#serving()}.
         */
        record Supplied(PemKeyStore initial) implements Tls {
        }
    }

    private final Javalin app;
    private final ServingCertificate serving;
    private final CertificateReloader reloader;
    private volatile boolean stopping;

    private WebhookServer(Javalin app, ServingCertificate serving, CertificateReloader reloader) {
        this.app = app;
        this.serving = serving;
        this.reloader = reloader;
    }

    /**
     * Starts serving. Fails fast with an {@link IllegalArgumentException} whose message names the
     * file when the certificate or key is missing or unreadable.
     */
    public static WebhookServer start(Options options, Function<AdmissionInput, Decision> validate, Function<AdmissionInput, Decision> mutate,
                                      BooleanSupplier ready, WebhookMetrics metrics) {
        return start(options, validate, mutate, Readiness.of(ready, "tenancy view not synced"), metrics);
    }

    /** As above, with {@code /readyz} answering why it is not ready. */
    public static WebhookServer start(Options options, Function<AdmissionInput, Decision> validate, Function<AdmissionInput, Decision> mutate,
                                      Readiness ready, WebhookMetrics metrics) {
        CertificateReloader.Snapshot files = options.tls() instanceof Tls.Files f ? CertificateReloader.Snapshot.read(f.certFile(), f.keyFile()) : null;
        PemKeyStore pem = files != null ? files.keyStore() : ((Tls.Supplied) options.tls()).initial();
        ServingCertificate serving = new ServingCertificate(pem);
        SslContextFactory.Server ssl = serving.sslContextFactory();
        ReviewCodec codec = new ReviewCodec();
        WebhookServer[] self = new WebhookServer[1];
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = MAX_BODY;
            config.jetty.modifyServer(server -> {
                server.setStopTimeout(options.stopTimeout().toMillis());
                server.setHandler(new GracefulHandler(server.getHandler()));
            });
            config.jetty.addConnector((server, http) -> {
                HttpConfiguration https = new HttpConfiguration(http);
                SecureRequestCustomizer secure = new SecureRequestCustomizer();
                secure.setSniHostCheck(false);
                https.addCustomizer(secure);
                ServerConnector connector = new ServerConnector(server, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(https));
                connector.setHost(options.host());
                connector.setPort(options.port());
                return connector;
            });
            config.routes.post("/validate", new AdmissionEndpoint("validate", codec, validate, metrics));
            config.routes.post("/mutate", new AdmissionEndpoint("mutate", codec, mutate, metrics));
            if (options.noopEndpoint()) {
                config.routes.post("/noop", new AdmissionEndpoint("noop", codec, in -> Decision.allow(), metrics));
            }
            config.routes.get("/healthz", ctx -> ctx.result("ok"));
            config.routes.get("/readyz", ctx -> {
                Optional<String> why = self[0].stopping ? Optional.of("shutting down") : ready.notReadyBecause();
                ctx.status(why.isEmpty() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).result(why.orElse("ok"));
            });
            config.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.scrape()));
            config.routes.exception(io.javalin.http.HttpResponseException.class, (e, ctx) ->
                    ctx.status(e.getStatus()).contentType("application/json").result(AdmissionEndpoint.error(e.getMessage())));
        });
        CertificateReloader reloader = options.tls() instanceof Tls.Files f
                ? new CertificateReloader(f.certFile(), f.keyFile(), serving, files.digest()) : null;
        WebhookServer server = new WebhookServer(app, serving, reloader);
        self[0] = server;
        metrics.gauge("jig.webhook.tls.reloads", serving, ServingCertificate::swaps);
        metrics.functionCounter("jig.webhook.tls.reload.failures", serving, ServingCertificate::failures);
        // in every mode (cert-manager's files, self-managed, given files): what the alert on a renewal that did not come reads
        metrics.gauge("jig.webhook.tls.expiry.seconds", serving,
                s -> java.time.Duration.between(java.time.Instant.now(), s.chain().get(0).getNotAfter().toInstant()).toSeconds());
        app.start();
        if (options.tls() instanceof Tls.Files f) reloader.start(f.reloadPeriod().toMillis(), TimeUnit.MILLISECONDS);
        LOG.atInfo().addKeyValue("event", "started").addKeyValue("port", server.port())
                .addKeyValue("certificate", pem.chain().get(0).getSubjectX500Principal().getName()).log("webhook serving HTTPS");
        return server;
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return ((ServerConnector) app.jettyServer().server().getConnectors()[0]).getLocalPort();
    }

    /** The PEM file poller; only in {@link Tls.Files} mode. */
    public CertificateReloader reloader() {
        if (reloader == null) throw new IllegalStateException("the certificate is not read from files");
        return reloader;
    }

    /** Where a new serving certificate is swapped in without a restart. */
    public ServingCertificate serving() {
        return serving;
    }

    /** Drops readiness, waits {@code drain} for the Service to stop sending, then stops gracefully. */
    public void shutdown(Duration drain) {
        stopping = true;
        try {
            Thread.sleep(drain.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
    }

    @Override
    public void close() {
        stopping = true;
        if (reloader != null) reloader.close();
        app.stop();
    }
}
