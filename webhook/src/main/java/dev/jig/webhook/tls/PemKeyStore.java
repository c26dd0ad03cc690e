package dev.jig.webhook.tls;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

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
        List<X509Certificate> chain = certificates(certPem, certFile);
        PrivateKey key = privateKey(keyPem, keyFile);
        if (!matches(chain.get(0), key)) {
            throw new IllegalArgumentException("TLS private key " + keyFile + " does not belong to the certificate in " + certFile);
        }
        try {
            char[] password = new char[0];
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry(ALIAS, key, password, chain.toArray(new Certificate[0]));
            return new PemKeyStore(ks, password, List.copyOf(chain));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot build a key store from " + certFile + " and " + keyFile + ": " + e.getMessage(), e);
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

    private static List<X509Certificate> certificates(String pem, Path file) {
        List<X509Certificate> chain = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (PEMParser parser = new PEMParser(reader(pem))) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof X509CertificateHolder h) chain.add(converter.getCertificate(h));
            }
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException("TLS certificate file " + file + " is not valid PEM: " + e.getMessage(), e);
        }
        if (chain.isEmpty()) throw new IllegalArgumentException("TLS certificate file " + file + " holds no CERTIFICATE block");
        return chain;
    }

    private static PrivateKey privateKey(String pem, Path file) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try (PEMParser parser = new PEMParser(reader(pem))) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof PrivateKeyInfo info) return converter.getPrivateKey(info);
                if (o instanceof PEMKeyPair pair) return converter.getKeyPair(pair).getPrivate();
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("TLS private key file " + file + " is not valid PEM: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("TLS private key file " + file + " holds no unencrypted PRIVATE KEY block");
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

    private static Reader reader(String pem) {
        return new StringReader(pem);
    }
}
