package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** NodePool requirements: keys, operators, values, minValues and the CRD's CEL rules on them. */
class RequirementRulesTest {

    private static final ObjectNode POOL = Fixtures.nodePool();
    private static final String REQ = "/spec/template/spec/requirements/0";

    private static ObjectNode requirement(String flow) {
        return with(POOL, REQ, flow);
    }

    static Stream<Case> keys() {
        return Stream.of(
                accepts("well-known key", requirement("{key: kubernetes.io/arch, operator: In, values: [arm64]}")),
                accepts("custom key with prefix", requirement("{key: example.com/Team_1, operator: Exists}")),
                accepts("key of 316 characters", requirement("{key: " + "a".repeat(316) + ", operator: Exists}")),
                schema("key longer than 316", requirement("{key: " + "a".repeat(317) + ", operator: Exists}"),
                        REQ + "/key", "must be at most 316 characters"),
                pattern("key starting with a dash", requirement("{key: -team, operator: Exists}"), REQ + "/key",
                        CrdPattern.QUALIFIED_KEY),
                pattern("key with upper-case prefix", requirement("{key: Example.com/team, operator: Exists}"), REQ + "/key",
                        CrdPattern.QUALIFIED_KEY),
                schema("key is required", requirement("{operator: Exists}"), REQ + "/key", "required"),
                schema("operator is required", requirement("{key: team}"), REQ + "/operator", "required"),
                schema("key must be a string", requirement("{key: 5, operator: Exists}"), REQ + "/key", "must be a string"),
                schema("unknown field", requirement("{key: team, operator: Exists, value: x}"), REQ + "/value", "unknown field"),
                schema("requirement must be an object", with(POOL, REQ, "team"), REQ, "must be an object"),
                schema("at most 100 requirements", with(POOL, "/spec/template/spec/requirements", IntStream.range(0, 101)
                                .mapToObj(i -> "{key: k" + i + ", operator: Exists}").collect(Collectors.joining(", ", "[", "]"))),
                        "/spec/template/spec/requirements", "must have at most 100 items"));
    }

    static Stream<Case> restrictedKeys() {
        return Stream.of(
                accepts("karpenter.sh/capacity-type", requirement("{key: karpenter.sh/capacity-type, operator: Exists}")),
                cel("other karpenter.sh key", requirement("{key: karpenter.sh/foo, operator: Exists}"), REQ + "/key",
                        CelRule.LABEL_DOMAIN_KARPENTER_SH),
                cel("karpenter.sh subdomain", requirement("{key: x.karpenter.sh/foo, operator: Exists}"), REQ + "/key",
                        CelRule.LABEL_DOMAIN_KARPENTER_SH),
                cel("domain merely ending in karpenter.sh (endsWith in the CRD)", requirement("{key: notkarpenter.sh/foo, operator: Exists}"),
                        REQ + "/key", CelRule.LABEL_DOMAIN_KARPENTER_SH),
                cel("karpenter.sh/nodepool", requirement("{key: karpenter.sh/nodepool, operator: Exists}"), REQ + "/key",
                        CelRule.LABEL_NODEPOOL),
                cel("kubernetes.io/hostname", requirement("{key: kubernetes.io/hostname, operator: Exists}"), REQ + "/key",
                        CelRule.LABEL_HOSTNAME),
                accepts("allowed karpenter.k8s.aws key", requirement("{key: karpenter.k8s.aws/instance-family, operator: Exists}")),
                accepts("instance-capability-flex", requirement("{key: karpenter.k8s.aws/instance-capability-flex, operator: Exists}")),
                cel("other karpenter.k8s.aws key", requirement("{key: karpenter.k8s.aws/instance-color, operator: Exists}"),
                        REQ + "/key", CelRule.LABEL_DOMAIN_KARPENTER_K8S_AWS),
                accepts("karpenter.k8s.aws only after the slash", requirement("{key: example.com/karpenter.k8s.aws, operator: Exists}")));
    }

