package dev.jig.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.karpenter.WellKnownLabels;
import org.junit.jupiter.api.Test;

/** Which label and taint keys a tenant's pool may not set. */
class ReservedKeysCheckTest {

    private static final String OTHER_TENANCY_KEY = "acme.example/tenant";

    @Test
    void everyKeyWhoseValueNamesATenantIsReservedWhateverThePlatformsTenancyKey() {
        for (String key : new String[] {OTHER_TENANCY_KEY, WellKnownLabels.JIG_TENANT, WellKnownLabels.NODE_TENANT,
                WellKnownLabels.NODE_RESTRICTION_DOMAIN + "/jig-team", WellKnownLabels.JIG_POOL}) {
            assertThat(ReservedKeysCheck.reserved(key, OTHER_TENANCY_KEY)).as(key).isTrue();
        }
    }

    @Test
    void aTenantsOwnKeysAreNotReserved() {
        for (String key : new String[] {"workload", "acme.example/team", "jig.dev.example.com/tenant"}) {
            assertThat(ReservedKeysCheck.reserved(key, OTHER_TENANCY_KEY)).as(key).isFalse();
        }
    }
}
