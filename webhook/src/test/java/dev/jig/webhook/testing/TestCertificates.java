package dev.jig.webhook.testing;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Self-signed serving certificates for {@code localhost}/127.0.0.1, written as PEM like a Kubernetes TLS secret. */
public final class TestCertificates {

    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());

    private TestCertificates() {
    }

    /** Writes {@code tls.crt} and {@code tls.key} (PKCS#8) into {@code dir}; returns the certificate. */
    public static X509Certificate write(Path dir, String commonName) throws IOException, GeneralSecurityException {
        KeyPairGenerator gen = KeyPairGenerator.getInstance("EC");
        gen.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = gen.generateKeyPair();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=" + commonName);
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(now.minus(1, ChronoUnit.HOURS)), Date.from(now.plus(1, ChronoUnit.DAYS)), name, pair.getPublic());
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"), new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
        X509Certificate cert;
        try {
            cert = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
        } catch (org.bouncycastle.operator.OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
        Files.createDirectories(dir);
        Path tmpCrt = dir.resolve("tls.crt.tmp");
        Path tmpKey = dir.resolve("tls.key.tmp");
        Files.writeString(tmpCrt, pem(cert));
        Files.writeString(tmpKey, pem(new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(pair.getPrivate(), null)));
        Files.move(tmpKey, dir.resolve("tls.key"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmpCrt, dir.resolve("tls.crt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return cert;
    }

    /** A client TLS context trusting exactly the given certificates. */
    public static SSLContext trusting(X509Certificate... certs) throws GeneralSecurityException, IOException {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        for (int i = 0; i < certs.length; i++) trust.setCertificateEntry("c" + i, certs[i]);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    private static String pem(Object o) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(out)) {
            w.writeObject(o);
        }
        return out.toString();
    }
}
