package dev.jig.webhook.tls;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Makes the self-managed certificates with BouncyCastle, ECDSA P-256 keys and SHA-256 signatures:
 * a CA (basic constraints CA, path length 0, key usage {@code keyCertSign}/{@code cRLSign}) and a
 * serving certificate it signs for the Service's DNS names (key usage {@code digitalSignature},
 * extended key usage {@code serverAuth}, never a CA). Validity starts an hour before {@code now},
 * so a node whose clock runs behind still accepts it; a serving certificate never outlives its CA.
 * Every CA gets a distinct subject (its serial), so two CAs trusted during a rotation are never
 * confused when a client builds the path.
 */
public final class CertificateIssuer {

    /** A certificate and its private key. */
    public record Issued(X509Certificate certificate, PrivateKey key) {
    }

    private static final Duration BACKDATE = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private CertificateIssuer() {
    }

    /** A new self-signed CA valid from about {@code now} for {@code validity}. */
    public static Issued authority(Instant now, Duration validity) {
        KeyPair pair = keyPair();
        BigInteger serial = serial();
        X500Name name = new X500Name("CN=jig-webhook-ca-" + serial.toString(16).substring(0, 12) + ",O=jig");
        try {
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, serial, Date.from(now.minus(BACKDATE)),
                    Date.from(now.plus(validity)), name, pair.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(pair.getPublic()));
            return new Issued(sign(b, pair.getPrivate()), pair.getPrivate());
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("cannot make a CA certificate: " + e.getMessage(), e);
        }
    }

    /**
     * A serving certificate signed by {@code ca} for {@code dnsNames} (the first is also the
     * common name), valid from about {@code now} for {@code validity} or until the CA expires.
     */
    public static Issued serving(Issued ca, List<String> dnsNames, Instant now, Duration validity) {
        KeyPair pair = keyPair();
        Instant notAfter = now.plus(validity);
        if (notAfter.isAfter(ca.certificate().getNotAfter().toInstant())) notAfter = ca.certificate().getNotAfter().toInstant();
        GeneralName[] sans = dnsNames.stream().map(n -> new GeneralName(GeneralName.dNSName, n)).toArray(GeneralName[]::new);
        try {
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            PublicKey caKey = ca.certificate().getPublicKey();
            X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(ca.certificate(), serial(), Date.from(now.minus(BACKDATE)),
                    Date.from(notAfter), new X500Name("CN=" + dnsNames.get(0)), pair.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(sans))
                    .addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(pair.getPublic()))
                    .addExtension(Extension.authorityKeyIdentifier, false, ext.createAuthorityKeyIdentifier(caKey));
            return new Issued(sign(b, ca.key()), pair.getPrivate());
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("cannot make a serving certificate: " + e.getMessage(), e);
        }
    }

    /** When {@code certificate} was made: its validity starts an hour earlier. */
    public static Instant issuedAt(X509Certificate certificate) {
        return certificate.getNotBefore().toInstant().plus(BACKDATE);
    }

    /** Whether {@code certificate} carries a valid signature of {@code ca}'s key. */
    public static boolean signedBy(X509Certificate certificate, X509Certificate ca) {
        if (!certificate.getIssuerX500Principal().equals(ca.getSubjectX500Principal())) return false;
        try {
            certificate.verify(ca.getPublicKey());
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey signer) throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter().getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static KeyPair keyPair() {
        try {
            KeyPairGenerator gen = KeyPairGenerator.getInstance("EC");
            gen.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return gen.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no ECDSA P-256 key generator: " + e.getMessage(), e);
        }
    }

    /** A positive 127-bit serial, unique with overwhelming probability (RFC 5280 allows up to 20 octets). */
    private static BigInteger serial() {
        return new BigInteger(127, RANDOM).setBit(126);
    }
}
