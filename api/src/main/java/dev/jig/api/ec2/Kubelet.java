package dev.jig.api.ec2;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kubelet settings of an EC2NodeClass: those that change a node's size, and the rest of the block that must reach
 * the node as the user wrote it.
 *
 * @param maxPods                     fixed max pods, or 0 for the AMI family default
 * @param podsPerCore                 pods per vCPU cap, or 0 for none
 * @param kubeReserved                overrides of kube-reserved ({@code cpu}, {@code memory}, {@code ephemeral-storage})
 * @param systemReserved              system-reserved amounts
 * @param evictionHard                hard eviction thresholds ({@code memory.available}, {@code nodefs.available}),
 *                                    as quantities or percentages of capacity
 * @param clusterDNS                  the cluster DNS addresses, when given; empty for the one derived from the service CIDR
 * @param evictionSoft                soft eviction thresholds, as {@code evictionHard}
 * @param evictionSoftGracePeriod     how long each soft threshold may be crossed before eviction ({@code 1m30s})
 * @param evictionMaxPodGracePeriod   the longest grace period a soft eviction gives a pod, in seconds; null for the kubelet's
 * @param imageGCHighThresholdPercent disk use that starts image garbage collection; null for the kubelet's
 * @param imageGCLowThresholdPercent  disk use image garbage collection stops at; null for the kubelet's
 * @param cpuCFSQuota                 whether CPU limits are enforced by CFS quota; null for the kubelet's (true)
 */
public record Kubelet(int maxPods, int podsPerCore, Map<String, String> kubeReserved, Map<String, String> systemReserved,
                      Map<String, String> evictionHard, List<String> clusterDNS, Map<String, String> evictionSoft,
                      Map<String, String> evictionSoftGracePeriod, Integer evictionMaxPodGracePeriod, Integer imageGCHighThresholdPercent,
                      Integer imageGCLowThresholdPercent, Boolean cpuCFSQuota) {

    public static final Kubelet DEFAULT = new Kubelet(0, 0, Map.of(), Map.of(), Map.of());

    public Kubelet {
        kubeReserved = new TreeMap<>(kubeReserved);
        systemReserved = new TreeMap<>(systemReserved);
        evictionHard = new TreeMap<>(evictionHard);
        clusterDNS = List.copyOf(clusterDNS);
        evictionSoft = new TreeMap<>(evictionSoft);
        evictionSoftGracePeriod = new TreeMap<>(evictionSoftGracePeriod);
    }

    /** Only the settings that size a node. */
    public Kubelet(int maxPods, int podsPerCore, Map<String, String> kubeReserved, Map<String, String> systemReserved,
                   Map<String, String> evictionHard) {
        this(maxPods, podsPerCore, kubeReserved, systemReserved, evictionHard, List.of(), Map.of(), Map.of(), null, null, null, null);
    }
}
