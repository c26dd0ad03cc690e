package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Set;

/**
 * {@code spec.kubelet} of an EC2NodeClass: eviction thresholds by signal, reserved resources,
 * image garbage collection thresholds and pod limits.
 * <p>Every soft eviction signal needs a grace period and every grace period a soft signal. The
 * CRD's rules read the other map without {@code has()}, so a non-empty {@code evictionSoft}
 * without any {@code evictionSoftGracePeriod} (or the reverse) fails evaluation and is rejected;
 * it is reported under the same message. Empty maps pass.
 */
final class KubeletRules {

    static final Set<String> EVICTION_SIGNALS = Set.of(
            "memory.available", "nodefs.available", "nodefs.inodesFree",
            "imagefs.available", "imagefs.inodesFree", "pid.available");
    static final Set<String> RESERVED_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage", "pid");
    private static final Set<String> KUBELET = Set.of(
            "clusterDNS", "cpuCFSQuota", "evictionHard", "evictionMaxPodGracePeriod", "evictionSoft",
            "evictionSoftGracePeriod", "imageGCHighThresholdPercent", "imageGCLowThresholdPercent",
            "kubeReserved", "maxPods", "podsPerCore", "systemReserved");

    private KubeletRules() {
    }

    static void check(ObjectNode kubelet, Pointer at, Checks checks) {
        if (kubelet == null) {
            return;
        }
        checks.closed(kubelet, at, KUBELET);
        checks.stringList(kubelet, at, "clusterDNS");
        checks.bool(kubelet, at, "cpuCFSQuota");
        checks.integer(kubelet, at, "evictionMaxPodGracePeriod");
        checks.integer(kubelet, at, "maxPods", 0, Long.MAX_VALUE);
        checks.integer(kubelet, at, "podsPerCore", 0, Long.MAX_VALUE);
        Long high = checks.integer(kubelet, at, "imageGCHighThresholdPercent", 0, 100);
        Long low = checks.integer(kubelet, at, "imageGCLowThresholdPercent", 0, 100);
        if (high != null && low != null && high <= low) {
            checks.cel(at.child("imageGCHighThresholdPercent"), CelRule.IMAGE_GC_HIGH_ABOVE_LOW);
        }
        ObjectNode hard = checks.stringMap(kubelet, at, "evictionHard");
        thresholds(hard, at.child("evictionHard"), CelRule.EVICTION_HARD_KEYS, checks);
        ObjectNode soft = checks.stringMap(kubelet, at, "evictionSoft");
        thresholds(soft, at.child("evictionSoft"), CelRule.EVICTION_SOFT_KEYS, checks);
        ObjectNode grace = checks.stringMap(kubelet, at, "evictionSoftGracePeriod");
        signalKeys(grace, at.child("evictionSoftGracePeriod"), CelRule.EVICTION_SOFT_GRACE_PERIOD_KEYS, checks);
        paired(kubelet, "evictionSoft", "evictionSoftGracePeriod", at, CelRule.EVICTION_SOFT_NEEDS_GRACE_PERIOD, checks);
        paired(kubelet, "evictionSoftGracePeriod", "evictionSoft", at, CelRule.EVICTION_GRACE_PERIOD_NEEDS_SOFT, checks);
        reserved(checks.stringMap(kubelet, at, "kubeReserved"), at.child("kubeReserved"),
                CelRule.KUBE_RESERVED_KEYS, CelRule.KUBE_RESERVED_NOT_NEGATIVE, checks);
        reserved(checks.stringMap(kubelet, at, "systemReserved"), at.child("systemReserved"),
                CelRule.SYSTEM_RESERVED_KEYS, CelRule.SYSTEM_RESERVED_NOT_NEGATIVE, checks);
    }

    private static void thresholds(ObjectNode map, Pointer at, CelRule keyRule, Checks checks) {
        if (map == null) {
            return;
        }
        signalKeys(map, at, keyRule, checks);
        for (Map.Entry<String, JsonNode> e : map.properties()) {
            String value = Checks.text(e.getValue());
            if (value != null && !CrdPattern.EVICTION_THRESHOLD.matches(value)) {
                checks.pattern(at.child(e.getKey()), CrdPattern.EVICTION_THRESHOLD);
            }
        }
    }

    private static void signalKeys(ObjectNode map, Pointer at, CelRule keyRule, Checks checks) {
        if (map == null) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : map.properties()) {
            if (Checks.present(e.getValue()) && !EVICTION_SIGNALS.contains(e.getKey())) {
                checks.cel(at.child(e.getKey()), keyRule);
            }
        }
    }

    /** {@code has(self.a) ? self.a.all(e, e in self.b) : true}. */
    private static void paired(ObjectNode kubelet, String a, String b, Pointer at, CelRule rule, Checks checks) {
        JsonNode mapA = kubelet.get(a);
        JsonNode mapB = kubelet.get(b);
        if (mapA == null || !mapA.isObject() || (Checks.present(mapB) && !mapB.isObject())) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : mapA.properties()) {
            if (Checks.present(e.getValue()) && !Checks.has(mapB, e.getKey())) {
                checks.cel(at.child(a).child(e.getKey()), rule);
            }
        }
    }

    private static void reserved(ObjectNode map, Pointer at, CelRule keyRule, CelRule negativeRule, Checks checks) {
        if (map == null) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : map.properties()) {
            if (!Checks.present(e.getValue())) {
                continue;
            }
            Pointer entryAt = at.child(e.getKey());
            if (!RESERVED_RESOURCES.contains(e.getKey())) {
                checks.cel(entryAt, keyRule);
            }
            String value = Checks.text(e.getValue());
            if (value == null) {
                continue;
            }
            if (!CrdPattern.QUANTITY.matches(value)) {
                checks.pattern(entryAt, CrdPattern.QUANTITY);
            } else {
                QuantityRules.readable(e.getValue(), entryAt, checks);
            }
            if (value.startsWith("-")) {
                checks.cel(entryAt, negativeRule);
            }
        }
    }
}
