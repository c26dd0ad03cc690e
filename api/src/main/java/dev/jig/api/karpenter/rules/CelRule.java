package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.CrdKind.EC2_NODE_CLASS;
import static dev.jig.api.karpenter.rules.CrdKind.NODE_POOL;

/**
 * Every {@code x-kubernetes-validations} rule of the NodePool and EC2NodeClass spec schemas that
 * these rules implement, with the CRD's message verbatim (the contract test compares them with the
 * CRDs). Where the same message guards several places (label keys, tag selectors) one constant
 * serves them all.
 */
enum CelRule {
    // --- NodePool ---------------------------------------------------------------------------
    BUDGET_SCHEDULE_WITH_DURATION(NODE_POOL, "'schedule' must be set with 'duration'"),
    LABEL_DOMAIN_KARPENTER_SH(NODE_POOL, "label domain \"karpenter.sh\" is restricted"),
    LABEL_NODEPOOL(NODE_POOL, "label \"karpenter.sh/nodepool\" is restricted"),
    LABEL_HOSTNAME(NODE_POOL, "label \"kubernetes.io/hostname\" is restricted"),
    LABEL_DOMAIN_KARPENTER_K8S_AWS(NODE_POOL, "label domain \"karpenter.k8s.aws\" is restricted"),
    NODE_CLASS_GROUP_NOT_EMPTY(NODE_POOL, "group may not be empty"),
    NODE_CLASS_KIND_NOT_EMPTY(NODE_POOL, "kind may not be empty"),
    NODE_CLASS_NAME_NOT_EMPTY(NODE_POOL, "name may not be empty"),
    NODE_CLASS_GROUP_IMMUTABLE(NODE_POOL, "nodeClassRef.group is immutable", true),
    NODE_CLASS_KIND_IMMUTABLE(NODE_POOL, "nodeClassRef.kind is immutable", true),
    REQUIREMENT_IN_NEEDS_VALUES(NODE_POOL, "requirements with operator 'In' must have a value defined"),
    REQUIREMENT_NUMERIC_SINGLE_VALUE(NODE_POOL,
            "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value"),
    REQUIREMENT_MIN_VALUES(NODE_POOL,
            "requirements with 'minValues' must have at least that many values specified in the 'values' field"),
    STATIC_DYNAMIC_TRANSITION(NODE_POOL,
            "Cannot transition NodePool between static (replicas set) and dynamic (replicas unset) provisioning modes", true),
    STATIC_LIMITS_NODES_ONLY(NODE_POOL, "only 'limits.nodes' is supported on static NodePools"),
    STATIC_NO_WEIGHT(NODE_POOL, "'weight' is not supported on static NodePools"),

