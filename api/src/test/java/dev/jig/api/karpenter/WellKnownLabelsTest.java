package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The predicates over node label keys that the compiler and the webhook share. */
class WellKnownLabelsTest {

    private static final String TENANCY_KEY = "acme.example/tenant";

    @Test
    void theKeysWhoseValueNamesATenantAreTheTenancyKeysAndTheNodeRestrictionDomain() {
        for (String key : new String[] {TENANCY_KEY, WellKnownLabels.JIG_TENANT, WellKnownLabels.NODE_TENANT,
                WellKnownLabels.NODE_RESTRICTION_DOMAIN + "/jig-team"}) {
            assertThat(WellKnownLabels.namesTenant(key, TENANCY_KEY)).as(key).isTrue();
            assertThat(WellKnownLabels.identifiesTenant(key, TENANCY_KEY)).as(key + " identifies a tenant too").isTrue();
        }
    }

    @Test
    void poolClassAndNodeKeysIdentifyATenantWithoutNamingOne() {
        for (String key : new String[] {WellKnownLabels.JIG_POOL, WellKnownLabels.NODEPOOL, WellKnownLabels.EC2NODECLASS,
                WellKnownLabels.HOSTNAME}) {
            assertThat(WellKnownLabels.namesTenant(key, TENANCY_KEY)).as(key).isFalse();
            assertThat(WellKnownLabels.identifiesTenant(key, TENANCY_KEY)).as(key).isTrue();
        }
        assertThat(WellKnownLabels.namesTenant("node-restriction.kubernetes.io.example.com/tenant", TENANCY_KEY)).isFalse();
        assertThat(WellKnownLabels.namesTenant("workload", TENANCY_KEY)).isFalse();
    }
}
