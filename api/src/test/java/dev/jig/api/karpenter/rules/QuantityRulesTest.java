package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Fixtures.with;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Jig's own quantity rules beyond the CRDs, as {@link KarpenterRules} reports them. */
class QuantityRulesTest {

    private static final ObjectNode POOL = Fixtures.nodePool();

    @Test
    void aNegativeLimitIsOneViolationThatNamesTheResourceAndTheValue() {
        List<Violation> found = KarpenterRules.validate(with(POOL, "/spec/limits", "{cpu: '-100000', memory: 1Gi}"));
        assertThat(found).containsExactly(new Violation(Rule.NEGATIVE_LIMIT, "/spec/limits/cpu",
                "limit cpu is negative (-100000); Karpenter would launch nothing, and a quota sum would count it against the tenant's other pools"));
    }

    @Test
    void anUnreadableLimitSaysWhyAndIsNotAlsoCalledNegative() {
        List<Violation> found = KarpenterRules.validate(with(POOL, "/spec/limits/cpu", "'-1e1.5'"));
        assertThat(found).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(Rule.KARPENTER_QUANTITY);
            assertThat(v.pointer()).isEqualTo("/spec/limits/cpu");
            assertThat(v.message()).startsWith("invalid quantity '-1e1.5': unexpected '.' at character 5");
        });
    }

    @Test
    void aPatternViolationIsReportedOnceAsAPatternViolation() {
        assertThat(KarpenterRules.validate(with(POOL, "/spec/limits/cpu", "lots"))).extracting(Violation::rule)
                .containsExactly(Rule.KARPENTER_PATTERN);
    }

    @Test
    void tinyAndHugeLimitsAreReadableAndNotNegative() {
        assertThat(KarpenterRules.validate(with(POOL, "/spec/limits", "{cpu: '0.1n', memory: '1e00006', nodes: '" + "9".repeat(200) + "'}")))
                .isEmpty();
    }
}