    // --- EC2NodeClass -----------------------------------------------------------------------
    ALIAS_FORMAT(EC2_NODE_CLASS, "'alias' is improperly formatted, must match the format 'family@version'"),
    ALIAS_FAMILY(EC2_NODE_CLASS,
            "family is not supported, must be one of the following: 'al2', 'al2023', 'bottlerocket', 'windows2019', 'windows2022', 'windows2025'"),
    ALIAS_WINDOWS_LATEST(EC2_NODE_CLASS, "windows families may only specify version 'latest'"),
    SELECTOR_TAGS_NOT_EMPTY(EC2_NODE_CLASS, "empty tag keys or values aren't supported"),
    AMI_TERM_NEEDS_FIELD(EC2_NODE_CLASS, "expected at least one, got none, ['tags', 'id', 'name', 'alias', 'ssmParameter']"),
    AMI_ID_EXCLUSIVE(EC2_NODE_CLASS,
            "'id' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms"),
    AMI_ALIAS_EXCLUSIVE_FIELDS(EC2_NODE_CLASS,
            "'alias' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms"),
    AMI_ALIAS_EXCLUSIVE_TERMS(EC2_NODE_CLASS,
            "'alias' is mutually exclusive, cannot be set with a combination of other amiSelectorTerms"),
    EBS_SNAPSHOT_OR_SIZE(EC2_NODE_CLASS, "snapshotID or volumeSize must be defined"),
    EBS_INITIALIZATION_RATE_NEEDS_SNAPSHOT(EC2_NODE_CLASS, "snapshotID must be set when volumeInitializationRate is set"),
    ONE_ROOT_VOLUME(EC2_NODE_CLASS, "must have only one blockDeviceMappings with rootVolume"),
    CAPACITY_RESERVATION_TERM_NEEDS_FIELD(EC2_NODE_CLASS,
            "expected at least one, got none, ['tags', 'id', 'instanceMatchCriteria']"),
    CAPACITY_RESERVATION_ID_EXCLUSIVE(EC2_NODE_CLASS,
            "'id' is mutually exclusive, cannot be set along with other fields in a capacity reservation selector term"),
    CONNECTION_TRACKING_NEEDS_TIMEOUT(EC2_NODE_CLASS,
            "at least one of tcpEstablishedTimeout, udpStreamTimeout, or udpTimeout must be set"),
    INSTANCE_PROFILE_NOT_EMPTY(EC2_NODE_CLASS, "instanceProfile cannot be empty"),
    EVICTION_HARD_KEYS(EC2_NODE_CLASS,
            "valid keys for evictionHard are ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']"),
    EVICTION_SOFT_KEYS(EC2_NODE_CLASS,
            "valid keys for evictionSoft are ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']"),
    EVICTION_SOFT_GRACE_PERIOD_KEYS(EC2_NODE_CLASS,
            "valid keys for evictionSoftGracePeriod are ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']"),
    KUBE_RESERVED_KEYS(EC2_NODE_CLASS, "valid keys for kubeReserved are ['cpu','memory','ephemeral-storage','pid']"),
    KUBE_RESERVED_NOT_NEGATIVE(EC2_NODE_CLASS, "kubeReserved value cannot be a negative resource quantity"),
    SYSTEM_RESERVED_KEYS(EC2_NODE_CLASS, "valid keys for systemReserved are ['cpu','memory','ephemeral-storage','pid']"),
    SYSTEM_RESERVED_NOT_NEGATIVE(EC2_NODE_CLASS, "systemReserved value cannot be a negative resource quantity"),
    IMAGE_GC_HIGH_ABOVE_LOW(EC2_NODE_CLASS, "imageGCHighThresholdPercent must be greater than imageGCLowThresholdPercent"),
    EVICTION_SOFT_NEEDS_GRACE_PERIOD(EC2_NODE_CLASS, "evictionSoft OwnerKey does not have a matching evictionSoftGracePeriod"),
    EVICTION_GRACE_PERIOD_NEEDS_SOFT(EC2_NODE_CLASS, "evictionSoftGracePeriod OwnerKey does not have a matching evictionSoft"),
    NETWORK_INTERFACES_PRIMARY(EC2_NODE_CLASS,
            "networkInterfaces must include a primary interface with interfaceType='interface'"),
    NETWORK_INTERFACES_UNIQUE(EC2_NODE_CLASS,
            "networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card"),
    PLACEMENT_GROUP_NEEDS_FIELD(EC2_NODE_CLASS, "expected at least one, got none, ['name', 'id']"),
    PLACEMENT_GROUP_EXCLUSIVE(EC2_NODE_CLASS, "'name' and 'id' are mutually exclusive"),
    ROLE_NOT_EMPTY(EC2_NODE_CLASS, "role cannot be empty"),
    SECURITY_GROUP_TERMS_NOT_EMPTY(EC2_NODE_CLASS, "securityGroupSelectorTerms cannot be empty"),
    SECURITY_GROUP_TERM_NEEDS_FIELD(EC2_NODE_CLASS, "expected at least one, got none, ['tags', 'id', 'name']"),
    SECURITY_GROUP_ID_EXCLUSIVE(EC2_NODE_CLASS,
            "'id' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term"),
    SECURITY_GROUP_NAME_EXCLUSIVE(EC2_NODE_CLASS,
            "'name' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term"),
    SUBNET_TERMS_NOT_EMPTY(EC2_NODE_CLASS, "subnetSelectorTerms cannot be empty"),
    SUBNET_TERM_NEEDS_FIELD(EC2_NODE_CLASS, "expected at least one, got none, ['tags', 'id']"),
    SUBNET_ID_EXCLUSIVE(EC2_NODE_CLASS,
            "'id' is mutually exclusive, cannot be set with a combination of other fields in a subnet selector term"),
    TAG_KEY_NOT_EMPTY(EC2_NODE_CLASS, "empty tag keys aren't supported"),
    TAG_EKS_CLUSTER_NAME(EC2_NODE_CLASS, "tag contains a restricted tag matching eks:eks-cluster-name"),
    TAG_KUBERNETES_CLUSTER(EC2_NODE_CLASS, "tag contains a restricted tag matching kubernetes.io/cluster/"),
    TAG_NODEPOOL(EC2_NODE_CLASS, "tag contains a restricted tag matching karpenter.sh/nodepool"),
    TAG_NODECLAIM(EC2_NODE_CLASS, "tag contains a restricted tag matching karpenter.sh/nodeclaim"),
    TAG_EC2NODECLASS(EC2_NODE_CLASS, "tag contains a restricted tag matching karpenter.k8s.aws/ec2nodeclass"),
    ROLE_XOR_INSTANCE_PROFILE(EC2_NODE_CLASS, "must specify exactly one of ['role', 'instanceProfile']"),
    AMI_FAMILY_AL2(EC2_NODE_CLASS, "if set, amiFamily must be 'AL2' or 'Custom' when using an AL2 alias"),
    AMI_FAMILY_AL2023(EC2_NODE_CLASS, "if set, amiFamily must be 'AL2023' or 'Custom' when using an AL2023 alias"),
    AMI_FAMILY_BOTTLEROCKET(EC2_NODE_CLASS,
            "if set, amiFamily must be 'Bottlerocket' or 'Custom' when using a Bottlerocket alias"),
    AMI_FAMILY_WINDOWS2019(EC2_NODE_CLASS,
            "if set, amiFamily must be 'Windows2019' or 'Custom' when using a Windows2019 alias"),
    AMI_FAMILY_WINDOWS2022(EC2_NODE_CLASS,
            "if set, amiFamily must be 'Windows2022' or 'Custom' when using a Windows2022 alias"),
    AMI_FAMILY_WINDOWS2025(EC2_NODE_CLASS,
            "if set, amiFamily must be 'Windows2025' or 'Custom' when using a Windows2025 alias"),
    AMI_FAMILY_REQUIRED_WITHOUT_ALIAS(EC2_NODE_CLASS,
            "must specify amiFamily if amiSelectorTerms does not contain an alias");

    private final CrdKind crd;
    private final String message;
    private final boolean transition;

    CelRule(CrdKind crd, String message) {
        this(crd, message, false);
    }

    CelRule(CrdKind crd, String message, boolean transition) {
        this.crd = crd;
        this.message = message;
        this.transition = transition;
    }

    CrdKind crd() {
        return crd;
    }

    /** The CRD's message, verbatim. */
    String message() {
        return message;
    }

    /** True for the rules that compare with {@code oldSelf}: only {@link KarpenterRules#validateUpdate} checks them. */
    boolean transition() {
        return transition;
    }
}
