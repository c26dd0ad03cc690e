package dev.jig.webhook.tls;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The self-managed TLS material, as one {@code kubernetes.io/tls} Secret holds it:
 * <ul>
 *   <li>{@code tls.crt}, {@code tls.key} — the serving certificate and its key;</li>
 *   <li>{@code ca.crt} — the CA bundle the webhook configurations' {@code caBundle} must carry: the
 *       signing CA first, then any older CA still trusted while a rotation overlaps;</li>
 *   <li>{@code ca.key} — the signing CA's key, so any replica can renew.</li>
 * </ul>
 * Invariants: {@code trusted} starts with {@code ca}; each key belongs to its certificate.
 */
public record ServingMaterial(X509Certificate ca, PrivateKey caKey, List<X509Certificate> trusted, X509Certificate serving,
                              PrivateKey servingKey) {

    public static final String TLS_CRT = "tls.crt";
    public static final String TLS_KEY = "tls.key";
    public static final String CA_CRT = "ca.crt";
    public static final String CA_KEY = "ca.key";

    public ServingMaterial {
        trusted = List.copyOf(trusted);
        if (trusted.isEmpty() || !trusted.get(0).equals(ca)) throw new IllegalArgumentException("the CA bundle must start with the signing CA");
    }

    /** Material from a fresh CA and a serving certificate it signed. */
    public static ServingMaterial of(CertificateIssuer.Issued ca, List<X509Certificate> alsoTrusted, CertificateIssuer.Issued serving) {
        List<X509Certificate> bundle = new ArrayList<>(List.of(ca.certificate()));
        alsoTrusted.stream().filter(c -> !c.equals(ca.certificate())).forEach(bundle::add);
        return new ServingMaterial(ca.certificate(), ca.key(), bundle, serving.certificate(), serving.key());
    }

    /** The signing CA and its key. */
    public CertificateIssuer.Issued authority() {
        return new CertificateIssuer.Issued(ca, caKey);
    }

    /** This material serving {@code next} instead. */
    public ServingMaterial withServing(CertificateIssuer.Issued next) {
        return new ServingMaterial(ca, caKey, trusted, next.certificate(), next.key());
    }

    /** {@code ca.crt}: the PEM bundle for the webhook configurations' {@code caBundle}. */
    public String bundlePem() {
        return Pem.of(trusted);
    }

    /** The key store to serve. */
    public PemKeyStore keyStore() {
        return PemKeyStore.of(List.of(serving), servingKey, "Secret key " + TLS_KEY, "the certificate in " + TLS_CRT);
    }

    /** The Secret's four entries as PEM text. */
    public Map<String, String> pemData() {
        Map<String, String> data = new LinkedHashMap<>();
        data.put(TLS_CRT, Pem.of(List.of(serving)));
        data.put(TLS_KEY, Pem.of(servingKey));
        data.put(CA_CRT, bundlePem());
        data.put(CA_KEY, Pem.of(caKey));
        return data;
    }

    /**
     * The material in a Secret's entries ({@code source} names the Secret in messages); an
     * {@link IllegalArgumentException} says which entry is missing or broken, or which key does not
     * belong to its certificate.
     */
    public static ServingMaterial fromPemData(Map<String, String> data, String source) {
        List<X509Certificate> bundle = Pem.certificates(entry(data, CA_CRT, source), source + " " + CA_CRT);
        PrivateKey caKey = Pem.privateKey(entry(data, CA_KEY, source), source + " " + CA_KEY);
        PemKeyStore.of(bundle.subList(0, 1), caKey, source + " " + CA_KEY, "the first certificate in " + CA_CRT);
        X509Certificate serving = Pem.certificates(entry(data, TLS_CRT, source), source + " " + TLS_CRT).get(0);
        PrivateKey servingKey = Pem.privateKey(entry(data, TLS_KEY, source), source + " " + TLS_KEY);
        PemKeyStore.of(List.of(serving), servingKey, source + " " + TLS_KEY, "the certificate in " + TLS_CRT);
        return new ServingMaterial(bundle.get(0), caKey, bundle, serving, servingKey);
    }

    private static String entry(Map<String, String> data, String key, String source) {
        String v = data == null ? null : data.get(key);
        if (v == null || v.isBlank()) throw new IllegalArgumentException(source + " has no " + key);
        return v;
    }
}
