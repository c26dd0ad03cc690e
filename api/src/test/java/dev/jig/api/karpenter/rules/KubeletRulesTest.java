package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.beyond;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** EC2NodeClass kubelet settings. */
class KubeletRulesTest {

    private static final ObjectNode CLASS = Fixtures.ec2NodeClass();
    private static final String K = "/spec/kubelet";

    private static ObjectNode kubelet(String flow) {
        return with(CLASS, K, flow);
    }

    static Stream<Case> kubelet() {
        return Stream.of(
                accepts("typical kubelet", kubelet("{maxPods: 110, podsPerCore: 0, cpuCFSQuota: true, clusterDNS: [10.100.0.10],"
                        + " systemReserved: {cpu: 100m, memory: 100Mi, ephemeral-storage: 1Gi}, kubeReserved: {cpu: 200m, pid: '100'},"
                        + " evictionHard: {memory.available: 5%, nodefs.available: 10%}, evictionSoft: {memory.available: 500Mi},"
                        + " evictionSoftGracePeriod: {memory.available: 1m}, evictionMaxPodGracePeriod: 60,"
                        + " imageGCHighThresholdPercent: 85, imageGCLowThresholdPercent: 80}")),
                schema("negative maxPods", kubelet("{maxPods: -1}"), K + "/maxPods", "must be >= 0"),
                schema("clusterDNS entries are strings", kubelet("{clusterDNS: [1]}"), K + "/clusterDNS/0", "must be a string"),
                cel("unknown hard eviction signal", kubelet("{evictionHard: {memory.free: 5%}}"), K + "/evictionHard/memory.free",
                        CelRule.EVICTION_HARD_KEYS),
                accepts("empty eviction threshold (the CRD pattern allows it)", kubelet("{evictionHard: {memory.available: ''}}")),
                accepts("percentage with decimals", kubelet("{evictionHard: {memory.available: '99.5%'}}")),
                pattern("percentage above 100", kubelet("{evictionHard: {memory.available: 101%}}"), K + "/evictionHard/memory.available",
                        CrdPattern.EVICTION_THRESHOLD),
                pattern("word threshold", kubelet("{evictionHard: {memory.available: lots}}"), K + "/evictionHard/memory.available",
                        CrdPattern.EVICTION_THRESHOLD),
                cel("unknown soft eviction signal", kubelet("{evictionSoft: {x: 5%}, evictionSoftGracePeriod: {x: 1m}}"),
                        K + "/evictionSoft/x", CelRule.EVICTION_SOFT_KEYS),
                cel("unknown grace period signal", kubelet("{evictionSoft: {x: 5%}, evictionSoftGracePeriod: {x: 1m}}"),
                        K + "/evictionSoftGracePeriod/x", CelRule.EVICTION_SOFT_GRACE_PERIOD_KEYS),
                cel("soft threshold without grace periods", kubelet("{evictionSoft: {memory.available: 5%}}"),
                        K + "/evictionSoft/memory.available", CelRule.EVICTION_SOFT_NEEDS_GRACE_PERIOD),
                cel("soft threshold without its grace period", kubelet("{evictionSoft: {memory.available: 5%},"
                        + " evictionSoftGracePeriod: {nodefs.available: 1m}}"), K + "/evictionSoft/memory.available",
                        CelRule.EVICTION_SOFT_NEEDS_GRACE_PERIOD),
                cel("grace period without soft thresholds", kubelet("{evictionSoftGracePeriod: {memory.available: 1m}}"),
                        K + "/evictionSoftGracePeriod/memory.available", CelRule.EVICTION_GRACE_PERIOD_NEEDS_SOFT),
                accepts("empty soft map needs no grace periods", kubelet("{evictionSoft: {}}")),
                cel("GC high below low", kubelet("{imageGCHighThresholdPercent: 80, imageGCLowThresholdPercent: 85}"),
                        K + "/imageGCHighThresholdPercent", CelRule.IMAGE_GC_HIGH_ABOVE_LOW),
                cel("GC high equal to low", kubelet("{imageGCHighThresholdPercent: 80, imageGCLowThresholdPercent: 80}"),
                        K + "/imageGCHighThresholdPercent", CelRule.IMAGE_GC_HIGH_ABOVE_LOW),
                accepts("GC high alone", kubelet("{imageGCHighThresholdPercent: 0}")),
                schema("GC high above 100", kubelet("{imageGCHighThresholdPercent: 101}"), K + "/imageGCHighThresholdPercent",
                        "must be <= 100"),
                cel("unknown kubeReserved resource", kubelet("{kubeReserved: {gpu: '1'}}"), K + "/kubeReserved/gpu",
                        CelRule.KUBE_RESERVED_KEYS),
                cel("negative kubeReserved", kubelet("{kubeReserved: {cpu: -100m}}"), K + "/kubeReserved/cpu",
                        CelRule.KUBE_RESERVED_NOT_NEGATIVE),
                pattern("kubeReserved not a quantity", kubelet("{kubeReserved: {cpu: some}}"), K + "/kubeReserved/cpu", CrdPattern.QUANTITY),
                beyond("kubeReserved the CRD pattern lets through but Kubernetes cannot parse", kubelet("{kubeReserved: {memory: '1e1.5'}}"),
                        K + "/kubeReserved/memory", Rule.KARPENTER_QUANTITY),
                cel("unknown systemReserved resource", kubelet("{systemReserved: {gpu: '1'}}"), K + "/systemReserved/gpu",
                        CelRule.SYSTEM_RESERVED_KEYS),
                cel("negative systemReserved", kubelet("{systemReserved: {memory: -1Gi}}"), K + "/systemReserved/memory",
                        CelRule.SYSTEM_RESERVED_NOT_NEGATIVE),
                schema("kubeReserved values are strings", kubelet("{kubeReserved: {cpu: 1}}"), K + "/kubeReserved/cpu", "must be a string"),
                schema("unknown kubelet field", kubelet("{maxPod: 1}"), K + "/maxPod", "unknown field"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kubelet")
    void checksKubelet(Case c) {
        c.verify(KarpenterRules::validateEC2NodeClass);
    }
}
