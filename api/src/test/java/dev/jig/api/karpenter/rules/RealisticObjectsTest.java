package dev.jig.api.karpenter.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The objects Jig emits in practice pass, before and after defaulting. */
class RealisticObjectsTest {

    @Test
    void fullNodePoolLikeJigEmitsHasNoViolations() {
        assertThat(KarpenterRules.validate(Fixtures.fullNodePool())).isEmpty();
    }

    @Test
    void fullEC2NodeClassLikeJigEmitsHasNoViolations() {
        assertThat(KarpenterRules.validate(Fixtures.fullEc2NodeClass())).isEmpty();
    }

    @Test
    void defaultedObjectsStayValid() {
        assertThat(KarpenterRules.validate(KarpenterDefaults.withDefaults(Fixtures.fullNodePool()))).isEmpty();
        assertThat(KarpenterRules.validate(KarpenterDefaults.withDefaults(Fixtures.nodePool()))).isEmpty();
        assertThat(KarpenterRules.validate(KarpenterDefaults.withDefaults(Fixtures.fullEc2NodeClass()))).isEmpty();
        assertThat(KarpenterRules.validate(KarpenterDefaults.withDefaults(Fixtures.ec2NodeClass()))).isEmpty();
    }

    @Test
    void anUpdateThatOnlyChangesTheNodeClassNameIsAccepted() {
        var updated = Fixtures.with(Fixtures.fullNodePool(), "/spec/template/spec/nodeClassRef/name", "payments-bottlerocket");
        assertThat(KarpenterRules.validateUpdate(Fixtures.fullNodePool(), updated)).isEmpty();
    }
}
