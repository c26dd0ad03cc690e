package dev.jig.webhook.kube;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.tls.Pem;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Secret that holds the self-managed {@link ServingMaterial}, with the API server as the
 * arbiter between replicas: a Secret is created only if absent (a 409 means another replica won
 * the race, and its Secret is read and used), and replaced only at the {@code resourceVersion} it
 * was read at (a 409 means another replica changed it first; the caller re-reads and decides
 * again). A replacement starts from the Secret as read and changes only its data, the
 * {@code managed-by} label and the {@link Annotations#CA_TRUSTED_SINCE} annotation, so labels and
 * annotations others put on it survive. The Secret is the webhook's only while it carries
 * {@code app.kubernetes.io/managed-by=jig-webhook} ({@link Stored#owned()}); the caller never
 * writes one that does not. It needs {@code get}, {@code create} and {@code update} on Secrets in
 * its namespace.
 */
public final class CertificateSecret {

    /** The value of the {@code managed-by} label on the Secrets this webhook made. */
    public static final String MANAGER = "jig-webhook";

    /**
     * A Secret as read: its material, or why it cannot be used, the version it was read at, and
     * the Secret itself (null for one this replica just created).
     */
    public record Stored(Optional<ServingMaterial> material, String problem, String resourceVersion, Secret secret) {

        /** Whether the Secret carries {@code app.kubernetes.io/managed-by=jig-webhook}: this webhook may replace it. */
        public boolean owned() {
            if (secret == null) return true;
            Map<String, String> labels = secret.getMetadata().getLabels();
            return labels != null && MANAGER.equals(labels.get(WellKnownLabels.MANAGED_BY));
        }

        /** When the webhook configurations were first seen trusting the signing CA, if recorded and readable. */
        public Optional<Instant> trustedSince() {
            if (secret == null || secret.getMetadata().getAnnotations() == null) return Optional.empty();
            String v = secret.getMetadata().getAnnotations().get(Annotations.CA_TRUSTED_SINCE);
            if (v == null) return Optional.empty();
            try {
                return Optional.of(Instant.parse(v));
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }

        /** The certificates in {@code ca.crt} that can be parsed, even when the Secret as a whole cannot be used. */
        public List<X509Certificate> caCertificates() {
            if (material.isPresent()) return material.get().trusted();
            String pem = secret == null || secret.getData() == null ? null : decode(secret.getData().get(ServingMaterial.CA_CRT));
            if (pem == null || pem.isBlank()) return List.of();
            try {
                return Pem.certificates(pem, ServingMaterial.CA_CRT);
            } catch (IllegalArgumentException e) {
                return List.of();
            }
        }
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
        return Optional.of(stored(s));
    }

    private Stored stored(Secret s) {
        Map<String, String> pem = new LinkedHashMap<>();
        if (s.getData() != null) s.getData().forEach((k, v) -> pem.put(k, decode(v)));
        try {
            return new Stored(Optional.of(ServingMaterial.fromPemData(pem, describe())), null, s.getMetadata().getResourceVersion(), s);
        } catch (IllegalArgumentException e) {
            return new Stored(Optional.empty(), e.getMessage(), s.getMetadata().getResourceVersion(), s);
        }
    }

    /** Creates the Secret with {@code candidate}; when another replica created it first, its Secret instead. */
    public Stored createOrAdopt(ServingMaterial candidate) {
        try {
            Secret fresh = new SecretBuilder().withNewMetadata().withNamespace(namespace).withName(name).endMetadata()
                    .withType(WellKnownLabels.TLS_SECRET_TYPE).build();
            Secret created = client.secrets().inNamespace(namespace).resource(withMaterial(fresh, candidate, Optional.empty())).create();
            return stored(created);
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) throw e;
            return read().orElseThrow(() -> new KubernetesClientException(describe() + " was created by another replica, then deleted", e));
        }
    }

    /**
     * Replaces {@code current}'s material with {@code next}; empty when another replica changed the
     * Secret since it was read. The trust annotation stays while the signing CA does.
     */
    public Optional<Stored> replace(Stored current, ServingMaterial next) {
        boolean sameCa = current.material().map(m -> m.ca().equals(next.ca())).orElse(false);
        return update(current, next, sameCa ? current.trustedSince() : Optional.empty());
    }

    /** Records (or, with empty, drops) when the configurations were first seen trusting the signing CA; empty on a conflict. */
    public Optional<Stored> trustedSince(Stored current, Optional<Instant> since) {
        return update(current, current.material().orElseThrow(), since);
    }

    private Optional<Stored> update(Stored current, ServingMaterial next, Optional<Instant> trustedSince) {
        if (current.secret() == null) throw new IllegalStateException(describe() + " must be read before it is replaced");
        if (!current.owned()) throw new IllegalStateException(describe() + " is not managed by " + MANAGER + "; it is never replaced");
        try {
            Secret base = new SecretBuilder(current.secret()).build();
            base.getMetadata().setResourceVersion(current.resourceVersion());
            Secret updated = client.secrets().inNamespace(namespace).resource(withMaterial(base, next, trustedSince)).update();
            return Optional.of(stored(updated));
        } catch (KubernetesClientException e) {
            if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) return Optional.empty();
            throw e;
        }
    }

    /** {@code base} (as read, or a fresh Secret) with the material's data, the managed-by label and the trust annotation. */
    private static Secret withMaterial(Secret base, ServingMaterial m, Optional<Instant> trustedSince) {
        Map<String, String> data = new LinkedHashMap<>(base.getData() == null ? Map.of() : base.getData());
        m.pemData().forEach((k, v) -> data.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.US_ASCII))));
        base.setData(data);
        base.setStringData(null);
        ObjectMeta meta = base.getMetadata();
        Map<String, String> labels = new LinkedHashMap<>(meta.getLabels() == null ? Map.of() : meta.getLabels());
        labels.put(WellKnownLabels.MANAGED_BY, MANAGER);
        meta.setLabels(labels);
        Map<String, String> annotations = new LinkedHashMap<>(meta.getAnnotations() == null ? Map.of() : meta.getAnnotations());
        trustedSince.ifPresentOrElse(t -> annotations.put(Annotations.CA_TRUSTED_SINCE, t.toString()),
                () -> annotations.remove(Annotations.CA_TRUSTED_SINCE));
        meta.setAnnotations(annotations.isEmpty() ? null : annotations);
        if (base.getType() == null) base.setType(WellKnownLabels.TLS_SECRET_TYPE);
        return base;
    }

    private static String decode(String base64) {
        if (base64 == null) return null;
        try {
            return new String(Base64.getDecoder().decode(base64), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
