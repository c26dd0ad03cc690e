package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.beyond;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;
import static dev.jig.api.karpenter.rules.Fixtures.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The NodePool spec outside requirements, taints and disruption: structure, metadata, limits, static pools. */
class NodePoolRulesTest {

    private static final ObjectNode POOL = Fixtures.nodePool();
    private static final String SPEC = "/spec/template/spec";
    private static final String REF = SPEC + "/nodeClassRef";

    @Test
    void minimalNodePoolIsAccepted() {
        assertThat(KarpenterRules.validate(POOL)).isEmpty();
    }

    static Stream<Case> structure() {
        return Stream.of(
                schema("spec is required", without(POOL, "/spec"), "/spec", "required"),
                schema("null spec counts as absent", with(POOL, "/spec", "null"), "/spec", "required"),
                schema("spec must be an object", with(POOL, "/spec", "[]"), "/spec", "must be an object"),
                schema("unknown top-level field", with(POOL, "/extra", "1"), "/extra", "unknown field"),
                accepts("status is ignored", with(POOL, "/status", "{anything: [1, 2]}")),
                schema("unknown spec field", with(POOL, "/spec/replica", "1"), "/spec/replica", "unknown field"),
                schema("unknown template field", with(POOL, "/spec/template/metadata/name", "x"),
                        "/spec/template/metadata/name", "unknown field"),
                schema("template is required", without(POOL, "/spec/template"), "/spec/template", "required"),
                schema("template.spec is required", without(POOL, "/spec/template/spec"), "/spec/template/spec", "required"),
                schema("nodeClassRef is required", without(POOL, REF), REF, "required"),
                schema("requirements are required", without(POOL, SPEC + "/requirements"), SPEC + "/requirements", "required"),
                accepts("requirements may be empty", with(POOL, SPEC + "/requirements", "[]")),
                schema("apiVersion must be a string", with(POOL, "/apiVersion", "1"), "/apiVersion", "must be a string"));
    }

    static Stream<Case> metadata() {
        return Stream.of(
                schema("name is required", without(POOL, "/metadata/name"), "/metadata/name", "required"),
                schema("metadata is required", without(POOL, "/metadata"), "/metadata/name", "required"),
                schema("name must be lower case", with(POOL, "/metadata/name", "Payments"), "/metadata/name",
                        "must be a DNS-1123 subdomain: lower case alphanumeric characters, '-' or '.', starting and ending with an alphanumeric character"),
                schema("name at most 253 characters", with(POOL, "/metadata/name", "a".repeat(254)), "/metadata/name",
                        "must be no more than 253 characters"),
                accepts("name of 253 characters (the CRD sets no 63-character limit)", with(POOL, "/metadata/name", "a".repeat(253))),
                accepts("dotted name", with(POOL, "/metadata/name", "payments.web-1")),
                schema("name must be a string", with(POOL, "/metadata/name", "7"), "/metadata/name", "must be a string"),
                schema("label key must be a qualified name", with(POOL, "/metadata/labels", "{'bad key': x}"),
                        "/metadata/labels/bad key",
                        "label key must be a qualified name (an optional DNS subdomain prefix and '/', then at most 63 alphanumeric characters, '-', '_' or '.')"),
                accepts("valid labels and annotations", with(with(POOL, "/metadata/labels", "{jig.dev/tenant: payments}"),
                        "/metadata/annotations", "{jig.dev/source: 'tenants/payments.yaml', jig.dev/content-hash: 'sha256:ab'}")),
                schema("annotation values are strings", with(POOL, "/metadata/annotations", "{a: 1}"),
                        "/metadata/annotations/a", "must be a string"));
    }

    static Stream<Case> nodeClassRef() {
        return Stream.of(
                cel("empty group", with(POOL, REF + "/group", "''"), REF + "/group", CelRule.NODE_CLASS_GROUP_NOT_EMPTY),
                cel("empty kind", with(POOL, REF + "/kind", "''"), REF + "/kind", CelRule.NODE_CLASS_KIND_NOT_EMPTY),
                cel("empty name", with(POOL, REF + "/name", "''"), REF + "/name", CelRule.NODE_CLASS_NAME_NOT_EMPTY),
                pattern("group with a slash", with(POOL, REF + "/group", "karpenter.k8s.aws/v1"), REF + "/group",
                        CrdPattern.NODE_CLASS_GROUP),
                schema("group is required", without(POOL, REF + "/group"), REF + "/group", "required"),
                schema("kind is required", without(POOL, REF + "/kind"), REF + "/kind", "required"),
                schema("name is required", without(POOL, REF + "/name"), REF + "/name", "required"),
                accepts("any non-empty kind", with(POOL, REF + "/kind", "OtherNodeClass")));
    }

    static Stream<Case> durations() {
        return Stream.of(
                accepts("expireAfter 720h", with(POOL, SPEC + "/expireAfter", "720h")),
                accepts("expireAfter Never", with(POOL, SPEC + "/expireAfter", "Never")),
                accepts("expireAfter 1h30m", with(POOL, SPEC + "/expireAfter", "1h30m")),
                pattern("expireAfter in days", with(POOL, SPEC + "/expireAfter", "30d"), SPEC + "/expireAfter",
                        CrdPattern.DURATION_OR_NEVER),
                pattern("empty expireAfter", with(POOL, SPEC + "/expireAfter", "''"), SPEC + "/expireAfter",
                        CrdPattern.DURATION_OR_NEVER),
                pattern("expireAfter with a trailing newline (Go's $ is the end of text)",
                        with(POOL, SPEC + "/expireAfter", "\"720h\\n\""), SPEC + "/expireAfter", CrdPattern.DURATION_OR_NEVER),
                accepts("terminationGracePeriod 48h", with(POOL, SPEC + "/terminationGracePeriod", "48h")),
                pattern("terminationGracePeriod Never", with(POOL, SPEC + "/terminationGracePeriod", "Never"),
                        SPEC + "/terminationGracePeriod", CrdPattern.DURATION),
                schema("terminationGracePeriod must be a string", with(POOL, SPEC + "/terminationGracePeriod", "3600"),
                        SPEC + "/terminationGracePeriod", "must be a string"));
    }

