package dev.jig.api.karpenter;

import java.util.List;
import java.util.Map;

/**
 * The one home of well-known node and object label keys, spelled as Kubernetes, Karpenter (v1) and its AWS
 * provider spell them, and of Jig's own label keys. Annotations, taints, finalizers and EC2 tags have their own
 * classes beside this one ({@link Annotations}, {@link TaintKeys}, {@link Finalizers}, {@link TagKeys}), and the
 * domains come from {@link ApiGroups}. Write a key through these constants, never as a literal: a test over the
 * sources of every module fails on a literal key outside these classes.
 *
 * <p>{@link #ALL} lists the keys whose values follow from the instance type alone;
 * {@link dev.jig.api.ec2.InstanceType#label(String)} answers those. Labels that depend on the offering rather
 * than the type (zone, region, capacity type, reservations) are not in it, nor are AWS labels this catalog
 * carries no figures for (EBS bandwidth, CPU clock speed, in-transit encryption, accelerators).
 */
public final class WellKnownLabels {

    private static final String KARPENTER = ApiGroups.KARPENTER + "/";
    private static final String AWS = ApiGroups.KARPENTER_AWS + "/";
    private static final String JIG = ApiGroups.JIG + "/";

    /** The label domains Kubernetes reserves for itself (with their subdomains). */
    public static final String KUBERNETES_DOMAIN = "kubernetes.io";
    public static final String K8S_DOMAIN = "k8s.io";

    /** Offering labels: where and how a node is bought, not what the instance type is. */
    public static final String CAPACITY_TYPE = KARPENTER + "capacity-type";
    public static final String ZONE = "topology.kubernetes.io/zone";
    public static final String REGION = "topology.kubernetes.io/region";
    public static final String NODEPOOL = KARPENTER + "nodepool";
    /** The extended resource name of NVIDIA GPUs, as pool limits and quotas count them. */
    public static final String GPU_RESOURCE = "nvidia.com/gpu";
    /** Kubernetes' recommended application name label; Karpenter's chart puts {@code karpenter} there. */
    public static final String APP_NAME = "app.kubernetes.io/name";

    /** Set by the kubelet to the node's name; Karpenter treats it as the node's identity, never as a requirement. */
    public static final String HOSTNAME = "kubernetes.io/hostname";
    public static final String WINDOWS_BUILD = "node.kubernetes.io/windows-build";
    /** On every namespace, set by the API server to the namespace's name. */
    public static final String METADATA_NAME = "kubernetes.io/metadata.name";
    /** The tool that manages an object. */
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    /**
     * Not a label: the Secret type the API server checks for a TLS pair ({@code tls.crt}, {@code tls.key}), the
     * type of the webhook's self-managed certificate Secret; here because every {@code kubernetes.io} name has one home.
     */
    public static final String TLS_SECRET_TYPE = "kubernetes.io/tls";

    /** Karpenter's node lifecycle labels: the node has registered against its NodeClaim, and has initialised. */
    public static final String REGISTERED = KARPENTER + "registered";
    public static final String INITIALIZED = KARPENTER + "initialized";

    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    public static final String ARCH = "kubernetes.io/arch";
    public static final String OS = "kubernetes.io/os";

    public static final String INSTANCE_CATEGORY = AWS + "instance-category";
    public static final String INSTANCE_FAMILY = AWS + "instance-family";
    public static final String INSTANCE_GENERATION = AWS + "instance-generation";
    public static final String INSTANCE_SIZE = AWS + "instance-size";
    public static final String INSTANCE_CPU = AWS + "instance-cpu";
    public static final String INSTANCE_CPU_MANUFACTURER = AWS + "instance-cpu-manufacturer";
    /** Memory in MiB, as EC2 reports it (before any overhead). */
    public static final String INSTANCE_MEMORY = AWS + "instance-memory";
    public static final String INSTANCE_HYPERVISOR = AWS + "instance-hypervisor";
    /** Baseline network bandwidth in megabits per second. */
    public static final String INSTANCE_NETWORK_BANDWIDTH = AWS + "instance-network-bandwidth";
    /** Total local NVMe instance storage in GB; absent on types without local NVMe. */
    public static final String INSTANCE_LOCAL_NVME = AWS + "instance-local-nvme";
    /** {@code "true"} for the {@code -flex} families (c7i-flex, m7i-flex), else {@code "false"}. */
    public static final String INSTANCE_CAPABILITY_FLEX = AWS + "instance-capability-flex";
    /** Lower-case, spaces as dashes: {@code a10g}, {@code l4}, {@code rtx-pro-server-6000}. */
    public static final String INSTANCE_GPU_NAME = AWS + "instance-gpu-name";
    public static final String INSTANCE_GPU_COUNT = AWS + "instance-gpu-count";
    public static final String INSTANCE_GPU_MANUFACTURER = AWS + "instance-gpu-manufacturer";
    /** Memory of one GPU in MiB. */
    public static final String INSTANCE_GPU_MEMORY = AWS + "instance-gpu-memory";

