package dev.jig.webhook.tls;

import static dev.jig.webhook.tls.CertificateIssuerTest.NAMES;
import static dev.jig.webhook.tls.CertificateIssuerTest.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When the self-managed certificates change, driven by the instant alone: no sleeps, no wall clock. */
class RenewalPolicyTest {

    private static final RenewalPolicy POLICY = RenewalPolicy.defaults();
    private static final Duration DAY = Duration.ofDays(1);
    /** The configurations have trusted the signing CA for as long as anyone remembers. */
    private static final Optional<Instant> LONG_TRUSTED = Optional.of(Instant.EPOCH);

    private final ServingMaterial fresh = POLICY.initial(NOW, NAMES);

    @Test
    void freshMaterialNeedsNothingUntilTwoThirdsOfTheServingLife() {
        Instant due = RenewalPolicy.renewAt(fresh.serving());
        assertThat(due).isEqualTo(NOW.minus(Duration.ofHours(1)).plus(Duration.ofDays(365).plusHours(1).multipliedBy(2).dividedBy(3)));
        assertThat(Duration.between(due, fresh.serving().getNotAfter().toInstant())).isGreaterThan(Duration.ofDays(30));
        assertThat(POLICY.next(fresh, NOW, NAMES, LONG_TRUSTED)).isEmpty();
        assertThat(POLICY.next(fresh, due.minusSeconds(1), NAMES, LONG_TRUSTED)).isEmpty();
    }

    @Test
    void atTwoThirdsTheServingCertificateIsReissuedByTheSameCa() {
        Instant due = RenewalPolicy.renewAt(fresh.serving());
        RenewalPolicy.Renewal r = POLICY.next(fresh, due, NAMES, Optional.empty()).orElseThrow();
        assertThat(r.step()).isEqualTo(RenewalPolicy.Step.REISSUE);
        assertThat(r.reason()).contains("was due at " + due);
        assertThat(r.next().ca()).isEqualTo(fresh.ca());
        assertThat(r.next().trusted()).containsExactly(fresh.ca());
        assertThat(r.next().serving()).isNotEqualTo(fresh.serving());
        assertThat(CertificateIssuer.signedBy(r.next().serving(), fresh.ca())).isTrue();
        assertThat(r.next().serving().getNotBefore().toInstant()).isEqualTo(due.minus(Duration.ofHours(1)));
        assertThat(POLICY.next(r.next(), due, NAMES, LONG_TRUSTED)).as("renewed once, then quiet").isEmpty();
    }

    @Test
    void aRenamedServiceGetsACertificateForItsNewNames() {
        List<String> renamed = List.of("jig", "jig.jig-system", "jig.jig-system.svc", "jig.jig-system.svc.cluster.local");
        RenewalPolicy.Renewal r = POLICY.next(fresh, NOW.plus(DAY), renamed, LONG_TRUSTED).orElseThrow();
        assertThat(r.step()).isEqualTo(RenewalPolicy.Step.REISSUE);
        assertThat(RenewalPolicy.dnsNames(r.next().serving())).containsExactlyInAnyOrderElementsOf(renamed);
    }

