package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.karpenter.WellKnownLabels;
import java.util.List;
import org.junit.jupiter.api.Test;

class LastGoodTenancyTest {

    private static final String ALPHA = tenancy("alpha");
    private static final String BETA = tenancy("beta");

    private static String tenancy(String tenant) {
        return Tenancy.of("c", WellKnownLabels.JIG_TENANT, "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of(new Tenancy.TenantEntry(tenant, false, List.of(tenant),
                        new Quota(8000, 32768, 0), List.of(tenant + "-web")))).toJson();
    }

    @Test
    void aClusterWithNoConfigMapAtAllIsAbsentButNotOneThatWasNotReadOrNeverParsedOrHadATenancy() {
        assertThat(LastGoodTenancy.initial().absent()).as("not read yet").isFalse();
        LastGoodTenancy none = LastGoodTenancy.initial().missing();
        assertThat(none.absent()).isTrue();
        assertThat(none.tenancy()).isEmpty();
        assertThat(none.missing().absent()).isTrue();
        assertThat(none.seen("{ not json").absent()).as("exists, never parsed: closed").isFalse();
        assertThat(none.seen(ALPHA).absent()).isFalse();
        assertThat(none.seen(ALPHA).missing().absent()).as("deleted after a good one: the last good one stays in force").isFalse();
        assertThat(none.seen(ALPHA).missing().tenancy()).isPresent();
        assertThat(Tenancy.none().tenants()).isEmpty();
        assertThat(Tenancy.none().tenantOfNamespace("cert-manager")).isEmpty();
    }

    @Test
    void beforeAnythingIsSeenNoTenancyIsInForceAndThatIsNotStale() {
        LastGoodTenancy s = LastGoodTenancy.initial();
        assertThat(s.tenancy()).isEmpty();
        assertThat(s.stale()).isFalse();
        assertThat(s.problem()).hasValue("ConfigMap jig-system/jig-tenancy has not been read yet");
    }

    @Test
    void aGoodConfigMapIsInForceWithoutAProblem() {
        LastGoodTenancy s = LastGoodTenancy.initial().seen(ALPHA);
        assertThat(s.tenancy()).hasValueSatisfying(t -> assertThat(t.tenants()).containsOnlyKeys("alpha"));
        assertThat(s.stale()).isFalse();
        assertThat(s.problem()).isEmpty();
    }

    @Test
    void aDeletedConfigMapKeepsTheLastGoodTenancyInForceAndIsStale() {
        LastGoodTenancy s = LastGoodTenancy.initial().seen(ALPHA).missing();
        assertThat(s.tenancy()).hasValueSatisfying(t -> assertThat(t.tenants().get("alpha").quota().cpuMillis()).isEqualTo(8000));
        assertThat(s.stale()).isTrue();
        assertThat(s.problem()).hasValue("ConfigMap jig-system/jig-tenancy does not exist");
    }

    @Test
    void aMalformedConfigMapKeepsTheLastGoodTenancyAndSaysWhy() {
        LastGoodTenancy s = LastGoodTenancy.initial().seen(ALPHA).seen("{not json");
        assertThat(s.tenancy()).hasValueSatisfying(t -> assertThat(t.tenants()).containsOnlyKeys("alpha"));
        assertThat(s.stale()).isTrue();
        assertThat(s.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("ConfigMap jig-system/jig-tenancy is malformed: "));
    }

    @Test
    void aConfigMapWithoutTheDataKeyKeepsTheLastGoodTenancy() {
        LastGoodTenancy s = LastGoodTenancy.initial().seen(ALPHA).seen(null);
        assertThat(s.tenancy()).isPresent();
        assertThat(s.problem()).hasValue("ConfigMap jig-system/jig-tenancy has no data key tenancy.json");
    }

    @Test
    void aGoodConfigMapAfterAProblemReplacesTheTenancyAndClearsTheStaleness() {
        LastGoodTenancy s = LastGoodTenancy.initial().seen(ALPHA).missing().seen("{not json").seen(BETA);
        assertThat(s.tenancy()).hasValueSatisfying(t -> assertThat(t.tenants()).containsOnlyKeys("beta"));
        assertThat(s.stale()).isFalse();
        assertThat(s.problem()).isEmpty();
    }

    @Test
    void problemsBeforeAnyGoodConfigMapLeaveNoTenancyAndAreNotStale() {
        LastGoodTenancy s = LastGoodTenancy.initial().missing().seen("{\"format\": \"jig.dev/v0\"}");
        assertThat(s.tenancy()).isEmpty();
        assertThat(s.stale()).isFalse();
        assertThat(s.problem()).hasValueSatisfying(p -> assertThat(p).contains("is malformed", "jig.dev/v0"));
    }

    @Test
    void theSameContentSeenAgainChangesNothing() {
        LastGoodTenancy good = LastGoodTenancy.initial().seen(ALPHA);
        assertThat(good.seen(ALPHA)).isSameAs(good);
        LastGoodTenancy bad = good.seen("{not json");
        assertThat(bad.seen("{not json")).isSameAs(bad);
        assertThat(bad.sameAs(good.seen("{not json"))).isTrue();
        assertThat(bad.sameAs(good)).isFalse();
    }

    @Test
    void theSameContentAfterADeletionIsInForceAgain() {
        LastGoodTenancy s = LastGoodTenancy.initial().seen(ALPHA).missing().seen(ALPHA);
        assertThat(s.stale()).isFalse();
        assertThat(s.problem()).isEmpty();
    }
}
