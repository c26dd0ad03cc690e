package dev.jig.webhook;

import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.kube.SelfManagedCertificates;
import dev.jig.webhook.tls.RenewalPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/**
 * The webhook's command-line options. Each flag {@code --some-name} falls back to the environment
 * variable {@code JIG_WEBHOOK_SOME_NAME} (picocli's {@code ${env:...}} default; the one exception,
 * {@code --webhook-configurations}, reads {@code JIG_WEBHOOK_CONFIGURATIONS}), so a Helm chart can
 * configure the webhook and the controller alike. Precedence, highest first: flag, environment
 * variable, the JSON file named by {@code --config} ({@link WebhookConfig#withFile}), built-in
 * defaults ({@link WebhookConfig#defaults}). A field left {@code null} here was given neither as a
 * flag nor in the environment.
 */
public final class WebhookOptions {

    /**
     * The self-managed Secret unless {@code --tls-secret} names another: not {@code jig-webhook-tls},
     * the Secret cert-manager writes in the files mode, so a switch between modes never finds the
     * other mode's Secret under its name.
     */
    public static final String DEFAULT_TLS_SECRET = "jig-webhook-self-managed-tls";

    @Option(names = "--config", defaultValue = "${env:JIG_WEBHOOK_CONFIG}",
            description = "JSON configuration file, below flags and environment (see WebhookConfig)")
    Path config;

    @Option(names = "--host", defaultValue = "${env:JIG_WEBHOOK_HOST}", description = "address to bind (default 0.0.0.0)")
    String host;

    @Option(names = "--port", defaultValue = "${env:JIG_WEBHOOK_PORT}", description = "HTTPS port (default 8443)")
    Integer port;

    @Option(names = "--tls-cert", defaultValue = "${env:JIG_WEBHOOK_TLS_CERT}",
            description = "PEM certificate chain (default /etc/jig-webhook/tls/tls.crt)")
    Path tlsCert;

    @Option(names = "--tls-key", defaultValue = "${env:JIG_WEBHOOK_TLS_KEY}",
            description = "PEM private key (default /etc/jig-webhook/tls/tls.key)")
    Path tlsKey;

    @Option(names = "--tls-reload-seconds", defaultValue = "${env:JIG_WEBHOOK_TLS_RELOAD_SECONDS}",
            description = "how often to look for a renewed certificate (default 10)")
    Long tlsReloadSeconds;

    @Option(names = "--tls-mode", defaultValue = "${env:JIG_WEBHOOK_TLS_MODE:-files}",
            description = "files: serve --tls-cert/--tls-key, re-read when they change (default); self-managed: make a CA and serving"
                    + " certificate, keep them in --tls-secret, patch the caBundle of --webhook-configurations, renew before expiry")
    String tlsMode;

    @Option(names = "--tls-secret", defaultValue = "${env:JIG_WEBHOOK_TLS_SECRET:-" + DEFAULT_TLS_SECRET + "}",
            description = "self-managed: the Secret in --namespace holding the CA and serving certificate, never cert-manager's"
                    + " (default " + DEFAULT_TLS_SECRET + ")")
    String tlsSecret;

    @Option(names = "--tls-service", defaultValue = "${env:JIG_WEBHOOK_TLS_SERVICE:-jig-webhook}",
            description = "self-managed: the webhook's Service; the certificate names <svc>, <svc>.<ns>, <svc>.<ns>.svc,"
                    + " <svc>.<ns>.svc.cluster.local (default jig-webhook)")
    String tlsService;

    @Option(names = "--webhook-configurations", split = ",", defaultValue = "${env:JIG_WEBHOOK_CONFIGURATIONS:-jig-webhook}",
            description = "self-managed: the Validating and Mutating webhook configurations whose caBundle to keep (default jig-webhook)")
    List<String> webhookConfigurations;

    @Option(names = "--namespace", defaultValue = "${env:JIG_WEBHOOK_NAMESPACE}",
            description = "self-managed: the namespace of the Secret and the Service (default: the POD_NAMESPACE environment variable)")
    String namespace;

    @Option(names = "--break-glass", split = ",", defaultValue = "${env:JIG_WEBHOOK_BREAK_GLASS}",
            description = "NodePool/<name> and EC2NodeClass/<name> entries admitted without provenance"
                    + " (a bare <name> is read as NodePool/<name>, for one release; any other form is a usage error)")
    List<String> breakGlass;

    @Option(names = "--exempt-namespaces", split = ",", defaultValue = "${env:JIG_WEBHOOK_EXEMPT_NAMESPACES}",
            description = "namespaces no rule touches (default kube-system,kube-public,kube-node-lease,jig-system)")
    List<String> exemptNamespaces;