    static Stream<Case> operatorsAndValues() {
        return Stream.of(
                schema("unknown operator", requirement("{key: team, operator: Equals, values: [a]}"), REQ + "/operator",
                        "must be one of [Gte, Lte, In, NotIn, Exists, DoesNotExist, Gt, Lt]"),
                cel("In without values", requirement("{key: team, operator: In}"), REQ, CelRule.REQUIREMENT_IN_NEEDS_VALUES),
                cel("In with empty values", requirement("{key: team, operator: In, values: []}"), REQ + "/values",
                        CelRule.REQUIREMENT_IN_NEEDS_VALUES),
                accepts("NotIn with empty values", requirement("{key: team, operator: NotIn, values: []}")),
                accepts("Exists with values (the CRD does not forbid them)", requirement("{key: team, operator: Exists, values: [a]}")),
                accepts("DoesNotExist", requirement("{key: team, operator: DoesNotExist}")),
                schema("value must be a string", requirement("{key: team, operator: In, values: [1]}"), REQ + "/values/0",
                        "must be a string"),
                accepts("values are not pattern-checked: the CRD puts the pattern on the array",
                        requirement("{key: team, operator: In, values: ['not a label value!', '" + "x".repeat(70) + "']}")),
                accepts("minValues met", requirement("{key: team, operator: In, values: [a, b], minValues: 2}")),
                cel("minValues not met", requirement("{key: team, operator: In, values: [a], minValues: 2}"), REQ + "/minValues",
                        CelRule.REQUIREMENT_MIN_VALUES),
                accepts("minValues only counts for In", requirement("{key: team, operator: NotIn, values: [a], minValues: 3}")),
                schema("minValues 0", requirement("{key: team, operator: In, values: [a], minValues: 0}"), REQ + "/minValues",
                        "must be >= 1"),
                schema("minValues 51", requirement("{key: team, operator: In, values: [a], minValues: 51}"), REQ + "/minValues",
                        "must be <= 50"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Gt", "Lt", "Gte", "Lte"})
    void comparisonOperatorsNeedOneNonNegativeInteger(String op) {
        String at = REQ + "/values";
        for (String ok : new String[] {"'0'", "'5'", "'+5'", "'-0'", "'007'", "'9223372036854775807'"}) {
            accepts(op + " " + ok, requirement("{key: karpenter.k8s.aws/instance-cpu, operator: " + op + ", values: [" + ok + "]}"))
                    .verify(KarpenterRules::validateNodePool);
        }
        for (String bad : new String[] {"'-1'", "'1.5'", "'a'", "''", "' 5'", "'9223372036854775808'", "'5', '6'"}) {
            cel(op + " " + bad, requirement("{key: karpenter.k8s.aws/instance-cpu, operator: " + op + ", values: [" + bad + "]}"),
                    at, CelRule.REQUIREMENT_NUMERIC_SINGLE_VALUE).verify(KarpenterRules::validateNodePool);
        }
        cel(op + " without values", requirement("{key: karpenter.k8s.aws/instance-cpu, operator: " + op + "}"),
                REQ, CelRule.REQUIREMENT_NUMERIC_SINGLE_VALUE).verify(KarpenterRules::validateNodePool);
        cel(op + " with no value", requirement("{key: karpenter.k8s.aws/instance-cpu, operator: " + op + ", values: []}"),
                at, CelRule.REQUIREMENT_NUMERIC_SINGLE_VALUE).verify(KarpenterRules::validateNodePool);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"keys", "restrictedKeys", "operatorsAndValues"})
    void checksRequirements(Case c) {
        c.verify(KarpenterRules::validateNodePool);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"karpenter.sh/nodepool"})
    void theNodePoolLabelFailsOnlyItsOwnRule(String key) {
        assertThat(KarpenterRules.validateNodePool(requirement("{key: " + key + ", operator: Exists}")))
                .extracting(Violation::message)
                .containsExactly(CelRule.LABEL_NODEPOOL.message());
    }
}
