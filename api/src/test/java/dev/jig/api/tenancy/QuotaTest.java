package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.karpenter.ResourceList;
import org.junit.jupiter.api.Test;

class QuotaTest {

    @Test
    void becomesSchedulerCapacityWithMemoryInBytes() {
        assertThat(new Quota(4000, 1536, 1).toResourceList())
                .isEqualTo(new ResourceList(4000, 1536 * ResourceList.MIB, 0, 1, 0));
    }

    @Test
    void anUnlimitedQuotaStaysHugeInBytesInsteadOfWrappingAround() {
        ResourceList unlimited = new Quota(Quota.UNLIMITED, Quota.UNLIMITED, Quota.UNLIMITED).toResourceList();

        assertThat(unlimited.memoryBytes()).isEqualTo(Quota.UNLIMITED);
        assertThat(new Quota(0, -Quota.UNLIMITED, 0).toResourceList().memoryBytes()).isEqualTo(-Quota.UNLIMITED);
    }
}
