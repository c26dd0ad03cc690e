package dev.jig.aws.userdata;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kubelet command-line flags that the AL2 and Windows bootstrap scripts take as
 * {@code --kubelet-extra-args}: node labels, taints, max pods, reservations and hard eviction.
 * AL2023 and Bottlerocket carry the same settings in their own configuration formats instead.
 */
final class KubeletFlags {

    private KubeletFlags() {
    }

    /** The flags, in a stable order, each as {@code --name=value}. */
    static List<String> of(NodeBootstrap b) {
        List<String> flags = new ArrayList<>();
        flags.add("--node-labels=" + UserData.labels(b.labels()));
        if (!b.taints().isEmpty()) flags.add("--register-with-taints=" + UserData.taints(b.taints()));
        flags.add("--max-pods=" + b.maxPods());
        pairs(flags, "--kube-reserved=", b.kubelet().kubeReserved(), "=");
        pairs(flags, "--system-reserved=", b.kubelet().systemReserved(), "=");
        pairs(flags, "--eviction-hard=", b.kubelet().evictionHard(), "<");
        if (b.kubelet().podsPerCore() > 0) flags.add("--pods-per-core=" + b.kubelet().podsPerCore());
        pairs(flags, "--eviction-soft=", b.kubelet().evictionSoft(), "<");
        pairs(flags, "--eviction-soft-grace-period=", b.kubelet().evictionSoftGracePeriod(), "=");
        if (b.kubelet().evictionMaxPodGracePeriod() != null) flags.add("--eviction-max-pod-grace-period=" + b.kubelet().evictionMaxPodGracePeriod());
        if (b.kubelet().imageGCHighThresholdPercent() != null) flags.add("--image-gc-high-threshold=" + b.kubelet().imageGCHighThresholdPercent());
        if (b.kubelet().imageGCLowThresholdPercent() != null) flags.add("--image-gc-low-threshold=" + b.kubelet().imageGCLowThresholdPercent());
        if (b.kubelet().cpuCFSQuota() != null) flags.add("--cpu-cfs-quota=" + b.kubelet().cpuCFSQuota());
        return flags;
    }

    private static void pairs(List<String> flags, String prefix, Map<String, String> values, String separator) {
        if (values.isEmpty()) return;
        List<String> parts = new ArrayList<>();
        new TreeMap<>(values).forEach((k, v) -> parts.add(k + separator + v));
        flags.add(prefix + String.join(",", parts));
    }

    /** The flags as one space-separated string. */
    static String joined(NodeBootstrap b) {
        return String.join(" ", of(b));
    }

    /** {@code s} as one single-quoted bash word. */
    static String bashQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** {@code s} as one single-quoted PowerShell word ({@code '} doubled). */
    static String powershellQuote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
