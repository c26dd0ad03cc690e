package dev.jig.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.tenancy.Quota;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import dev.jig.compiler.testing.PolicyFixture;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuotaPlanTest {

    private static PolicySet set(PolicyFixture f) {
        return f.compile().policies().orElseThrow();
    }

    @Test
    void reservedCapacityComesOutOfTheQuotaFirstAndTheRestIsSharedRoundingDown() {
        PolicySet set = set(PolicyFixture.valid());
        Tenant alpha = set.tenants().get(0);
        QuotaPlan.Plan plan = QuotaPlan.of(set.platform(), alpha, java.util.Set.of("amd64", "arm64"), Catalog.bundled());
        // 32 vCPU of m7g (4 GiB per vCPU) reserved out of 200 cpu / 800Gi
        assertThat(plan.reserved()).singleElement().satisfies(r -> assertThat(r.limit()).isEqualTo(new Quota(32_000, 32 * 4096, 0)));
        assertThat(plan.remaining()).isEqualTo(new Quota(168_000, 800 * 1024 - 32 * 4096, 4));
        assertThat(plan.pools().get("web").limit()).isEqualTo(new Quota(84_000, 336 * 1024, 0)); // 50%
        assertThat(plan.pools().get("gpu").limit()).isEqualTo(new Quota(50_000, 201 * 1024, 4)); // 30%, all GPUs
    }

    @Test
    void poolLimitsNeverAddUpToMoreThanTheQuota() {
        for (int a = 1; a <= 98; a += 7) {
            for (int b = 1; a + b <= 99; b += 11) {
                PolicySet set = set(PolicyFixture.valid().edit("tenants/alpha.yaml", "share: 50%", "share: " + a + "%")
                        .edit("tenants/alpha.yaml", "share: 30%", "share: " + b + "%"));
                Tenant alpha = set.tenants().get(0);
                QuotaPlan.Plan plan = QuotaPlan.of(set.platform(), alpha, java.util.Set.of("amd64", "arm64"), Catalog.bundled());
                Quota sum = Quota.ZERO;
                for (QuotaPlan.ReservedLimit r : plan.reserved()) sum = sum.plus(r.limit());
                for (QuotaPlan.PoolLimit p : plan.pools().values()) sum = sum.plus(p.limit());
                assertThat(sum.fitsIn(alpha.quota())).as("shares %d%% + %d%%: %s within %s", a, b, sum, alpha.quota()).isTrue();
            }
        }
    }

    @Test
    void poolsWithoutShareSplitWhatIsLeftEvenly() {
        PolicySet set = set(PolicyFixture.valid().edit("tenants/alpha.yaml", "      share: 50%\n", "")
                .edit("tenants/alpha.yaml", "      share: 30%\n", ""));
        Map<String, Integer> shares = QuotaPlan.shares(set.tenants().get(0).pools());
        assertThat(shares).containsEntry("web", 50).containsEntry("gpu", 50);
    }
}
