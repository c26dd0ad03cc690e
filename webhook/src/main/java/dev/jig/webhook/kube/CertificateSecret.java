package dev.jig.webhook.kube;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The Secret that holds the self-managed {@link ServingMaterial}, with the API server as the
 * arbiter between replicas: a Secret is created only if absent (a 409 means another replica won
 * the race, and its Secret is read and used), and replaced only at the {@code resourceVersion} it
 * was read at (a 409 means another replica changed it first; the caller re-reads and decides
 * again). It needs {@code get}, {@code create} and {@code update} on Secrets in its namespace.
 */
public final class CertificateSecret {

    /** A Secret as read: its material, or why it cannot be used, and the version it was read at. */
    public record Stored(Optional<ServingMaterial> material, String problem, String resourceVersion) {
    }

    private final KubernetesClient client;
    private final String namespace;
    private final String name;

    public CertificateSecret(KubernetesClient client, String namespace, String name) {
        this.client = client;
        this.namespace = namespace;
        this.name = name;
    }

    /** {@code namespace/name}, for messages. */
    public String describe() {
        return "Secret " + namespace + "/" + name;
    }

    /** The Secret, if it exists. */
    public Optional<Stored> read() {
        Secret s = client.secrets().inNamespace(namespace).withName(name).get();
        if (s == null) return Optional.empty();
        Map<String, String> pem = new LinkedHashMap<>();
        if (s.getData() != null) s.getData().forEach((k, v) -> pem.put(k, decode(v)));
        try {
            return Optional.of(new Stored(Optional.of(ServingMaterial.fromPemData(pem, describe())), null, s.getMetadata().getResourceVersion()));
        } catch (IllegalArgumentException e) {
            return Optional.of(new Stored(Optional.empty(), e.getMessage(), s.getMetadata().getResourceVersion()));
        }
    }

    /** Creates the Secret with {@code candidate}; when another replica created it first, its Secret instead. */
    public Stored createOrAdopt(ServingMaterial candidate) {
        try {
            Secret created = client.secrets().inNamespace(namespace).resource(secret(candidate, null)).create();
            return new Stored(Optional.of(candidate), null, created.getMetadata().getResourceVersion());
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) throw e;
            return read().orElseThrow(() -> new KubernetesClientException(describe() + " was created by another replica, then deleted", e));
        }
    }

    /** Replaces {@code current} with {@code next}; empty when another replica changed the Secret since it was read. */
    public Optional<Stored> replace(Stored current, ServingMaterial next) {
        try {
            Secret updated = client.secrets().inNamespace(namespace).resource(secret(next, current.resourceVersion())).update();
            return Optional.of(new Stored(Optional.of(next), null, updated.getMetadata().getResourceVersion()));
        } catch (KubernetesClientException e) {
            if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) return Optional.empty();
            throw e;
        }
    }

    private Secret secret(ServingMaterial m, String resourceVersion) {
        Map<String, String> data = new LinkedHashMap<>();
        m.pemData().forEach((k, v) -> data.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.US_ASCII))));
        return new SecretBuilder().withNewMetadata().withNamespace(namespace).withName(name).withResourceVersion(resourceVersion)
                .addToLabels(WellKnownLabels.MANAGED_BY, "jig-webhook")
                .endMetadata().withType(WellKnownLabels.TLS_SECRET_TYPE).withData(data).build();
    }

    private static String decode(String base64) {
        try {
            return new String(Base64.getDecoder().decode(base64), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
