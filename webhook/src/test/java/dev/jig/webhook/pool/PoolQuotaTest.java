package dev.jig.webhook.pool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.testing.Acme;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The quota check fails closed on this pool's own limits, whatever the shared Karpenter rules said before it. */
class PoolQuotaTest {

    private static List<Finding> check(String resource, String value, List<Finding> earlier) {
        ObjectNode pool = Acme.object("NodePool", "payments-api");
        ((ObjectNode) pool.at("/spec/limits")).put(resource, value);
        List<Finding> out = new ArrayList<>(earlier);
        PoolQuota.check("payments-api", pool, "payments", Acme.view(), out);
        return out;
    }

    @Test
    void anUnreadableLimitOfThisPoolIsADenialNotAPass() {
        assertThat(check("cpu", "lots", List.of())).extracting(Finding::rule).containsExactly(Rule.KARPENTER_QUANTITY);
        assertThat(check("nvidia.com/gpu", "1e1.5", List.of())).extracting(Finding::detail)
                .anySatisfy(d -> assertThat(d).startsWith("/spec/limits/nvidia.com~1gpu:").contains("cannot be judged"));
    }

    @Test
    void aLimitTheSharedRulesAlreadyRefuseIsNotReportedTwice() {
        Finding pattern = new Finding(Rule.KARPENTER_PATTERN, "/spec/limits/cpu: must match the quantity pattern");
        assertThat(check("cpu", "lots", List.of(pattern))).containsExactly(pattern);
    }

    @Test
    void aNullLimitIsAMissingLimit() {
        ObjectNode pool = Acme.object("NodePool", "payments-api");
        ((ObjectNode) pool.at("/spec/limits")).putNull("memory");
        List<Finding> out = new ArrayList<>();
        PoolQuota.check("payments-api", pool, "payments", Acme.view(), out);
        assertThat(out).extracting(Finding::rule).containsExactly(Rule.POOL_LIMITS_MISSING);
    }
}
