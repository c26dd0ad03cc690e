package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** NodePool template labels and annotations, taints and startup taints. */
class TemplateLabelAndTaintRulesTest {

    private static final ObjectNode POOL = Fixtures.nodePool();
    private static final String LABELS = "/spec/template/metadata/labels";
    private static final String TAINT = "/spec/template/spec/taints/0";

    private static ObjectNode labels(String flow) {
        return with(POOL, LABELS, flow);
    }

    private static ObjectNode taint(String flow) {
        return with(POOL, TAINT, flow);
    }

    static Stream<Case> labels() {
        return Stream.of(
                accepts("tenant label", labels("{jig.dev/tenant: payments, app-tier: web}")),
                accepts("empty label value", labels("{jig.dev/tenant: ''}")),
                accepts("null label counts as absent", labels("{karpenter.sh/foo: null}")),
                accepts("allowed karpenter labels", labels("{karpenter.sh/capacity-type: spot, karpenter.k8s.aws/instance-tenancy: default}")),
                schema("value longer than 63", labels("{team: " + "a".repeat(64) + "}"), LABELS + "/team", "must be at most 63 characters"),
                pattern("value starting with a dash", labels("{team: -web}"), LABELS + "/team", CrdPattern.LABEL_VALUE),
                schema("value must be a string", labels("{team: 5}"), LABELS + "/team", "must be a string"),
                schema("at most 100 labels", labels(IntStream.range(0, 101).mapToObj(i -> "l" + i + ": v")
                        .collect(Collectors.joining(", ", "{", "}"))), LABELS, "must have at most 100 entries"),
                cel("karpenter.sh domain", labels("{karpenter.sh/team: a}"), LABELS + "/karpenter.sh~1team", CelRule.LABEL_DOMAIN_KARPENTER_SH),
                cel("karpenter.sh/nodepool", labels("{karpenter.sh/nodepool: a}"), LABELS + "/karpenter.sh~1nodepool", CelRule.LABEL_NODEPOOL),
                cel("kubernetes.io/hostname", labels("{kubernetes.io/hostname: a}"), LABELS + "/kubernetes.io~1hostname",
                        CelRule.LABEL_HOSTNAME),
                cel("karpenter.k8s.aws domain", labels("{karpenter.k8s.aws/team: a}"), LABELS + "/karpenter.k8s.aws~1team",
                        CelRule.LABEL_DOMAIN_KARPENTER_K8S_AWS),
                cel("bare karpenter.sh key", labels("{karpenter.sh: a}"), LABELS + "/karpenter.sh", CelRule.LABEL_DOMAIN_KARPENTER_SH),
                accepts("annotations", with(POOL, "/spec/template/metadata/annotations", "{example.com/note: anything at all}")),
                schema("annotation value must be a string", with(POOL, "/spec/template/metadata/annotations", "{a: [1]}"),
                        "/spec/template/metadata/annotations/a", "must be a string"));
    }

    static Stream<Case> taints() {
        return Stream.of(
                accepts("tenant taint", taint("{key: jig.dev/tenant, value: payments, effect: NoSchedule}")),
                accepts("taint without value", taint("{key: dedicated, effect: NoExecute}")),
                accepts("taint with timeAdded", taint("{key: a, effect: PreferNoSchedule, timeAdded: '2026-01-02T03:04:05Z'}")),
                pattern("empty value (the CRD gives values the key pattern)", taint("{key: a, value: '', effect: NoSchedule}"),
                        TAINT + "/value", CrdPattern.QUALIFIED_KEY),
                pattern("value with a space", taint("{key: a, value: 'a b', effect: NoSchedule}"), TAINT + "/value",
                        CrdPattern.QUALIFIED_KEY),
                schema("empty key", taint("{key: '', effect: NoSchedule}"), TAINT + "/key", "must be at least 1 character"),
                pattern("key with a space", taint("{key: 'a b', effect: NoSchedule}"), TAINT + "/key", CrdPattern.QUALIFIED_KEY),
                schema("unknown effect", taint("{key: a, effect: NoScheduleAtAll}"), TAINT + "/effect",
                        "must be one of [NoSchedule, PreferNoSchedule, NoExecute]"),
                schema("effect is required", taint("{key: a}"), TAINT + "/effect", "required"),
                schema("key is required", taint("{effect: NoSchedule}"), TAINT + "/key", "required"),
                schema("timeAdded must be a date-time", taint("{key: a, effect: NoSchedule, timeAdded: yesterday}"),
                        TAINT + "/timeAdded", "must be an RFC 3339 date-time"),
                schema("timeAdded with an impossible date", taint("{key: a, effect: NoSchedule, timeAdded: '2026-02-30T00:00:00Z'}"),
                        TAINT + "/timeAdded", "must be an RFC 3339 date-time"),
                schema("taints must be an array", with(POOL, "/spec/template/spec/taints", "{key: a}"),
                        "/spec/template/spec/taints", "must be an array"),
                schema("startup taint is checked too", with(POOL, "/spec/template/spec/startupTaints/0", "{key: a, effect: Never}"),
                        "/spec/template/spec/startupTaints/0/effect", "must be one of [NoSchedule, PreferNoSchedule, NoExecute]"),
                accepts("startup taint", with(POOL, "/spec/template/spec/startupTaints/0", "{key: node.example.com/init, effect: NoSchedule}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"labels", "taints"})
    void checksLabelsAndTaints(Case c) {
        c.verify(KarpenterRules::validateNodePool);
    }
}
