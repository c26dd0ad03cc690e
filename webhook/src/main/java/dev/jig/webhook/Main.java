package dev.jig.webhook;

import dev.jig.webhook.kube.ManifestTenancy;
import dev.jig.webhook.kube.TenancyWatch;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.server.WebhookServer;
import dev.jig.webhook.tenancy.TenancyView;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Starts the admission webhook: reads the configuration (file, then flags), connects to the
 * cluster (kubeconfig from {@code KUBECONFIG}/{@code ~/.kube/config}, or the in-cluster service
 * account), starts the tenancy informers and serves HTTPS until SIGTERM, then drains and stops
 * gracefully. Exit codes: 0 after a clean stop, 2 for a configuration problem (missing certificate,
 * bad config file), with the reason on stderr.
 */
@Command(name = "jig-webhook", mixinStandardHelpOptions = true, description = "Jig admission webhook: pools, pods and namespaces.")
public final class Main implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    @Option(names = "--config", description = "JSON configuration file (see WebhookConfig)")
    Path config;

    @Option(names = "--host", description = "address to bind (default 0.0.0.0)")
    String host;

    @Option(names = "--port", description = "HTTPS port (default 8443)")
    Integer port;

    @Option(names = "--tls-cert", description = "PEM certificate chain (default /etc/jig-webhook/tls/tls.crt)")
    Path tlsCert;

    @Option(names = "--tls-key", description = "PEM private key (default /etc/jig-webhook/tls/tls.key)")
    Path tlsKey;

    @Option(names = "--break-glass", split = ",", description = "NodePool/EC2NodeClass names admitted without provenance")
    List<String> breakGlass;

    @Option(names = "--noop-endpoint", description = "also serve POST /noop (benchmark baseline)")
    boolean noop;

    @Option(names = "--manifests", description = "run without a cluster: a fixed tenancy view from the output of `jig compile --out DIR`")
    Path manifests;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        WebhookConfig cfg;
        try {
            cfg = WebhookConfig.defaults();
            if (config != null) cfg = cfg.withFile(config);
            cfg = cfg.with(host, port, tlsCert, tlsKey, breakGlass, noop);
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            return 2;
        }
        WebhookMetrics metrics = new WebhookMetrics();
        WebhookRules rules = new WebhookRules(cfg.settings());
        Optional<TenancyView> fixed;
        try {
            fixed = manifests == null ? Optional.empty() : Optional.of(ManifestTenancy.load(manifests));
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            return 2;
        }
        KubernetesClient client = fixed.isPresent() ? null : new KubernetesClientBuilder().build();
        TenancyWatch watch = client == null ? null : new TenancyWatch(client, metrics).start();
        Supplier<Optional<TenancyView>> view = watch == null ? () -> fixed : watch::view;
        WebhookServer server;
        try {
            server = WebhookServer.start(new WebhookServer.Options(cfg.host(), cfg.port(), cfg.tlsCert(), cfg.tlsKey(), cfg.tlsReload(),
                    cfg.stopTimeout(), cfg.noopEndpoint()), in -> rules.validate(in, view.get()), in -> rules.mutate(in, view.get()),
                    () -> view.get().isPresent(), metrics);
        } catch (IllegalArgumentException e) {
            System.err.println("jig-webhook: " + e.getMessage());
            close(watch, client);
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        WebhookConfig finalCfg = cfg;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.atInfo().addKeyValue("event", "stopping").log("draining for " + finalCfg.drain());
            server.shutdown(finalCfg.drain());
            close(watch, client);
            stopped.countDown();
        }, "shutdown"));
        stopped.await();
        return 0;
    }

    private static void close(TenancyWatch watch, KubernetesClient client) {
        if (watch != null) watch.close();
        if (client != null) client.close();
    }
}
