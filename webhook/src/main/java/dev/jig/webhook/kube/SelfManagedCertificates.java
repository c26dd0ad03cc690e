package dev.jig.webhook.kube;

import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.tls.CertificateIssuer;
import dev.jig.webhook.tls.PemKeyStore;
import dev.jig.webhook.tls.RenewalPolicy;
import dev.jig.webhook.tls.ServingCertificate;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The self-managed certificate mode ({@code --tls-mode self-managed}), as Kyverno does it: the
 * webhook makes its own CA and serving certificate, keeps them in one Secret, patches the
 * {@code caBundle} of its webhook configurations and renews before expiry, with no cert-manager.
 * Every replica runs the same reconcile every period ({@link #reconcile()}):
 * <ol>
 *   <li>read the Secret, or create it if absent ({@link CertificateSecret}: the API server decides
 *       the start-up race between replicas, and the losers adopt the winner's CA). A Secret of that
 *       name without {@code app.kubernetes.io/managed-by=jig-webhook} is someone else's (say
 *       cert-manager's): it is never written, only reported (log line, metric, readiness reason),
 *       and the webhook stays not ready. Its own Secret that cannot be read is replaced by new
 *       material whose bundle keeps the old {@code ca.crt} certificates that still parse, so
 *       replicas still serving the old certificate stay trusted during the switch;</li>
 *   <li>patch the configurations' {@code caBundle} where it differs ({@link CaBundles}), and record
 *       on the Secret when the configurations were first seen trusting its signing CA
 *       ({@link dev.jig.api.karpenter.Annotations#CA_TRUSTED_SINCE});</li>
 *   <li>the renewal step due, if any ({@link RenewalPolicy}; a new CA signs only
 *       {@link RenewalPolicy#SETTLE} after the trust was first seen), written at the
 *       {@code resourceVersion} read; on a conflict another replica wrote first, so its Secret is
 *       read and the decision made again (a renewal due on every replica happens once);</li>
 *   <li>swap the Secret's serving certificate into the running server when it changed
 *       ({@link ServingCertificate}: no restart); so every replica picks up a renewal within a
 *       period, whichever replica made it.</li>
 * </ol>
 * {@link #ready()} is true once the certificate served is signed by a CA that every webhook of
 * every configuration trusts. A missing configuration or a foreign Secret makes it false. A 401 or
 * 403 (an RBAC glitch) is one log line and a count of {@code jig_webhook_tls_problems_total}, and
 * keeps the last verdict while the certificate served has more than {@link #NEAR_EXPIRY} left: a
 * glitch must not empty the Service of every replica at once. Another 4xx than 409 or 429 (the
 * API server refusing a write) keeps it for {@link #REJECTION_GRACE}, then makes it false; any
 * other API error (an outage, a timeout) keeps the last verdict, again only while the certificate
 * served is not near expiry. Every problem is one log line when it starts and one when it ends,
 * and the next period retries; nothing here stops the process.
 */
public final class SelfManagedCertificates implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SelfManagedCertificates.class);

    /** How long the start waits for the Secret before it serves a throwaway certificate. */
    public static final Duration FIRST_WAIT = Duration.ofSeconds(10);

    /** A certificate served with less validity left than this loses readiness when the API server cannot confirm trust. */
    public static final Duration NEAR_EXPIRY = Duration.ofDays(7);

    /** How long the API server may refuse a write (a 4xx other than 401, 403, 409, 429) before the webhook is not ready. */
    public static final Duration REJECTION_GRACE = Duration.ofMinutes(5);

    /**
     * Where the material lives and whom it serves: the Secret {@code namespace/secret}, the
     * Service {@code service} in {@code namespace} (whose DNS names the certificate carries) and
     * the webhook configurations to patch.
     */
    public record Settings(String namespace, String secret, String service, List<String> configurations, RenewalPolicy policy) {

        public Settings {
            configurations = List.copyOf(configurations);
        }

        /** {@code service}, {@code service.ns}, {@code service.ns.svc}, {@code service.ns.svc.cluster.local}. */
        public List<String> dnsNames() {
            String svc = service + "." + namespace + ".svc";
            return List.of(service, service + "." + namespace, svc, svc + ".cluster.local");
        }
    }

    private final Settings settings;
    private final Clock clock;
    private final CertificateSecret secret;
    private final CaBundles bundles;
    private final ScheduledExecutorService timer;
    private final WebhookMetrics metrics;
    private final Duration firstWait;
    private ServingCertificate serving;
    private Instant rejectedSince;
    private volatile X509Certificate served;
    private volatile boolean ready;
    private final Object problemLock = new Object();
    private String problem;

    public SelfManagedCertificates(KubernetesClient client, Settings settings, Clock clock, WebhookMetrics metrics) {
        this(client, settings, clock, metrics, FIRST_WAIT);
    }

    /** As the main constructor, waiting {@code firstWait} instead of {@link #FIRST_WAIT} at start (tests). */
    public SelfManagedCertificates(KubernetesClient client, Settings settings, Clock clock, WebhookMetrics metrics, Duration firstWait) {
        this.settings = settings;
        this.metrics = metrics;
        this.firstWait = firstWait;
        this.clock = clock;
        this.secret = new CertificateSecret(client, settings.namespace(), settings.secret());
        this.bundles = new CaBundles(client, settings.configurations());
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tls-self-managed");
            t.setDaemon(true);
            return t;
        });
        metrics.gauge("jig.webhook.tls.trusted", () -> ready);
    }

    /**
     * The key store to start serving with: the Secret's, read or created now; when the API server
     * cannot be reached within {@link #FIRST_WAIT} (or the Secret is someone else's; the client retries with back-off for longer),
     * a throwaway certificate that no configuration trusts, so the webhook starts, answers
     * {@code /healthz} before its liveness probe gives up, stays not ready and keeps trying.
     */
    public PemKeyStore firstKeyStore() {
        Future<Optional<ServingMaterial>> read = timer.submit(() -> attempt(this::current));
        Optional<ServingMaterial> material;
        try {
            material = read.get(firstWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            problem("the API server did not answer within " + firstWait.toMillis() / 1000.0 + " s; serving a throwaway certificate, not ready, retrying");
            material = Optional.empty();
        } catch (ExecutionException e) {
            material = Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            material = Optional.empty();
        }
        ServingMaterial first = material.orElseGet(this::fresh);
        served = first.serving();
        return first.keyStore();
    }

    /** Reconciles every {@code period} from now on, swapping renewed certificates into {@code into}. */
    public synchronized SelfManagedCertificates start(ServingCertificate into, Duration period) {
        this.serving = into;
        timer.scheduleWithFixedDelay(this::reconcile, 0, period.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** One reconcile (see the class comment); returns whether the webhook is ready after it. */
    public synchronized boolean reconcile() {
        attempt(() -> {
            CertificateSecret.Stored stored = stored();
            ServingMaterial before = stored.material().orElseThrow();
            CaBundles.Sync sync = bundles.sync(before.bundlePem(), before.ca(), served);
            stored = recordTrust(stored, sync);
            ServingMaterial m = renew(stored).material().orElseThrow();
            boolean changed = !m.equals(before);
            if (!m.serving().equals(served) && serving != null) {
                serving.swap(m.keyStore(), secret.describe());
                served = m.serving();
                changed = true;
            }
            if (changed) sync = bundles.sync(m.bundlePem(), m.ca(), served);
            ready = sync.trustsServed() && serving != null;
            rejectedSince = null;
            problem(sync.problems().isEmpty() ? null : String.join("; ", sync.problems()) + "; not ready until they exist");
            return m;
        });
        return ready;
    }

    /**
     * Keeps {@link dev.jig.api.karpenter.Annotations#CA_TRUSTED_SINCE} true to what this sync saw:
     * absent while the configurations do not trust the signing CA, now when they trust it only since
     * this sync patched them, kept when they already did. Returns the Secret as stored after it.
     */
    private CertificateSecret.Stored recordTrust(CertificateSecret.Stored stored, CaBundles.Sync sync) {
        Optional<Instant> recorded = stored.trustedSince();
        Optional<Instant> since = !sync.trustsSigningCa() ? Optional.empty()
                : sync.patched() == 0 && recorded.isPresent() ? recorded : Optional.of(clock.instant());
        if (since.equals(recorded)) return stored;
        Optional<CertificateSecret.Stored> written = secret.trustedSince(stored, since);
        if (written.isPresent()) return written.get();
        LOG.atInfo().addKeyValue("event", "tls-renewal-conflict").log(secret.describe() + " was changed by another replica first; reading it again");
        return stored();
    }

    /**
     * Writes the renewal due, if any, at the version read; when another replica wrote first (409),
     * reads its Secret and decides again, a few times.
     */
    private CertificateSecret.Stored renew(CertificateSecret.Stored stored) {
        for (int attempt = 0; attempt < 3; attempt++) {
            ServingMaterial m = stored.material().orElseThrow();
            Optional<RenewalPolicy.Renewal> renewal = settings.policy().next(m, clock.instant(), settings.dnsNames(), stored.trustedSince());
            if (renewal.isEmpty()) return stored;
            Optional<CertificateSecret.Stored> replaced = secret.replace(stored, renewal.get().next());
            if (replaced.isPresent()) {
                LOG.atInfo().addKeyValue("event", "tls-renewed").addKeyValue("step", renewal.get().step().name())
                        .log(secret.describe() + " renewed: " + renewal.get().reason());
                return replaced.get();
            }
            LOG.atInfo().addKeyValue("event", "tls-renewal-conflict").log(secret.describe() + " was changed by another replica first; deciding again");
            stored = stored();
        }
        return stored;
    }

    /** Whether the certificate served is one every webhook configuration trusts. */
    public boolean ready() {
        return ready;
    }

    /** Empty when {@link #ready()}; otherwise why not: the current problem, if any. */
    public Optional<String> notReadyBecause() {
        if (ready) return Optional.empty();
        synchronized (problemLock) {
            return Optional.of("the webhook configurations " + settings.configurations() + " do not trust the serving certificate yet"
                    + (problem == null ? "" : ": " + problem));
        }
    }

    /** The material in the Secret, creating or replacing it as needed. */
    private ServingMaterial current() {
        return stored().material().orElseThrow();
    }

    private CertificateSecret.Stored stored() {
        Optional<CertificateSecret.Stored> read = secret.read();
        CertificateSecret.Stored s;
        if (read.isEmpty()) {
            s = secret.createOrAdopt(fresh());
            LOG.atInfo().addKeyValue("event", "tls-secret-ready").log(secret.describe() + " holds the CA and serving certificate");
        } else {
            s = read.get();
        }
        if (!s.owned()) throw new ForeignSecretException(s);
        return s.material().isPresent() ? s : replaceUnusable(s);
    }

    /** Replaces this webhook's own unusable Secret, keeping the old {@code ca.crt} certificates that parse (and have not expired) trusted. */
    private CertificateSecret.Stored replaceUnusable(CertificateSecret.Stored unusable) {
        LOG.atWarn().addKeyValue("event", "tls-secret-replaced").log("replacing an unusable " + secret.describe() + ": " + unusable.problem());
        ServingMaterial fresh = fresh();
        Instant now = clock.instant();
        List<X509Certificate> old = unusable.caCertificates().stream().filter(c -> now.isBefore(c.getNotAfter().toInstant())).toList();
        ServingMaterial next = ServingMaterial.of(fresh.authority(), old, new CertificateIssuer.Issued(fresh.serving(), fresh.servingKey()));
        Optional<CertificateSecret.Stored> replaced = secret.replace(unusable, next);
        if (replaced.isPresent()) return replaced.get();
        CertificateSecret.Stored again = secret.read().orElseThrow(() -> new IllegalStateException(secret.describe() + " disappeared"));
        if (!again.owned()) throw new ForeignSecretException(again);
        if (again.material().isEmpty()) throw new IllegalStateException(again.problem());
        return again;
    }

    /** A Secret of the configured name that this webhook did not make: never written, only reported. */
    private final class ForeignSecretException extends RuntimeException {
        ForeignSecretException(CertificateSecret.Stored found) {
            super(secret.describe() + " exists but is not managed by " + CertificateSecret.MANAGER + " (no label "
                    + dev.jig.api.karpenter.WellKnownLabels.MANAGED_BY + "=" + CertificateSecret.MANAGER + "; "
                    + (found.material().isPresent() ? "it holds a usable certificate" : found.problem())
                    + "); it is left untouched and the webhook stays not ready: give --tls-secret a name of its own"
                    + " (the default is jig-webhook-self-managed-tls) or delete that Secret");
        }
    }

    /** Whether the certificate served has {@link #NEAR_EXPIRY} or less left (or there is none). */
    private boolean nearExpiry() {
        X509Certificate s = served;
        return s == null || !clock.instant().plus(NEAR_EXPIRY).isBefore(s.getNotAfter().toInstant());
    }

    private ServingMaterial fresh() {
        return settings.policy().initial(clock.instant(), settings.dnsNames());
    }

    private <T> Optional<T> attempt(Step<T> step) {
        try {
            T result = step.run();
            return Optional.of(result);
        } catch (ForeignSecretException e) {
            ready = false;
            metrics.tlsProblem("foreign-secret");
            problem(e.getMessage());
        } catch (KubernetesClientException e) {
            String detail = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                    : e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")");
            int code = e.getCode();
            if (code == 401 || code == 403) {
                metrics.tlsProblem("forbidden");
                ready = ready && !nearExpiry();
                problem("the webhook may not read or write " + secret.describe() + " or the webhook configurations "
                        + settings.configurations() + " (HTTP " + code + "); see the RBAC in webhook/README.md: " + detail
                        + (ready ? "; still ready: the certificate served was trusted and has more than " + NEAR_EXPIRY.toDays() + " days left" : ""));
            } else if (code >= 400 && code < 500 && code != 409 && code != 429) {
                metrics.tlsProblem("rejected");
                Instant now = clock.instant();
                if (rejectedSince == null) rejectedSince = now;
                boolean graceOver = !now.isBefore(rejectedSince.plus(REJECTION_GRACE));
                ready = ready && !graceOver && !nearExpiry();
                problem("the Kubernetes API server refused a request (HTTP " + code + ") since " + rejectedSince + ": " + detail
                        + (graceOver ? "; not ready" : "; retrying, not ready if it lasts " + REJECTION_GRACE.toMinutes() + " minutes"));
            } else {
                ready = ready && !nearExpiry();
                problem("Kubernetes API error" + (code > 0 ? " (HTTP " + code + ")" : "") + ", retrying: " + detail);
            }
        } catch (Exception e) {
            ready = ready && !nearExpiry();
            problem("self-managed certificates failed, retrying: " + e.getMessage());
        }
        if (serving != null) serving.failed();
        return Optional.empty();
    }

    /** Logs a problem once when it starts or changes and once when it ends. */
    private void problem(String now) {
        synchronized (problemLock) {
            if (Objects.equals(now, problem)) return;
            if (now == null) {
                LOG.atInfo().addKeyValue("event", "tls-self-managed-ok").log("self-managed certificates in order again");
            } else {
                LOG.atWarn().addKeyValue("event", "tls-self-managed-problem").log(now);
            }
            problem = now;
        }
    }

    @FunctionalInterface
    private interface Step<T> {
        T run() throws Exception;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
