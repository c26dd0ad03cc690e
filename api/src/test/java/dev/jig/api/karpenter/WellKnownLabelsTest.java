package dev.jig.api.karpenter;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WellKnownLabelsTest {

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
