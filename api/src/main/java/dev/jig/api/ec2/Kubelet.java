package dev.jig.api.ec2;

import java.util.Map;
import java.util.TreeMap;

/**
 * The kubelet settings of an EC2NodeClass that change a node's size.
 *
 * @param maxPods        fixed max pods, or 0 for the AMI family default
 * @param podsPerCore    pods per vCPU cap, or 0 for none
 * @param kubeReserved   overrides of kube-reserved ({@code cpu}, {@code memory}, {@code ephemeral-storage})
 * @param systemReserved system-reserved amounts
 * @param evictionHard   hard eviction thresholds ({@code memory.available}, {@code nodefs.available}),
 *                       as quantities or percentages of capacity
 */
public record Kubelet(int maxPods, int podsPerCore, Map<String, String> kubeReserved, Map<String, String> systemReserved,
                      Map<String, String> evictionHard) {

    public static final Kubelet DEFAULT = new Kubelet(0, 0, Map.of(), Map.of(), Map.of());

    public Kubelet {
        kubeReserved = new TreeMap<>(kubeReserved);
        systemReserved = new TreeMap<>(systemReserved);
        evictionHard = new TreeMap<>(evictionHard);
    }
}
