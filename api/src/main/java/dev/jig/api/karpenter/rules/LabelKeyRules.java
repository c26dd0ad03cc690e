package dev.jig.api.karpenter.rules;

import java.util.Set;

/**
 * The NodePool CRD's restrictions on label keys, shared by template labels and requirement keys:
 * the karpenter.sh and karpenter.k8s.aws domains (and their subdomains, by suffix) are reserved
 * except for the well-known labels users may select on, and {@code karpenter.sh/nodepool} and
 * {@code kubernetes.io/hostname} are set by Karpenter itself.
 */
final class LabelKeyRules {

    static final Set<String> KARPENTER_SH_ALLOWED = Set.of("karpenter.sh/capacity-type", "karpenter.sh/nodepool");

    static final Set<String> KARPENTER_K8S_AWS_ALLOWED = Set.of(
            "karpenter.k8s.aws/instance-tenancy",
            "karpenter.k8s.aws/capacity-reservation-type",
            "karpenter.k8s.aws/capacity-reservation-id",
            "karpenter.k8s.aws/capacity-reservation-interruptible",
            "karpenter.k8s.aws/ec2nodeclass",
            "karpenter.k8s.aws/instance-encryption-in-transit-supported",
            "karpenter.k8s.aws/instance-category",
            "karpenter.k8s.aws/instance-hypervisor",
            "karpenter.k8s.aws/instance-family",
            "karpenter.k8s.aws/instance-generation",
            "karpenter.k8s.aws/instance-local-nvme",
            "karpenter.k8s.aws/instance-size",
            "karpenter.k8s.aws/instance-cpu",
            "karpenter.k8s.aws/instance-cpu-manufacturer",
            "karpenter.k8s.aws/instance-cpu-sustained-clock-speed-mhz",
            "karpenter.k8s.aws/instance-memory",
            "karpenter.k8s.aws/instance-ebs-bandwidth",
            "karpenter.k8s.aws/instance-network-bandwidth",
            "karpenter.k8s.aws/instance-gpu-name",
            "karpenter.k8s.aws/instance-gpu-manufacturer",
            "karpenter.k8s.aws/instance-gpu-count",
            "karpenter.k8s.aws/instance-gpu-memory",
            "karpenter.k8s.aws/instance-accelerator-name",
            "karpenter.k8s.aws/instance-accelerator-manufacturer",
            "karpenter.k8s.aws/instance-accelerator-count",
            "karpenter.k8s.aws/instance-capability-flex",
            "karpenter.k8s.aws/placement-group-id",
            "karpenter.k8s.aws/placement-group-partition");

    private LabelKeyRules() {
    }

    static void check(String key, Pointer at, Checks checks) {
        String domain = domain(key);
        if (domain.endsWith("karpenter.sh") && !KARPENTER_SH_ALLOWED.contains(key)) {
            checks.cel(at, CelRule.LABEL_DOMAIN_KARPENTER_SH);
        }
        if (key.equals("karpenter.sh/nodepool")) {
            checks.cel(at, CelRule.LABEL_NODEPOOL);
        }
        if (key.equals("kubernetes.io/hostname")) {
            checks.cel(at, CelRule.LABEL_HOSTNAME);
        }
        if (domain.endsWith("karpenter.k8s.aws") && !KARPENTER_K8S_AWS_ALLOWED.contains(key)) {
            checks.cel(at, CelRule.LABEL_DOMAIN_KARPENTER_K8S_AWS);
        }
    }

    /** CEL's {@code key.find("^([^/]+)")}: everything before the first '/', or "" when the key starts with '/'. */
    static String domain(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? key : key.substring(0, slash);
    }
}
