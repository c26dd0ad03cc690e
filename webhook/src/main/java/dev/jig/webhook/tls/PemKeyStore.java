package dev.jig.webhook.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * A TLS key store from PEM files as Kubernetes secrets carry them ({@code tls.crt},
 * {@code tls.key}, from cert-manager or {@code openssl}): a certificate chain and a private key in
 * PKCS#8 ({@code BEGIN PRIVATE KEY}), PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) or SEC1
 * ({@code BEGIN EC PRIVATE KEY}) form. Every problem — a missing file, no certificate, no key, a
 * key that does not match the certificate — is an {@link IllegalArgumentException} whose message
 * names the file and what to do, so the server fails fast with it.
 */
public record PemKeyStore(KeyStore keyStore, char[] password, List<X509Certificate> chain) {

    public static final String ALIAS = "webhook";

    public static PemKeyStore load(Path certFile, Path keyFile) {
        return fromPem(read(certFile, "certificate"), read(keyFile, "private key"), certFile, keyFile);
    }

    /** The key store of PEM text already read from {@code certFile} and {@code keyFile} (named in messages only). */
    public static PemKeyStore fromPem(String certPem, String keyPem, Path certFile, Path keyFile) {
        return of(Pem.certificates(certPem, "TLS certificate file " + certFile), Pem.privateKey(keyPem, "TLS private key file " + keyFile),
                "TLS private key " + keyFile, "the certificate in " + certFile);
    }

    /**
     * The key store of a chain and its key already parsed; {@code keySource} and {@code certSource}
     * name where they came from in the message when the key does not belong to the certificate.
     */
    public static PemKeyStore of(List<X509Certificate> chain, PrivateKey key, String keySource, String certSource) {
        if (!matches(chain.get(0), key)) {
            throw new IllegalArgumentException(keySource + " does not belong to " + certSource);
        }
        try {
            char[] password = new char[0];
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry(ALIAS, key, password, chain.toArray(new Certificate[0]));
            return new PemKeyStore(ks, password, List.copyOf(chain));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot build a key store from " + certSource + " and " + keySource + ": " + e.getMessage(), e);
        }
    }

    /** The bytes of a PEM file, with a message that names the file when it is missing or unreadable. */
    static byte[] readBytes(Path file, String what) {
        return read(file, what).getBytes(StandardCharsets.US_ASCII);
    }

    private static String read(Path file, String what) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("TLS " + what + " file " + file + " does not exist; the webhook serves HTTPS only."
                    + " Mount the serving certificate secret (tls.crt, tls.key) or pass --tls-cert and --tls-key", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read TLS " + what + " file " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean matches(X509Certificate cert, PrivateKey key) {
        try {
            String algorithm = cert.getPublicKey().getAlgorithm();
            if (!algorithm.equals(key.getAlgorithm())) return false;
            String signature = algorithm.equals("EC") ? "SHA256withECDSA" : algorithm.equals("RSA") ? "SHA256withRSA" : null;
            if (signature == null) return true;
            java.security.Signature signer = java.security.Signature.getInstance(signature);
            signer.initSign(key);
            byte[] probe = "jig".getBytes(StandardCharsets.US_ASCII);
            signer.update(probe);
            byte[] signed = signer.sign();
            java.security.Signature verifier = java.security.Signature.getInstance(signature);
            verifier.initVerify(cert.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signed);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
