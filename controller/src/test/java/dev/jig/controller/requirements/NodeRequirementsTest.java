package dev.jig.controller.requirements;

import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class NodeRequirementsTest {

    private static NodeRequirements of(String key, Operator op, String... values) {
        return NodeRequirements.ofExpressions(List.of(new Requirement(key, op, List.of(values))));
    }

    @Test
    void addingTheSameKeyIntersects() {
        NodeRequirements r = of("team", Operator.In, "a", "b");
        r.add(NodeRequirement.in("team", "b"));
        assertThat(r.get("team").values()).containsExactly("b");
    }

    @Test
    void anUndefinedCustomLabelIsIncompatible() {
        NodeRequirements pool = of("team", Operator.In, "a");
        assertThat(pool.compatible(of("tier", Operator.In, "web"))).contains("\"tier\" does not have known values");
    }

    @Test
    void anUndefinedWellKnownLabelIsLeftToTheInstanceTypes() {
        NodeRequirements pool = of("team", Operator.In, "a");
        assertThat(pool.compatible(of(WellKnownLabels.INSTANCE_FAMILY, Operator.In, "m5"))).isNull();
    }

    @Test
    void excludingAnUndefinedCustomLabelIsCompatible() {
        NodeRequirements pool = of("team", Operator.In, "a");
        assertThat(pool.compatible(of("tier", Operator.NotIn, "web"))).isNull();
        assertThat(pool.compatible(of("tier", Operator.DoesNotExist))).isNull();
    }

    @Test
    void disjointValuesAreIncompatible() {
        assertThat(of("team", Operator.In, "a").compatible(of("team", Operator.In, "b"))).contains("key team");
        assertThat(of("team", Operator.In, "a").intersects(of("team", Operator.In, "a", "b"))).isNull();
    }

    @Test
    void twoExclusionsAreCompatibleEvenWithoutCommonValues() {
        assertThat(of("team", Operator.DoesNotExist).intersects(of("team", Operator.NotIn, "a"))).isNull();
    }

    @Test
    void labelsMatchWithKubernetesSemantics() {
        NodeRequirements r = NodeRequirements.ofExpressions(List.of(
                new Requirement("team", Operator.In, List.of("a")),
                new Requirement("gpu", Operator.DoesNotExist, List.of()),
                new Requirement("cpu", Operator.Gt, List.of("3"))));
        assertThat(r.matchesLabels(Map.of("team", "a", "cpu", "4"))).isTrue();
        assertThat(r.matchesLabels(Map.of("team", "a", "cpu", "4", "gpu", "1"))).isFalse();
        assertThat(r.matchesLabels(Map.of("team", "a", "cpu", "2"))).isFalse();
        assertThat(r.matchesLabels(Map.of("cpu", "4"))).isFalse();
    }

    @Test
    void labelsBecomeInRequirements() {
        NodeRequirements r = NodeRequirements.ofLabels(Map.of("type", "karpenter"));
        assertThat(r.get("type").single()).isEqualTo("karpenter");
        assertThat(r.get("other").operator()).isEqualTo(Operator.Exists);
    }
}