    static Stream<Case> limitsAndWeight() {
        return Stream.of(
                accepts("integer, string and quantity limits",
                        with(POOL, "/spec/limits", "{cpu: 1000, memory: 16000Gi, nvidia.com/gpu: '8', ephemeral: 1.5e3}")),
                accepts("milli quantity", with(POOL, "/spec/limits/cpu", "500m")),
                beyond("negative integer (the schema sets no minimum; Jig refuses it)", with(POOL, "/spec/limits/cpu", "-5"),
                        "/spec/limits/cpu", Rule.NEGATIVE_LIMIT),
                beyond("negative quantity string", with(POOL, "/spec/limits/cpu", "'-100000'"), "/spec/limits/cpu", Rule.NEGATIVE_LIMIT),
                beyond("negative limit of any resource", with(POOL, "/spec/limits/nvidia.com~1gpu", "'-1e00003'"),
                        "/spec/limits/nvidia.com~1gpu", Rule.NEGATIVE_LIMIT),
                beyond("pattern-valid limit Kubernetes cannot parse", with(POOL, "/spec/limits/memory", "1e1.5"),
                        "/spec/limits/memory", Rule.KARPENTER_QUANTITY),
                beyond("exponent Kubernetes would wrap around", with(POOL, "/spec/limits/cpu", "'1e4294967296'"),
                        "/spec/limits/cpu", Rule.KARPENTER_QUANTITY),
                accepts("zero written with a minus sign is not negative", with(POOL, "/spec/limits/cpu", "'-0'")),
                accepts("exponent with leading zeros", with(POOL, "/spec/limits/cpu", "'1e00006'")),
                schema("null limit is refused: stored as missing, it is unlimited", with(POOL, "/spec/limits/cpu", "null"), "/spec/limits/cpu",
                        "must be an integer or a string, not null (the API server stores a null limit as missing, which Karpenter reads as unlimited)"),
                pattern("not a quantity", with(POOL, "/spec/limits/cpu", "lots"), "/spec/limits/cpu", CrdPattern.QUANTITY),
                pattern("quantity with a space", with(POOL, "/spec/limits/memory", "16 Gi"), "/spec/limits/memory",
                        CrdPattern.QUANTITY),
                schema("fractional number is neither integer nor string", with(POOL, "/spec/limits/cpu", "1.5"),
                        "/spec/limits/cpu", "must be an integer or a string"),
                schema("boolean limit", with(POOL, "/spec/limits/cpu", "true"), "/spec/limits/cpu",
                        "must be an integer or a string"),
                schema("limits must be an object", with(POOL, "/spec/limits", "[cpu]"), "/spec/limits", "must be an object"),
                accepts("weight 1", with(POOL, "/spec/weight", "1")),
                accepts("weight 100", with(POOL, "/spec/weight", "100")),
                accepts("weight as an integral float", with(POOL, "/spec/weight", "10.0")),
                schema("weight 0", with(POOL, "/spec/weight", "0"), "/spec/weight", "must be >= 1"),
                schema("weight 101", with(POOL, "/spec/weight", "101"), "/spec/weight", "must be <= 100"),
                schema("weight as a string", with(POOL, "/spec/weight", "'10'"), "/spec/weight", "must be an integer"),
                schema("weight fractional", with(POOL, "/spec/weight", "10.5"), "/spec/weight", "must be an integer"));
    }

    static Stream<Case> staticPools() {
        return Stream.of(
                accepts("replicas with no limits", with(POOL, "/spec/replicas", "3")),
                accepts("replicas with limits.nodes only", with(with(POOL, "/spec/replicas", "3"), "/spec/limits", "{nodes: 5}")),
                accepts("replicas with empty limits", with(with(POOL, "/spec/replicas", "3"), "/spec/limits", "{}")),
                accepts("replicas zero", with(POOL, "/spec/replicas", "0")),
                schema("negative replicas", with(POOL, "/spec/replicas", "-1"), "/spec/replicas", "must be >= 0"),
                cel("replicas with a cpu limit", with(with(POOL, "/spec/replicas", "3"), "/spec/limits", "{cpu: 10}"),
                        "/spec/limits", CelRule.STATIC_LIMITS_NODES_ONLY),
                cel("replicas with nodes and cpu limits", with(with(POOL, "/spec/replicas", "3"), "/spec/limits",
                        "{nodes: 5, cpu: 10}"), "/spec/limits", CelRule.STATIC_LIMITS_NODES_ONLY),
                cel("replicas with weight", with(with(POOL, "/spec/replicas", "3"), "/spec/weight", "10"),
                        "/spec/weight", CelRule.STATIC_NO_WEIGHT),
                accepts("weight and cpu limit without replicas", with(with(POOL, "/spec/weight", "10"), "/spec/limits", "{cpu: 10}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"structure", "metadata", "nodeClassRef", "durations", "limitsAndWeight", "staticPools"})
    void checksTheNodePoolSpec(Case c) {
        c.verify(KarpenterRules::validateNodePool);
    }
}
