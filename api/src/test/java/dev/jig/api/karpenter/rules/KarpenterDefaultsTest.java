package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Fixtures.with;
import static dev.jig.api.karpenter.rules.Fixtures.without;
import static dev.jig.api.karpenter.rules.Fixtures.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** CRD defaults, applied where the API server's structural defaulting applies them. */
class KarpenterDefaultsTest {

    @Test
    void absentDisruptionGetsTheWholeDefaultedBlock() {
        ObjectNode out = KarpenterDefaults.withDefaults(Fixtures.nodePool());
        assertThat(out.at("/spec/disruption")).isEqualTo(yaml(
                "{consolidateAfter: 0s, budgets: [{nodes: 10%}], consolidationPolicy: WhenEmptyOrUnderutilized}"));
        assertThat(out.at("/spec/template/spec/expireAfter").textValue()).isEqualTo("720h");
    }

    @Test
    void presentDisruptionKeepsItsValuesAndGetsTheMissingOnes() {
        ObjectNode pool = with(Fixtures.nodePool(), "/spec/disruption",
                "{consolidateAfter: 5m, budgets: [{schedule: '@daily', duration: 1h}, {nodes: '0'}]}");
        ObjectNode out = KarpenterDefaults.withDefaults(pool);
        assertThat(out.at("/spec/disruption")).isEqualTo(yaml("{consolidateAfter: 5m, budgets: [{schedule: '@daily',"
                + " duration: 1h, nodes: 10%}, {nodes: '0'}], consolidationPolicy: WhenEmptyOrUnderutilized}"));
    }

    @Test
    void presentDisruptionWithoutConsolidateAfterIsNotRepaired() {
        ObjectNode out = KarpenterDefaults.withDefaults(with(Fixtures.nodePool(), "/spec/disruption", "{consolidationPolicy: WhenEmpty}"));
        assertThat(out.at("/spec/disruption/consolidateAfter").isMissingNode()).isTrue();
        assertThat(out.at("/spec/disruption/budgets/0/nodes").textValue()).isEqualTo("10%");
    }

    @Test
    void nullCountsAsAbsent() {
        ObjectNode out = KarpenterDefaults.withDefaults(with(Fixtures.nodePool(), "/spec/disruption", "null"));
        assertThat(out.at("/spec/disruption/consolidateAfter").textValue()).isEqualTo("0s");
    }

    @Test
    void explicitValuesAreKept() {
        ObjectNode out = KarpenterDefaults.withDefaults(Fixtures.fullNodePool());
        assertThat(out.at("/spec/template/spec/expireAfter").textValue()).isEqualTo("336h");
        assertThat(out.at("/spec/disruption/budgets")).hasSize(3);
    }

    @Test
    void nothingIsDefaultedWithoutItsParent() {
        ObjectNode noSpec = without(Fixtures.nodePool(), "/spec");
        assertThat(KarpenterDefaults.withDefaults(noSpec)).isEqualTo(noSpec);
        ObjectNode noTemplateSpec = without(Fixtures.nodePool(), "/spec/template/spec");
        assertThat(KarpenterDefaults.withDefaults(noTemplateSpec).at("/spec/template")).isEqualTo(yaml("{}"));
    }

    @Test
    void valuesOfTheWrongTypeAreLeftForTheRules() {
        ObjectNode out = KarpenterDefaults.withDefaults(with(Fixtures.nodePool(), "/spec/disruption", "[]"));
        assertThat(out.at("/spec/disruption")).isEqualTo(yaml("[]"));
    }

    @Test
    void metadataOptionsAreDefaultedWholeOrFieldByField() {
        ObjectNode out = KarpenterDefaults.withDefaults(Fixtures.ec2NodeClass());
        assertThat(out.at("/spec/metadataOptions")).isEqualTo(yaml(
                "{httpEndpoint: enabled, httpProtocolIPv6: disabled, httpPutResponseHopLimit: 1, httpTokens: required}"));
        ObjectNode partial = KarpenterDefaults.withDefaults(with(Fixtures.ec2NodeClass(), "/spec/metadataOptions",
                "{httpTokens: optional, httpPutResponseHopLimit: 2}"));
        assertThat(partial.at("/spec/metadataOptions")).isEqualTo(yaml(
                "{httpTokens: optional, httpPutResponseHopLimit: 2, httpEndpoint: enabled, httpProtocolIPv6: disabled}"));
    }

    @Test
    void theInputIsNotModified() {
        ObjectNode pool = Fixtures.nodePool();
        ObjectNode before = pool.deepCopy();
        KarpenterDefaults.withDefaults(pool);
        assertThat(pool).isEqualTo(before);
    }

    @Test
    void otherKindsAndGarbageAreNotDefaulted() {
        ObjectNode configMap = (ObjectNode) yaml("{apiVersion: v1, kind: ConfigMap, spec: {}}");
        assertThat(KarpenterDefaults.withDefaults(configMap)).isEqualTo(configMap);
        assertThat(KarpenterDefaults.withDefaults(JsonNodeFactory.instance.textNode("x"))).isEmpty();
        assertThat(KarpenterDefaults.withDefaults(null)).isEmpty();
    }
}