    /** AWS labels users may select on but this catalog carries no figures for. */
    public static final String INSTANCE_TENANCY = AWS + "instance-tenancy";
    public static final String INSTANCE_ENCRYPTION_IN_TRANSIT_SUPPORTED = AWS + "instance-encryption-in-transit-supported";
    public static final String INSTANCE_CPU_SUSTAINED_CLOCK_SPEED_MHZ = AWS + "instance-cpu-sustained-clock-speed-mhz";
    public static final String INSTANCE_EBS_BANDWIDTH = AWS + "instance-ebs-bandwidth";
    public static final String INSTANCE_ACCELERATOR_NAME = AWS + "instance-accelerator-name";
    public static final String INSTANCE_ACCELERATOR_MANUFACTURER = AWS + "instance-accelerator-manufacturer";
    public static final String INSTANCE_ACCELERATOR_COUNT = AWS + "instance-accelerator-count";
    public static final String CAPACITY_RESERVATION_TYPE = AWS + "capacity-reservation-type";
    public static final String CAPACITY_RESERVATION_ID = AWS + "capacity-reservation-id";
    public static final String CAPACITY_RESERVATION_INTERRUPTIBLE = AWS + "capacity-reservation-interruptible";
    public static final String PLACEMENT_GROUP_ID = AWS + "placement-group-id";
    public static final String PLACEMENT_GROUP_PARTITION = AWS + "placement-group-partition";
    /** The EC2NodeClass a node was launched from; Karpenter also writes it as an EC2 tag. */
    public static final String EC2NODECLASS = AWS + "ec2nodeclass";

    /**
     * Deprecated keys a kubelet still sets beside their current ones, and the EBS CSI driver's zone key.
     * Karpenter reads a requirement on one of them as a requirement on the current key ({@link #ALIASES}).
     */
    public static final String BETA_INSTANCE_TYPE = "beta.kubernetes.io/instance-type";
    public static final String BETA_ARCH = "beta.kubernetes.io/arch";
    public static final String BETA_OS = "beta.kubernetes.io/os";
    public static final String BETA_ZONE = "failure-domain.beta.kubernetes.io/zone";
    public static final String BETA_REGION = "failure-domain.beta.kubernetes.io/region";
    public static final String EBS_CSI_ZONE = "topology.ebs.csi.aws.com/zone";

    /**
     * Alias → current key: Karpenter v1.14.1's {@code NormalizedLabels} ({@code pkg/apis/v1/labels.go}) plus the
     * EBS CSI zone its AWS provider adds at start-up. Requirements of pods, NodePools and nodes are read
     * through {@link #normalize}.
     */
    public static final Map<String, String> ALIASES = Map.of(
            BETA_INSTANCE_TYPE, INSTANCE_TYPE,
            BETA_ARCH, ARCH,
            BETA_OS, OS,
            BETA_ZONE, ZONE,
            BETA_REGION, REGION,
            EBS_CSI_ZONE, ZONE);

    /** The label on a compiled NodePool's nodes naming the pool (a tenant selects its pools with it). */
    public static final String JIG_POOL = JIG + "pool";
    /**
     * The tenancy label key a platform uses unless it names another. On namespaces, NodePools and EC2NodeClasses it
     * names the owner; on nodes it is the <em>legacy</em> tenancy label, which a kubelet can set on its own Node
     * (see {@link #NODE_TENANT}); compiled pools still put it on their nodes for one release.
     */
    public static final String JIG_TENANT = JIG + "tenant";

