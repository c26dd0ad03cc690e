package dev.jig.api.karpenter.rules;

import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.Set;

/**
 * The NodePool CRD's restrictions on label keys, shared by template labels and requirement keys:
 * the karpenter.sh and karpenter.k8s.aws domains (and their subdomains, by suffix) are reserved
 * except for the well-known labels users may select on, and {@code karpenter.sh/nodepool} and
 * {@code kubernetes.io/hostname} are set by Karpenter itself.
 */
final class LabelKeyRules {

    static final Set<String> KARPENTER_SH_ALLOWED = Set.of(WellKnownLabels.CAPACITY_TYPE, WellKnownLabels.NODEPOOL);

    static final Set<String> KARPENTER_K8S_AWS_ALLOWED = Set.of(
            WellKnownLabels.INSTANCE_TENANCY,
            WellKnownLabels.CAPACITY_RESERVATION_TYPE,
            WellKnownLabels.CAPACITY_RESERVATION_ID,
            WellKnownLabels.CAPACITY_RESERVATION_INTERRUPTIBLE,
            WellKnownLabels.EC2NODECLASS,
            WellKnownLabels.INSTANCE_ENCRYPTION_IN_TRANSIT_SUPPORTED,
            WellKnownLabels.INSTANCE_CATEGORY,
            WellKnownLabels.INSTANCE_HYPERVISOR,
            WellKnownLabels.INSTANCE_FAMILY,
            WellKnownLabels.INSTANCE_GENERATION,
            WellKnownLabels.INSTANCE_LOCAL_NVME,
            WellKnownLabels.INSTANCE_SIZE,
            WellKnownLabels.INSTANCE_CPU,
            WellKnownLabels.INSTANCE_CPU_MANUFACTURER,
            WellKnownLabels.INSTANCE_CPU_SUSTAINED_CLOCK_SPEED_MHZ,
            WellKnownLabels.INSTANCE_MEMORY,
            WellKnownLabels.INSTANCE_EBS_BANDWIDTH,
            WellKnownLabels.INSTANCE_NETWORK_BANDWIDTH,
            WellKnownLabels.INSTANCE_GPU_NAME,
            WellKnownLabels.INSTANCE_GPU_MANUFACTURER,
            WellKnownLabels.INSTANCE_GPU_COUNT,
            WellKnownLabels.INSTANCE_GPU_MEMORY,
            WellKnownLabels.INSTANCE_ACCELERATOR_NAME,
            WellKnownLabels.INSTANCE_ACCELERATOR_MANUFACTURER,
            WellKnownLabels.INSTANCE_ACCELERATOR_COUNT,
            WellKnownLabels.INSTANCE_CAPABILITY_FLEX,
            WellKnownLabels.PLACEMENT_GROUP_ID,
            WellKnownLabels.PLACEMENT_GROUP_PARTITION);

    private LabelKeyRules() {
    }

    static void check(String key, Pointer at, Checks checks) {
        String domain = domain(key);
        if (domain.endsWith(ApiGroups.KARPENTER) && !KARPENTER_SH_ALLOWED.contains(key)) {
            checks.cel(at, CelRule.LABEL_DOMAIN_KARPENTER_SH);
        }
        if (key.equals(WellKnownLabels.NODEPOOL)) {
            checks.cel(at, CelRule.LABEL_NODEPOOL);
        }
        if (key.equals(WellKnownLabels.HOSTNAME)) {
            checks.cel(at, CelRule.LABEL_HOSTNAME);
        }
        if (domain.endsWith(ApiGroups.KARPENTER_AWS) && !KARPENTER_K8S_AWS_ALLOWED.contains(key)) {
            checks.cel(at, CelRule.LABEL_DOMAIN_KARPENTER_K8S_AWS);
        }
    }

    /** CEL's {@code key.find("^([^/]+)")}: everything before the first '/', or "" when the key starts with '/'. */
    static String domain(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? key : key.substring(0, slash);
    }
}
