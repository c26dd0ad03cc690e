package dev.jig.webhook.tls;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * When the self-managed certificates change, as a pure function of the stored material, the time
 * and since when the webhook configurations have trusted the signing CA. A certificate is renewed at
 * two thirds of its life (a one-year serving certificate four months before it expires, well
 * before the last 30 days; a CA likewise), so a renewal that fails keeps being retried for months
 * before anything expires. The steps, first match wins:
 * <ol>
 *   <li>{@link Step#ROTATE_CA} — the CA is due: a new CA signs from now on and the bundle becomes
 *       new + old, but the serving certificate stays the old CA's, so every replica and the API
 *       server keep trusting what is served while the new bundle is patched in;</li>
 *   <li>{@link Step#REISSUE} — the serving certificate is not the signing CA's and the
 *       configurations trust the signing CA, which is at least {@link #SETTLE} old (so every API
 *       server has seen the new bundle), or it has expired anyway; or it is due; or its DNS names
 *       are not the Service's;</li>
 *   <li>{@link Step#PRUNE} — an older CA in the bundle has expired: it is dropped;</li>
 * </ol>
 * otherwise nothing changes.
 */
public record RenewalPolicy(Duration caValidity, Duration servingValidity) {

    /** How long a new CA is only trusted (from when the trust was first seen) before it signs the serving certificate. */
    public static final Duration SETTLE = Duration.ofMinutes(1);

    /** The CA lives five years, the serving certificate one. */
    public static RenewalPolicy defaults() {
        return new RenewalPolicy(Duration.ofDays(5 * 365), Duration.ofDays(365));
    }

    /** What a renewal does. */
    public enum Step { ROTATE_CA, REISSUE, PRUNE }

    /** A change to store: what, why, and the material after it. */
    public record Renewal(Step step, String reason, ServingMaterial next) {
    }

    /** Brand-new material: a CA and a serving certificate for {@code dnsNames}. */
    public ServingMaterial initial(Instant now, List<String> dnsNames) {
        CertificateIssuer.Issued ca = CertificateIssuer.authority(now, caValidity);
        return ServingMaterial.of(ca, List.of(), CertificateIssuer.serving(ca, dnsNames, now, servingValidity));
    }

    /** The instant at which {@code certificate} is due: two thirds into its validity. */
    public static Instant renewAt(X509Certificate certificate) {
        Instant from = certificate.getNotBefore().toInstant();
        Duration life = Duration.between(from, certificate.getNotAfter().toInstant());
        return from.plus(life.multipliedBy(2).dividedBy(3));
    }

    /**
     * The change due at {@code now}, if any; {@code signingCaTrustedSince} is when the webhook
     * configurations were first seen trusting the signing CA, empty while they do not.
     */
    public Optional<Renewal> next(ServingMaterial m, Instant now, List<String> dnsNames, Optional<Instant> signingCaTrustedSince) {
        if (!now.isBefore(renewAt(m.ca()))) {
            CertificateIssuer.Issued ca = CertificateIssuer.authority(now, caValidity);
            ServingMaterial rotated = ServingMaterial.of(ca, unexpired(m.trusted(), now), new CertificateIssuer.Issued(m.serving(), m.servingKey()));
            return Optional.of(new Renewal(Step.ROTATE_CA, "CA " + subject(m.ca()) + " was due at " + renewAt(m.ca())
                    + "; the new CA " + subject(ca.certificate()) + " is trusted beside it before it signs the serving certificate", rotated));
        }
        String why = null;
        if (!CertificateIssuer.signedBy(m.serving(), m.ca())) {
            if (signingCaTrustedSince.isPresent() && !now.isBefore(signingCaTrustedSince.get().plus(SETTLE))) {
                why = "the webhook configurations now trust the new CA " + subject(m.ca());
            } else if (!now.isBefore(m.serving().getNotAfter().toInstant())) {
                why = "the serving certificate has expired";
            } else {
                return Optional.empty();
            }
        } else if (!now.isBefore(renewAt(m.serving()))) {
            why = "the serving certificate was due at " + renewAt(m.serving());
        } else if (!dnsNames(m.serving()).equals(new HashSet<>(dnsNames))) {
            why = "the serving certificate names " + dnsNames(m.serving()) + ", not " + dnsNames;
        }
        if (why != null) {
            ServingMaterial reissued = m.withServing(CertificateIssuer.serving(m.authority(), dnsNames, now, servingValidity));
            return Optional.of(new Renewal(Step.REISSUE, why, reissued));
        }
        List<X509Certificate> kept = unexpired(m.trusted(), now);
        if (kept.size() < m.trusted().size()) {
            return Optional.of(new Renewal(Step.PRUNE, (m.trusted().size() - kept.size()) + " expired CA(s) dropped from the bundle",
                    new ServingMaterial(m.ca(), m.caKey(), kept, m.serving(), m.servingKey())));
        }
        return Optional.empty();
    }

    /** The DNS names a certificate is for. */
    public static Set<String> dnsNames(X509Certificate certificate) {
        Set<String> names = new HashSet<>();
        try {
            Collection<List<?>> sans = certificate.getSubjectAlternativeNames();
            if (sans != null) sans.stream().filter(s -> Integer.valueOf(2).equals(s.get(0))).forEach(s -> names.add((String) s.get(1)));
        } catch (CertificateParsingException e) {
            return Set.of();
        }
        return names;
    }

    private static List<X509Certificate> unexpired(List<X509Certificate> cas, Instant now) {
        return cas.stream().filter(c -> now.isBefore(c.getNotAfter().toInstant())).toList();
    }

    private static String subject(X509Certificate c) {
        return c.getSubjectX500Principal().getName();
    }
}
