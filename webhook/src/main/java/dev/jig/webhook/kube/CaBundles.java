package dev.jig.webhook.kube;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.jig.webhook.tls.CertificateIssuer;
import dev.jig.webhook.tls.Pem;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.WebhookClientConfig;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Keeps the {@code caBundle} of every webhook in the named webhook configurations equal to the
 * self-managed CA bundle. Each name is looked up as a ValidatingWebhookConfiguration and as a
 * MutatingWebhookConfiguration (the chart gives both the same name); a name that is neither is a
 * problem, reported and retried. A configuration whose webhooks already carry the bundle is not
 * written, so syncing is idempotent and replicas agree; one that someone reset is patched back on
 * the next sync. The JSON patch sets each webhook's {@code caBundle} by index, so it is guarded by a
 * {@code test} of {@code /metadata/resourceVersion}: when the configuration changed since it was
 * read (a webhook added, removed or reordered), the API server refuses the patch (422, or 409) and
 * the configuration is read and patched again, a few times; then the error is thrown. It needs
 * {@code get} and {@code patch} on both kinds, limited by {@code resourceNames}.
 */
public final class CaBundles {

    /**
     * What one sync found: how many configurations it patched; whether every webhook of every
     * configuration trusts the signing CA and the CA of the certificate served; problems (missing
     * configurations), empty when all were found.
     */
    public record Sync(int patched, boolean trustsSigningCa, boolean trustsServed, List<String> problems) {
    }

    /** How many times a configuration that changed between read and patch is read and patched again. */
    private static final int ATTEMPTS = 3;

    private final KubernetesClient client;
    private final List<String> names;
    private final ObjectMapper json = new ObjectMapper();

    public CaBundles(KubernetesClient client, List<String> names) {
        this.client = client;
        this.names = List.copyOf(names);
    }

    /** Patches every configuration whose webhooks do not carry {@code bundlePem} exactly, then checks trust. */
    public Sync sync(String bundlePem, X509Certificate signingCa, X509Certificate served) {
        String wanted = Base64.getEncoder().encodeToString(bundlePem.getBytes(StandardCharsets.US_ASCII));
        List<String> problems = new ArrayList<>();
        int patched = 0;
        boolean signing = true;
        boolean serving = true;
        for (String name : names) {
            List<HasMetadata> found = new ArrayList<>();
            ValidatingWebhookConfiguration v = validating(name);
            MutatingWebhookConfiguration m = mutating(name);
            if (v != null) found.add(v);
            if (m != null) found.add(m);
            if (found.isEmpty()) {
                problems.add("webhook configuration " + name + " not found (neither Validating nor Mutating)");
                continue;
            }
            for (HasMetadata config : found) {
                List<WebhookClientConfig> clients = clientConfigs(config);
                for (int attempt = 1; attempt <= ATTEMPTS && config != null && differs(clients, wanted); attempt++) {
                    try {
                        config = patch(config, clients.size(), wanted);
                        patched++;
                    } catch (KubernetesClientException e) {
                        boolean changedSinceRead = e.getCode() == 422 || e.getCode() == HttpURLConnection.HTTP_CONFLICT;
                        if (!changedSinceRead || attempt >= ATTEMPTS) throw e;
                        config = config instanceof ValidatingWebhookConfiguration ? validating(name) : mutating(name);
                    }
                    clients = config == null ? List.of() : clientConfigs(config);
                }
                if (config == null) {
                    problems.add("webhook configuration " + name + " was deleted while it was patched");
                    continue;
                }
                for (WebhookClientConfig c : clients) {
                    List<X509Certificate> trusted = bundle(c.getCaBundle());
                    signing &= trusted.contains(signingCa);
                    serving &= trusted.stream().anyMatch(ca -> CertificateIssuer.signedBy(served, ca));
                }
            }
        }
        return new Sync(patched, signing && problems.isEmpty(), serving && problems.isEmpty(), List.copyOf(problems));
    }

    private static boolean differs(List<WebhookClientConfig> clients, String wanted) {
        return clients.stream().anyMatch(c -> !wanted.equals(c.getCaBundle()));
    }

    private ValidatingWebhookConfiguration validating(String name) {
        return client.admissionRegistration().v1().validatingWebhookConfigurations().withName(name).get();
    }

    private MutatingWebhookConfiguration mutating(String name) {
        return client.admissionRegistration().v1().mutatingWebhookConfigurations().withName(name).get();
    }

    private HasMetadata patch(HasMetadata config, int webhooks, String wanted) {
        ArrayNode ops = json.createArrayNode();
        ops.addObject().put("op", "test").put("path", "/metadata/resourceVersion").put("value", config.getMetadata().getResourceVersion());
        for (int i = 0; i < webhooks; i++) {
            ops.addObject().put("op", "add").put("path", "/webhooks/" + i + "/clientConfig/caBundle").put("value", wanted);
        }
        PatchContext jsonPatch = PatchContext.of(PatchType.JSON);
        String name = config.getMetadata().getName();
        return config instanceof ValidatingWebhookConfiguration
                ? client.admissionRegistration().v1().validatingWebhookConfigurations().withName(name).patch(jsonPatch, ops.toString())
                : client.admissionRegistration().v1().mutatingWebhookConfigurations().withName(name).patch(jsonPatch, ops.toString());
    }

    private static List<WebhookClientConfig> clientConfigs(HasMetadata config) {
        List<WebhookClientConfig> out = new ArrayList<>();
        if (config instanceof ValidatingWebhookConfiguration v && v.getWebhooks() != null) {
            v.getWebhooks().stream().map(ValidatingWebhook::getClientConfig).map(CaBundles::orEmpty).forEach(out::add);
        }
        if (config instanceof MutatingWebhookConfiguration m && m.getWebhooks() != null) {
            m.getWebhooks().stream().map(MutatingWebhook::getClientConfig).map(CaBundles::orEmpty).forEach(out::add);
        }
        return out;
    }

    private static WebhookClientConfig orEmpty(WebhookClientConfig c) {
        return c == null ? new WebhookClientConfig() : c;
    }

    private static List<X509Certificate> bundle(String base64) {
        if (base64 == null || base64.isEmpty()) return List.of();
        try {
            return Pem.certificates(new String(Base64.getDecoder().decode(base64), StandardCharsets.US_ASCII), "caBundle");
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }
}
