package dev.jig.webhook;

import dev.jig.api.CommonPool;
import dev.jig.webhook.kube.ManifestTenancy;
import dev.jig.webhook.kube.SelfManagedCertificates;
import dev.jig.webhook.kube.TenancyWatch;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.server.Readiness;
import dev.jig.webhook.server.WebhookServer;
import dev.jig.webhook.tenancy.TenancyView;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/**
 * Starts the admission webhook: reads the configuration ({@link WebhookOptions}: flags, then their
 * {@code JIG_WEBHOOK_*} environment variables, then the file, then defaults), connects to the
 * cluster (kubeconfig from {@code KUBECONFIG}/{@code ~/.kube/config}, or the in-cluster service
 * account), starts the tenancy informers, takes its certificate from files or makes and renews
 * its own ({@code --tls-mode self-managed}, {@link SelfManagedCertificates}; not ready until the
 * webhook configurations trust it) and serves HTTPS until SIGTERM, then drains and stops
 * gracefully. Exit codes: 0 after a clean stop, 2 for a configuration problem (missing certificate,
 * bad config file), with the reason on stderr.
 */
@Command(name = "jig-webhook", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class, description = "Jig admission webhook: pools, pods and namespaces.",
        footer = "%nEvery flag --some-name can be given as the environment variable JIG_WEBHOOK_SOME_NAME instead."
                + " Flags win over the environment, which wins over the --config file.")
public final class Main implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    @Mixin
    WebhookOptions options = new WebhookOptions();

    public static void main(String[] args) {
        CommonPool.sizeForHttpClient(); // its informers and writes run on fabric8's JDK client too
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        WebhookConfig cfg;
        try {
            cfg = options.resolve();
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            return 2;
        }
        WebhookMetrics metrics = new WebhookMetrics();
        WebhookRules rules = new WebhookRules(cfg.settings());
        Optional<TenancyView> fixed;
        try {
            fixed = options.manifests() == null ? Optional.empty() : Optional.of(ManifestTenancy.load(options.manifests()));
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            return 2;
        }
        Optional<SelfManagedCertificates.Settings> selfManaged;
        try {
            selfManaged = options.selfManaged();
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            return 2;
        }
        KubernetesClient client = fixed.isPresent() ? null : new KubernetesClientBuilder().build();
        TenancyWatch watch = client == null ? null : new TenancyWatch(client, metrics).start();
        Supplier<Optional<TenancyView>> view = watch == null ? () -> fixed : watch::view;
        SelfManagedCertificates certificates = selfManaged.map(s -> new SelfManagedCertificates(client, s, Clock.systemUTC(), metrics)).orElse(null);
        WebhookServer.Tls tls = certificates == null ? new WebhookServer.Tls.Files(cfg.tlsCert(), cfg.tlsKey(), cfg.tlsReload())
                : new WebhookServer.Tls.Supplied(certificates.firstKeyStore());
        WebhookServer server;
        try {
            server = WebhookServer.start(new WebhookServer.Options(cfg.host(), cfg.port(), tls, cfg.stopTimeout(), cfg.noopEndpoint()),
                    in -> rules.validate(in, view.get()), in -> rules.mutate(in, view.get()),
                    readiness(view, certificates), metrics);
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            close(certificates, watch, client);
            return 2;
        }
        if (certificates != null) certificates.start(server.serving(), cfg.tlsReload());
        CountDownLatch stopped = new CountDownLatch(1);
        WebhookConfig finalCfg = cfg;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.atInfo().addKeyValue("event", "stopping").log("draining for " + finalCfg.drain());
            server.shutdown(finalCfg.drain());
            close(certificates, watch, client);
            stopped.countDown();
        }, "shutdown"));
        stopped.await();
        return 0;
    }

    private static Readiness readiness(Supplier<Optional<TenancyView>> view, SelfManagedCertificates certificates) {
        Readiness tenancy = Readiness.of(() -> view.get().isPresent(), "tenancy view not synced");
        return certificates == null ? tenancy : tenancy.and(certificates::notReadyBecause);
    }

    private static void close(SelfManagedCertificates certificates, TenancyWatch watch, KubernetesClient client) {
        if (certificates != null) certificates.close();
        if (watch != null) watch.close();
        if (client != null) client.close();
    }

    /** {@code jig-webhook <the build's version>}, the same for every program of one build. */
    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jig-webhook " + dev.jig.api.Version.current()};
        }
    }
}
