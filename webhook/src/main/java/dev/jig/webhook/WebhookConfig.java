package dev.jig.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.jig.webhook.admission.WebhookSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The webhook's configuration. {@link WebhookOptions} builds it: built-in {@link #defaults()}, then
 * this JSON file (every field optional), then flags and their environment variables, which
 * override the file:
 * <pre>{@code
 * {
 *   "host": "0.0.0.0", "port": 8443,
 *   "tlsCert": "/etc/jig-webhook/tls/tls.crt", "tlsKey": "/etc/jig-webhook/tls/tls.key",
 *   "tlsReloadSeconds": 10,
 *   "breakGlass": ["NodePool/emergency-pool"],
 *   "exemptNamespaces": ["kube-system", "kube-public", "kube-node-lease", "jig-system", "cert-manager", "argocd"],
 *   "nodeLabellers": ["system:serviceaccount:jig-system:jig-controller"],
 *   "platformDefaults": {"expireAfter": "720h", "budgets": [{"nodes": "10%"}]},
 *   "drainSeconds": 5, "stopTimeoutSeconds": 20
 * }
 * }</pre>
 * Unknown fields are errors, so a typo never silently drops a break-glass entry. Every field but
 * {@code platformDefaults} has a flag. {@code platformDefaults} is only a fallback: the platform's
 * NodePool defaults come from the tenancy ConfigMap, and the file's are used only while the tenancy
 * view publishes none (see {@link WebhookSettings}).
 */
public record WebhookConfig(String host, int port, Path tlsCert, Path tlsKey, Duration tlsReload, Duration drain, Duration stopTimeout,
                            boolean noopEndpoint, WebhookSettings settings) {

    private static final Set<String> FIELDS = new java.util.TreeSet<>(List.of("host", "port", "tlsCert", "tlsKey", "tlsReloadSeconds",
            "breakGlass", "exemptNamespaces", "nodeLabellers", "platformDefaults", "drainSeconds", "stopTimeoutSeconds"));

    public static WebhookConfig defaults() {
        return new WebhookConfig("0.0.0.0", 8443, Path.of("/etc/jig-webhook/tls/tls.crt"), Path.of("/etc/jig-webhook/tls/tls.key"),
                Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(20), false, WebhookSettings.defaults());
    }

    /** This configuration with the file's fields applied; throws {@link IllegalArgumentException} naming the problem. */
    public WebhookConfig withFile(Path file) {
        JsonNode doc;
        try {
            doc = new ObjectMapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read config file " + file + ": " + e.getMessage(), e);
        }
        if (doc == null || !doc.isObject()) throw new IllegalArgumentException("config file " + file + " is not a JSON object");
        doc.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) throw new IllegalArgumentException("config file " + file + ": unknown field '" + f + "'; known: " + FIELDS);
        });
        WebhookSettings s = settings;
        if (doc.has("breakGlass")) s = s.withBreakGlass(strings(doc.get("breakGlass"), "breakGlass"));
        if (doc.has("exemptNamespaces")) {
            s = s.withExemptNamespaces(strings(doc.get("exemptNamespaces"), "exemptNamespaces"));
        }
        if (doc.has("nodeLabellers")) s = s.withNodeLabellers(List.copyOf(strings(doc.get("nodeLabellers"), "nodeLabellers")));
        JsonNode pd = doc.path("platformDefaults");
        if (pd.has("expireAfter")) s = new WebhookSettings(s.breakGlass(), s.exemptNamespaces(), pd.get("expireAfter").asText(), s.budgets(), s.nodeLabellers());
        if (pd.has("budgets")) {
            if (!pd.get("budgets").isArray()) throw new IllegalArgumentException("platformDefaults.budgets must be a list");
            s = new WebhookSettings(s.breakGlass(), s.exemptNamespaces(), s.expireAfter(), (ArrayNode) pd.get("budgets"), s.nodeLabellers());
        }
        return new WebhookConfig(doc.path("host").asText(host), doc.path("port").asInt(port),
                doc.has("tlsCert") ? Path.of(doc.get("tlsCert").asText()) : tlsCert,
                doc.has("tlsKey") ? Path.of(doc.get("tlsKey").asText()) : tlsKey,
                doc.has("tlsReloadSeconds") ? Duration.ofSeconds(doc.get("tlsReloadSeconds").asLong()) : tlsReload,
                doc.has("drainSeconds") ? Duration.ofSeconds(doc.get("drainSeconds").asLong()) : drain,
                doc.has("stopTimeoutSeconds") ? Duration.ofSeconds(doc.get("stopTimeoutSeconds").asLong()) : stopTimeout,
                noopEndpoint, s);
    }

    private static Set<String> strings(JsonNode n, String field) {
        if (!n.isArray()) throw new IllegalArgumentException(field + " must be a list of names");
        Set<String> out = new LinkedHashSet<>();
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    public WebhookConfig with(String host, Integer port, Path cert, Path key, List<String> breakGlass, boolean noop) {
        WebhookSettings s = breakGlass == null ? settings : settings.withBreakGlass(new LinkedHashSet<>(breakGlass));
        return new WebhookConfig(host == null ? this.host : host, port == null ? this.port : port, cert == null ? tlsCert : cert,
                key == null ? tlsKey : key, tlsReload, drain, stopTimeout, noop || noopEndpoint, s);
    }
}
