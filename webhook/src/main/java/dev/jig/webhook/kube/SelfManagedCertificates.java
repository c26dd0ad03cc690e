package dev.jig.webhook.kube;

import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.tls.PemKeyStore;
import dev.jig.webhook.tls.RenewalPolicy;
import dev.jig.webhook.tls.ServingCertificate;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
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
 *       the start-up race between replicas, and the losers adopt the winner's CA), replacing one
 *       that cannot be read;</li>
 *   <li>patch the configurations' {@code caBundle} where it differs ({@link CaBundles});</li>
 *   <li>the renewal step due, if any ({@link RenewalPolicy}), written at the
 *       {@code resourceVersion} read; on a conflict another replica wrote first, so its Secret is
 *       read and the decision made again (a renewal due on every replica happens once);</li>
 *   <li>swap the Secret's serving certificate into the running server when it changed
 *       ({@link ServingCertificate}: no restart); so every replica picks up a renewal within a
 *       period, whichever replica made it.</li>
 * </ol>
 * {@link #ready()} is true once the certificate served is signed by a CA that every webhook of
 * every configuration trusts. A forbidden or unauthorised call, or a missing configuration, makes
 * it false; any other API error (an outage, a timeout) keeps the last state, so the replicas do
 * not all drop out on a blip. Every problem is one log line when it starts and one when it ends,
 * and the next period retries; nothing here stops the process.
 */
public final class SelfManagedCertificates implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SelfManagedCertificates.class);

    /** How long the start waits for the Secret before it serves a throwaway certificate. */
    public static final Duration FIRST_WAIT = Duration.ofSeconds(10);

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
    private ServingCertificate serving;
    private volatile X509Certificate served;
    private volatile boolean ready;
    private final Object problemLock = new Object();
    private String problem;

    public SelfManagedCertificates(KubernetesClient client, Settings settings, Clock clock, WebhookMetrics metrics) {
        this.settings = settings;
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
     * cannot be reached within {@link #FIRST_WAIT} (the client retries with back-off for longer),
     * a throwaway certificate that no configuration trusts, so the webhook starts, answers
     * {@code /healthz} before its liveness probe gives up, stays not ready and keeps trying.
     */
    public PemKeyStore firstKeyStore() {
        Future<Optional<ServingMaterial>> read = timer.submit(() -> attempt(this::current));
        Optional<ServingMaterial> material;
        try {
            material = read.get(FIRST_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            problem("the API server did not answer within " + FIRST_WAIT.toSeconds() + " s; serving a throwaway certificate, not ready, retrying");
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
            X509Certificate trustedBefore = sync.trustsSigningCa() && sync.patched() == 0 ? before.ca() : null;
            ServingMaterial m = renew(stored, trustedBefore).material().orElseThrow();
            boolean changed = m != before;
            if (!m.serving().equals(served) && serving != null) {
                serving.swap(m.keyStore(), secret.describe());
                served = m.serving();
                changed = true;
            }
            if (changed) sync = bundles.sync(m.bundlePem(), m.ca(), served);
            ready = sync.trustsServed() && serving != null;
            problem(sync.problems().isEmpty() ? null : String.join("; ", sync.problems()) + "; not ready until they exist");
            return m;
        });
        return ready;
    }

    /**
     * Writes the renewal due, if any, at the version read; when another replica wrote first (409),
     * reads its Secret and decides again, a few times. {@code trustedCa} is the CA the
     * configurations trusted before this reconcile touched them, or null.
     */
    private CertificateSecret.Stored renew(CertificateSecret.Stored stored, X509Certificate trustedCa) {
        for (int attempt = 0; attempt < 3; attempt++) {
            ServingMaterial m = stored.material().orElseThrow();
            Optional<RenewalPolicy.Renewal> renewal = settings.policy().next(m, clock.instant(), settings.dnsNames(), m.ca().equals(trustedCa));
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
        if (read.isEmpty()) {
            CertificateSecret.Stored s = secret.createOrAdopt(fresh());
            LOG.atInfo().addKeyValue("event", "tls-secret-ready").log(secret.describe() + " holds the CA and serving certificate");
            return s.material().isPresent() ? s : replaceUnusable(s);
        }
        return read.get().material().isPresent() ? read.get() : replaceUnusable(read.get());
    }

    private CertificateSecret.Stored replaceUnusable(CertificateSecret.Stored unusable) {
        LOG.atWarn().addKeyValue("event", "tls-secret-replaced").log("replacing an unusable " + secret.describe() + ": " + unusable.problem());
        Optional<CertificateSecret.Stored> replaced = secret.replace(unusable, fresh());
        if (replaced.isPresent()) return replaced.get();
        CertificateSecret.Stored again = secret.read().orElseThrow(() -> new IllegalStateException(secret.describe() + " disappeared"));
        if (again.material().isEmpty()) throw new IllegalStateException(again.problem());
        return again;
    }

    private ServingMaterial fresh() {
        return settings.policy().initial(clock.instant(), settings.dnsNames());
    }

    private <T> Optional<T> attempt(Step<T> step) {
        try {
            T result = step.run();
            return Optional.of(result);
        } catch (KubernetesClientException e) {
            String detail = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                    : e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")");
            if (e.getCode() == 401 || e.getCode() == 403) {
                ready = false;
                problem("the webhook may not read or write " + secret.describe() + " or the webhook configurations "
                        + settings.configurations() + " (HTTP " + e.getCode() + "); see the RBAC in webhook/README.md: " + detail);
            } else {
                problem("Kubernetes API error" + (e.getCode() > 0 ? " (HTTP " + e.getCode() + ")" : "") + ", retrying: " + detail);
            }
        } catch (Exception e) {
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
