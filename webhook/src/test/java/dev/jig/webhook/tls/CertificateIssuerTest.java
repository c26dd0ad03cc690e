package dev.jig.webhook.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The self-managed CA and serving certificate: names, validity, key usage, and a chain that verifies. */
class CertificateIssuerTest {

    static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
    static final List<String> NAMES = List.of("jig-webhook", "jig-webhook.jig-system", "jig-webhook.jig-system.svc",
            "jig-webhook.jig-system.svc.cluster.local");

    private final CertificateIssuer.Issued ca = CertificateIssuer.authority(NOW, Duration.ofDays(5 * 365));
    private final CertificateIssuer.Issued serving = CertificateIssuer.serving(ca, NAMES, NOW, Duration.ofDays(365));

    @Test
    void theServingCertificateNamesEveryDnsNameOfTheService() throws Exception {
        assertThat(RenewalPolicy.dnsNames(serving.certificate())).isEqualTo(Set.copyOf(NAMES));
        assertThat(serving.certificate().getSubjectX500Principal().getName()).isEqualTo("CN=jig-webhook");
        assertThat(serving.certificate().getSubjectAlternativeNames()).allMatch(san -> san.get(0).equals(2));
    }

    @Test
    void validityStartsAnHourEarlyAndLastsTheGivenTime() {
        assertThat(ca.certificate().getNotBefore().toInstant()).isEqualTo(NOW.minus(Duration.ofHours(1)));
        assertThat(ca.certificate().getNotAfter().toInstant()).isEqualTo(NOW.plus(Duration.ofDays(5 * 365)));
        assertThat(serving.certificate().getNotAfter().toInstant()).isEqualTo(NOW.plus(Duration.ofDays(365)));
        assertThat(CertificateIssuer.issuedAt(serving.certificate())).isEqualTo(NOW);
    }

    @Test
    void aServingCertificateNeverOutlivesItsCa() {
        CertificateIssuer.Issued shortCa = CertificateIssuer.authority(NOW, Duration.ofDays(30));
        X509Certificate cert = CertificateIssuer.serving(shortCa, NAMES, NOW, Duration.ofDays(365)).certificate();
        assertThat(cert.getNotAfter()).isEqualTo(shortCa.certificate().getNotAfter());
    }

    @Test
    void theCaSignsCertificatesOnlyAndTheServingCertificateServesOnly() throws Exception {
        X509Certificate c = ca.certificate();
        assertThat(c.getBasicConstraints()).as("CA with path length 0").isZero();
        assertThat(c.getKeyUsage()[5]).as("keyCertSign").isTrue();
        assertThat(c.getKeyUsage()[0]).as("no digitalSignature").isFalse();
        assertThat(c.getCriticalExtensionOIDs()).contains("2.5.29.19", "2.5.29.15");
        X509Certificate s = serving.certificate();
        assertThat(s.getBasicConstraints()).as("not a CA").isEqualTo(-1);
        assertThat(s.getKeyUsage()[0]).as("digitalSignature").isTrue();
        assertThat(s.getKeyUsage()[5]).as("no keyCertSign").isFalse();
        assertThat(s.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
        assertThat(s.getPublicKey().getAlgorithm()).isEqualTo("EC");
        assertThat(s.getSigAlgName()).isEqualTo("SHA256withECDSA");
    }

    @Test
    void theChainVerifiesAgainstTheCaAndNoOtherCa() throws Exception {
        PKIXParameters params = new PKIXParameters(Set.of(new TrustAnchor(ca.certificate(), null)));
        params.setRevocationEnabled(false);
        params.setDate(Date.from(NOW));
        CertPathValidator.getInstance("PKIX").validate(CertificateFactory.getInstance("X.509").generateCertPath(List.of(serving.certificate())), params);
        assertThat(CertificateIssuer.signedBy(serving.certificate(), ca.certificate())).isTrue();

        CertificateIssuer.Issued other = CertificateIssuer.authority(NOW, Duration.ofDays(365));
        assertThat(other.certificate().getSubjectX500Principal()).as("every CA has its own subject").isNotEqualTo(ca.certificate().getSubjectX500Principal());
        assertThat(CertificateIssuer.signedBy(serving.certificate(), other.certificate())).isFalse();
        PKIXParameters wrong = new PKIXParameters(Set.of(new TrustAnchor(other.certificate(), null)));
        wrong.setRevocationEnabled(false);
        wrong.setDate(Date.from(NOW));
        assertThatThrownBy(() -> CertPathValidator.getInstance("PKIX")
                .validate(CertificateFactory.getInstance("X.509").generateCertPath(List.of(serving.certificate())), wrong))
                .isInstanceOf(java.security.cert.CertPathValidatorException.class);
    }

    @Test
    void theMaterialSurvivesTheSecretsPemAndABrokenEntryIsNamed() {
        ServingMaterial m = ServingMaterial.of(ca, List.of(), serving);
        Map<String, String> data = m.pemData();
        assertThat(data).containsOnlyKeys("tls.crt", "tls.key", "ca.crt", "ca.key");
        ServingMaterial back = ServingMaterial.fromPemData(data, "Secret jig-system/jig-webhook-tls");
        assertThat(back.ca()).isEqualTo(ca.certificate());
        assertThat(back.serving()).isEqualTo(serving.certificate());
        assertThat(back.keyStore().chain()).containsExactly(serving.certificate());

        Map<String, String> swapped = new java.util.HashMap<>(data);
        swapped.put("tls.key", data.get("ca.key"));
        assertThatThrownBy(() -> ServingMaterial.fromPemData(swapped, "Secret jig-system/jig-webhook-tls"))
                .hasMessage("Secret jig-system/jig-webhook-tls tls.key does not belong to the certificate in tls.crt");
        Map<String, String> missing = new java.util.HashMap<>(data);
        missing.remove("ca.key");
        assertThatThrownBy(() -> ServingMaterial.fromPemData(missing, "Secret jig-system/jig-webhook-tls"))
                .hasMessage("Secret jig-system/jig-webhook-tls has no ca.key");
    }
}
