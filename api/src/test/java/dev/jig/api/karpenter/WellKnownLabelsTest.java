package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import org.junit.jupiter.api.Test;

/** The predicates over node label keys that the compiler and the webhook share, and the deprecated aliases. */
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

    @Test
    void deprecatedKeysNormalizeToTheirCurrentKeysAsKarpenterDoes() {
        assertThat(WellKnownLabels.normalize(WellKnownLabels.BETA_INSTANCE_TYPE)).isEqualTo(WellKnownLabels.INSTANCE_TYPE);
        assertThat(WellKnownLabels.normalize(WellKnownLabels.BETA_ZONE)).isEqualTo(WellKnownLabels.ZONE);
        assertThat(WellKnownLabels.normalize(WellKnownLabels.EBS_CSI_ZONE)).isEqualTo(WellKnownLabels.ZONE);
        assertThat(WellKnownLabels.normalize(WellKnownLabels.BETA_REGION)).isEqualTo(WellKnownLabels.REGION);
        assertThat(WellKnownLabels.normalize(WellKnownLabels.BETA_ARCH)).isEqualTo(WellKnownLabels.ARCH);
        assertThat(WellKnownLabels.normalize(WellKnownLabels.BETA_OS)).isEqualTo(WellKnownLabels.OS);
        assertThat(WellKnownLabels.normalize("team")).isEqualTo("team");
        assertThat(WellKnownLabels.ALIASES.values()).allSatisfy(k -> assertThat(WellKnownLabels.ALIASES).doesNotContainKey(k));
        assertThat(WellKnownLabels.isOfferingKey(WellKnownLabels.BETA_ZONE)).isTrue();
        assertThat(WellKnownLabels.isOfferingKey(WellKnownLabels.EBS_CSI_ZONE)).isTrue();
        assertThat(WellKnownLabels.isOfferingKey(WellKnownLabels.BETA_ARCH)).isFalse();
    }

    @Test
    void anInstanceTypeAnswersADeprecatedKeyAsItsCurrentOne() {
        InstanceType m5 = Catalog.bundled().find("m5.large").orElseThrow();
        assertThat(m5.label(WellKnownLabels.BETA_INSTANCE_TYPE)).isEqualTo("m5.large");
        assertThat(m5.label(WellKnownLabels.BETA_ARCH)).isEqualTo("amd64");
        assertThat(m5.labels()).doesNotContainKey(WellKnownLabels.BETA_ARCH);
    }
}