    @Test
    void aCaRotationTrustsBothCasFirstAndSignsWithTheNewOneOnlyOnceTrustedAndSettled() {
        Instant caDue = RenewalPolicy.renewAt(fresh.ca());
        ServingMaterial current = POLICY.next(fresh, caDue.minus(DAY), NAMES, LONG_TRUSTED).orElseThrow().next();
        assertThat(POLICY.next(current, caDue.minusSeconds(1), NAMES, LONG_TRUSTED)).isEmpty();

        RenewalPolicy.Renewal rotation = POLICY.next(current, caDue, NAMES, LONG_TRUSTED).orElseThrow();
        assertThat(rotation.step()).isEqualTo(RenewalPolicy.Step.ROTATE_CA);
        ServingMaterial rotated = rotation.next();
        assertThat(rotated.ca()).isNotEqualTo(fresh.ca());
        assertThat(rotated.trusted()).containsExactly(rotated.ca(), fresh.ca());
        assertThat(rotated.serving()).as("still the old CA's until the new one is trusted").isEqualTo(current.serving());

        assertThat(POLICY.next(rotated, caDue.plus(Duration.ofHours(1)), NAMES, Optional.empty())).as("not trusted yet").isEmpty();
        assertThat(POLICY.next(rotated, caDue.plusSeconds(30), NAMES, Optional.of(caDue))).as("trusted, but only just").isEmpty();
        RenewalPolicy.Renewal reissue = POLICY.next(rotated, caDue.plus(RenewalPolicy.SETTLE), NAMES, Optional.of(caDue)).orElseThrow();
        assertThat(reissue.step()).isEqualTo(RenewalPolicy.Step.REISSUE);
        assertThat(reissue.reason()).contains("now trust the new CA");
        assertThat(CertificateIssuer.signedBy(reissue.next().serving(), rotated.ca())).isTrue();
        assertThat(reissue.next().trusted()).as("the old CA stays trusted during the overlap").containsExactly(rotated.ca(), fresh.ca());

        // when the old CA expires, the serving certificate is due again (renewal first), then the old CA goes
        Instant oldCaExpired = fresh.ca().getNotAfter().toInstant();
        RenewalPolicy.Renewal renewed = POLICY.next(reissue.next(), oldCaExpired, NAMES, LONG_TRUSTED).orElseThrow();
        assertThat(renewed.step()).isEqualTo(RenewalPolicy.Step.REISSUE);
        RenewalPolicy.Renewal prune = POLICY.next(renewed.next(), oldCaExpired, NAMES, LONG_TRUSTED).orElseThrow();
        assertThat(prune.step()).isEqualTo(RenewalPolicy.Step.PRUNE);
        assertThat(prune.next().trusted()).containsExactly(rotated.ca());
    }

    @Test
    void anExpiredServingCertificateIsReplacedEvenBeforeTheNewCaIsTrusted() {
        Instant caDue = RenewalPolicy.renewAt(fresh.ca());
        ServingMaterial rotated = POLICY.next(fresh, caDue, NAMES, Optional.empty()).orElseThrow().next();
        Instant expired = fresh.serving().getNotAfter().toInstant();
        assertThat(expired).isBefore(caDue);
        // the serving certificate expired long before the CA was due: rotate, then reissue untrusted
        RenewalPolicy.Renewal r = POLICY.next(rotated, caDue.plus(DAY), NAMES, Optional.empty()).orElseThrow();
        assertThat(r.step()).isEqualTo(RenewalPolicy.Step.REISSUE);
        assertThat(r.reason()).isEqualTo("the serving certificate has expired");
    }

    @Test
    void theSettleRunsFromWhenTrustWasFirstSeenNotFromWhenTheCaWasMade() {
        Instant caDue = RenewalPolicy.renewAt(fresh.ca());
        ServingMaterial current = POLICY.next(fresh, caDue.minus(DAY), NAMES, LONG_TRUSTED).orElseThrow().next();
        ServingMaterial rotated = POLICY.next(current, caDue, NAMES, LONG_TRUSTED).orElseThrow().next();
        // the configurations were missing for ten minutes: the new CA was first seen trusted then
        Instant firstTrusted = caDue.plus(Duration.ofMinutes(10));
        assertThat(POLICY.next(rotated, firstTrusted, NAMES, Optional.of(firstTrusted))).as("the CA is old enough, the trust is not").isEmpty();
        assertThat(POLICY.next(rotated, firstTrusted.plus(RenewalPolicy.SETTLE).minusSeconds(1), NAMES, Optional.of(firstTrusted))).isEmpty();
        assertThat(POLICY.next(rotated, firstTrusted.plus(RenewalPolicy.SETTLE), NAMES, Optional.of(firstTrusted)).orElseThrow().step())
                .isEqualTo(RenewalPolicy.Step.REISSUE);
    }
}