    /**
     * The label domain that the NodeRestriction admission plugin forbids a kubelet to set on its own Node, at
     * registration or later. Karpenter v1.14.1 allows it in NodePool template labels (its CRD restricts only the
     * karpenter.sh and karpenter.k8s.aws domains and {@link #HOSTNAME}); Karpenter's registration, not the kubelet,
     * copies such labels from the NodeClaim onto the Node.
     */
    public static final String NODE_RESTRICTION_DOMAIN = "node-restriction." + KUBERNETES_DOMAIN;
    /**
     * The tenant of a node, in the label a kubelet cannot forge: a compromised node cannot relabel itself into
     * another tenant and draw that tenant's pods. Compiled NodePools put it on their nodes, and the webhook steers
     * every tenant's pods to it.
     */
    public static final String NODE_TENANT = NODE_RESTRICTION_DOMAIN + "/jig-tenant";

    /** Every instance-type key above, in a stable order (the order of {@link dev.jig.api.ec2.InstanceType#labels()}). */
    public static final List<String> ALL = List.of(
            INSTANCE_TYPE, ARCH, OS,
            INSTANCE_CATEGORY, INSTANCE_FAMILY, INSTANCE_GENERATION, INSTANCE_SIZE,
            INSTANCE_CPU, INSTANCE_CPU_MANUFACTURER, INSTANCE_MEMORY,
            INSTANCE_HYPERVISOR, INSTANCE_NETWORK_BANDWIDTH, INSTANCE_LOCAL_NVME, INSTANCE_CAPABILITY_FLEX,
            INSTANCE_GPU_NAME, INSTANCE_GPU_COUNT, INSTANCE_GPU_MANUFACTURER, INSTANCE_GPU_MEMORY);

    /**
     * The node labels that name a tenant's pool, class or node whatever the platform's tenancy key is: Karpenter's
     * {@link #NODEPOOL} and {@link #EC2NODECLASS}, Jig's {@link #JIG_POOL}, the node's {@link #HOSTNAME} and the
     * tenancy labels {@link #NODE_TENANT} and {@link #JIG_TENANT}. The platform's tenancy key and the labels each
     * tenant's pool templates put on its nodes identify a tenant too; see {@link #identifiesTenant}.
     */
    public static final List<String> TENANT_IDENTIFYING = List.of(NODE_TENANT, JIG_TENANT, NODEPOOL, EC2NODECLASS, JIG_POOL, HOSTNAME);

    private WellKnownLabels() {
    }

    /**
     * Whether a node label key always identifies a tenant's nodes: one of {@link #TENANT_IDENTIFYING}, the
     * platform's tenancy key, or any key in the {@link #NODE_RESTRICTION_DOMAIN} (labels only the control plane
     * sets, which Jig reserves for tenancy).
     */
    public static boolean identifiesTenant(String key, String tenancyKey) {
        return TENANT_IDENTIFYING.contains(key) || key.equals(tenancyKey) || key.startsWith(NODE_RESTRICTION_DOMAIN + "/");
    }

    /** The current key for {@code key}: itself unless it is one of the {@link #ALIASES}. */
    public static String normalize(String key) {
        String current = ALIASES.get(key);
        return current == null ? key : current;
    }


    /**
     * Whether a node label's value is a tenant's name when a NodePool puts it on its nodes: {@link #NODE_TENANT},
     * {@link #JIG_TENANT}, the platform's tenancy key, and every other key in the {@link #NODE_RESTRICTION_DOMAIN},
     * which Jig reserves for tenancy (the node tenancy key may move within it). A subset of {@link #identifiesTenant}:
     * the other identifying keys name a pool, a class or a node.
     */
    public static boolean namesTenant(String key, String tenancyKey) {
        return key.equals(JIG_TENANT) || key.equals(tenancyKey) || key.startsWith(NODE_RESTRICTION_DOMAIN + "/");
    }

    /** Keys that describe the offering (capacity type, zone, or an alias of the zone); they never filter instance types. */
    public static boolean isOfferingKey(String key) {
        String current = normalize(key);
        return current.equals(CAPACITY_TYPE) || current.equals(ZONE);
    }
}
