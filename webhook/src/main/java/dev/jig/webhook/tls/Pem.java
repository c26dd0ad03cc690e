package dev.jig.webhook.tls;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

/**
 * PEM text as Kubernetes TLS secrets carry it, read and written with BouncyCastle: certificates
 * ({@code BEGIN CERTIFICATE}, one or a bundle) and private keys (read as PKCS#8, PKCS#1 or SEC1,
 * written as unencrypted PKCS#8). A problem is an {@link IllegalArgumentException} whose message
 * starts with {@code source}, the file or Secret key the text came from.
 */
public final class Pem {

    private Pem() {
    }

    /** Every certificate in {@code pem}, in order; at least one. */
    public static List<X509Certificate> certificates(String pem, String source) {
        List<X509Certificate> chain = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof X509CertificateHolder h) chain.add(converter.getCertificate(h));
            }
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException(source + " is not valid PEM: " + e.getMessage(), e);
        }
        if (chain.isEmpty()) throw new IllegalArgumentException(source + " holds no CERTIFICATE block");
        return List.copyOf(chain);
    }

    /** The first unencrypted private key in {@code pem}. */
    public static PrivateKey privateKey(String pem, String source) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof PrivateKeyInfo info) return converter.getPrivateKey(info);
                if (o instanceof PEMKeyPair pair) return converter.getKeyPair(pair).getPrivate();
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(source + " is not valid PEM: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException(source + " holds no unencrypted PRIVATE KEY block");
    }

    /** The certificates as one PEM text, in order. */
    public static String of(List<X509Certificate> certificates) {
        return write(certificates.toArray());
    }

    /** The key as an unencrypted PKCS#8 {@code BEGIN PRIVATE KEY} block. */
    public static String of(PrivateKey key) {
        try {
            return write(new JcaPKCS8Generator(key, null));
        } catch (org.bouncycastle.util.io.pem.PemGenerationException e) {
            throw new IllegalStateException("cannot encode private key: " + e.getMessage(), e);
        }
    }

    private static String write(Object... objects) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(out)) {
            for (Object o : objects) w.writeObject(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