    @Option(names = "--node-labellers", split = ",", defaultValue = "${env:JIG_WEBHOOK_NODE_LABELLERS}",
            description = "principals that may set a Node's tenancy label besides the label admins (default "
                    + "system:serviceaccount:jig-system:jig-controller,system:serviceaccount:kube-system:karpenter,"
                    + "system:serviceaccount:karpenter:karpenter)")
    List<String> nodeLabellers;

    @Option(names = "--drain-seconds", defaultValue = "${env:JIG_WEBHOOK_DRAIN_SECONDS}",
            description = "on SIGTERM, keep serving while not ready for this long (default 5)")
    Long drainSeconds;

    @Option(names = "--stop-timeout-seconds", defaultValue = "${env:JIG_WEBHOOK_STOP_TIMEOUT_SECONDS}",
            description = "then wait this long for requests in flight (default 20)")
    Long stopTimeoutSeconds;

    @Option(names = "--noop-endpoint", defaultValue = "${env:JIG_WEBHOOK_NOOP_ENDPOINT:-false}",
            description = "also serve POST /noop (benchmark baseline)")
    boolean noopEndpoint;

    @Option(names = "--manifests", defaultValue = "${env:JIG_WEBHOOK_MANIFESTS}",
            description = "run without a cluster: a fixed tenancy view from the output of `jig compile --out DIR`")
    Path manifests;

    /** The configuration file, or null when none is given. */
    public Path config() {
        return config;
    }

    /** The compiled manifests directory for a run without a cluster, or null. */
    public Path manifests() {
        return manifests;
    }

    /** The self-managed certificate settings, or empty in {@code --tls-mode files}; the namespace falls back to {@code POD_NAMESPACE}. */
    public Optional<SelfManagedCertificates.Settings> selfManaged() {
        return selfManaged(System::getenv);
    }

    /**
     * As {@link #selfManaged()}, with the environment given. Throws {@link IllegalArgumentException}
     * for an unknown mode, a missing namespace or an empty name.
     */
    public Optional<SelfManagedCertificates.Settings> selfManaged(UnaryOperator<String> env) {
        if ("files".equals(tlsMode)) return Optional.empty();
        if (!"self-managed".equals(tlsMode)) {
            throw new IllegalArgumentException("unknown --tls-mode '" + tlsMode + "': use files or self-managed");
        }
        if (manifests != null) throw new IllegalArgumentException("--tls-mode self-managed needs a cluster; it cannot run with --manifests");
        String ns = namespace != null && !namespace.isBlank() ? namespace : env.apply("POD_NAMESPACE");
        if (ns == null || ns.isBlank()) {
            throw new IllegalArgumentException("--tls-mode self-managed needs the namespace of its Secret and Service: set --namespace"
                    + " (JIG_WEBHOOK_NAMESPACE) or POD_NAMESPACE from the downward API");
        }
        List<String> configurations = webhookConfigurations.stream().map(String::trim).filter(n -> !n.isEmpty()).toList();
        if (blank(tlsSecret) || blank(tlsService) || configurations.isEmpty()) {
            throw new IllegalArgumentException("--tls-mode self-managed needs --tls-secret, --tls-service and --webhook-configurations");
        }
        if (!tlsService.matches("[a-z]([-a-z0-9]{0,61}[a-z0-9])?")) {
            throw new IllegalArgumentException("--tls-service '" + tlsService + "' is not a Service name: give the name alone (such as"
                    + " jig-webhook); the certificate names <name>, <name>.<namespace>, <name>.<namespace>.svc and"
                    + " <name>.<namespace>.svc.cluster.local");
        }
        return Optional.of(new SelfManagedCertificates.Settings(ns, tlsSecret, tlsService, configurations, RenewalPolicy.defaults()));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /**
     * The configuration: the built-in defaults, then the {@code --config} file, then these options.
     * Throws {@link IllegalArgumentException} naming a problem with the file.
     */
    public WebhookConfig resolve() {
        WebhookConfig c = WebhookConfig.defaults();
        if (config != null) c = c.withFile(config);
        return applyTo(c);
    }

    /** {@code base} with every option that was given (as a flag or in the environment) applied over it. */
    public WebhookConfig applyTo(WebhookConfig base) {
        WebhookConfig c = base.with(host, port, tlsCert, tlsKey, breakGlass, noopEndpoint);
        WebhookSettings s = exemptNamespaces == null ? c.settings() : c.settings().withExemptNamespaces(new LinkedHashSet<>(exemptNamespaces));
        if (nodeLabellers != null) s = s.withNodeLabellers(nodeLabellers);
        return new WebhookConfig(c.host(), c.port(), c.tlsCert(), c.tlsKey(), seconds(tlsReloadSeconds, c.tlsReload()),
                seconds(drainSeconds, c.drain()), seconds(stopTimeoutSeconds, c.stopTimeout()), c.noopEndpoint(), s);
    }

    private static Duration seconds(Long given, Duration otherwise) {
        return given == null ? otherwise : Duration.ofSeconds(given);
    }
}
