package dev.jig.api.diag;

import static dev.jig.api.diag.Severity.ERROR;
import static dev.jig.api.diag.Severity.WARNING;

/**
 * Every check Jig runs, with its stable id. Ids never change meaning and are never reused: CI
 * annotations, SARIF results and suppressions refer to them. Ranges: JIG00xx reading files,
 * JIG01xx the policy JSON Schema, JIG02xx cross-file policy semantics, JIG03xx Karpenter objects:
 * conformance with the Karpenter v1.14.1 CRDs (0301-0303) and values the CRDs let through that
 * Kubernetes cannot read or that would break quotas (0304-0305), JIG04xx generation, JIG05xx the
 * admission webhook (objects admitted into the cluster), JIG06xx the controller (why a pod cannot
 * be placed), JIG07xx {@code simulate} scenario files.
 */
public enum Rule {
    // --- JIG00xx: reading files -------------------------------------------------------------
    YAML_SYNTAX("JIG0001", ERROR, "YAML syntax error",
            "Fix the YAML at this line and column (text output marks it with ^); indentation and unclosed quotes are the usual causes."),
    YAML_DUPLICATE_KEY("JIG0002", ERROR, "duplicate mapping key",
            "Remove one of the two entries; YAML keeps only one of them and it is ambiguous which one you meant."),
    YAML_MULTIPLE_DOCUMENTS("JIG0003", ERROR, "more than one YAML document in a policy file",
            "Put each Platform or Tenant in a file of its own."),
    YAML_UNSUPPORTED("JIG0004", ERROR, "unsupported YAML construct",
            "Use plain mappings, sequences and scalars: no custom tags, no complex keys, no recursive aliases."),
    UNKNOWN_KIND("JIG0005", ERROR, "not a Jig policy document",
            "Policy files need `apiVersion: jig.dev/v1alpha1` and `kind: Platform` or `kind: Tenant`."),
    EMPTY_DOCUMENT("JIG0006", ERROR, "empty policy file",
            "Delete the file or give it a Platform or Tenant document."),

    // --- JIG01xx: policy JSON Schema ----------------------------------------------------------
    SCHEMA("JIG0101", ERROR, "policy does not match its JSON Schema",
            "See policies/README.md for the field reference; editors validate as you type with the yaml-language-server modeline."),

    // --- JIG02xx: cross-file semantics --------------------------------------------------------
    PLATFORM_MISSING("JIG0201", ERROR, "no Platform document",
            "Add exactly one file with `kind: Platform` to the policy repository."),
    PLATFORM_DUPLICATE("JIG0202", ERROR, "more than one Platform document",
            "Keep a single Platform per policy repository."),
    TENANT_DUPLICATE("JIG0203", ERROR, "two tenants with the same name",
            "Tenant names are unique across the repository; rename one of them."),
    NAMESPACE_CLAIMED_TWICE("JIG0204", ERROR, "namespace claimed by two tenants",
            "A namespace belongs to exactly one tenant; remove it from one of them."),
    POOL_DUPLICATE("JIG0205", ERROR, "two pools with the same name in one tenant",
            "Rename one of the pools."),
    NAME_TOO_LONG("JIG0206", ERROR, "generated object name too long",
            "NodePool names become label values (63 characters at most): shorten the tenant or pool name."),
    QUOTA_OVER_PLATFORM("JIG0207", ERROR, "tenant quotas exceed the platform limits",
            "Lower the tenant quotas or raise spec.limits in the Platform."),
    SHARES_OVER_QUOTA("JIG0208", ERROR, "pool shares add up to more than the tenant quota",
            "The shares of a tenant's pools must add up to 100% or less."),
    RESERVATION_OVERALLOCATED("JIG0209", ERROR, "reservation allocations exceed the reserved amount",
            "Lower the allocations or raise the reservation's cpu."),
    RESERVATION_UNKNOWN_TENANT("JIG0210", ERROR, "reservation allocated to an unknown tenant",
            "Allocate reservations only to tenants that exist in the repository."),
    RESERVATION_OVER_QUOTA("JIG0211", ERROR, "reservation allocation exceeds the tenant quota",
            "A tenant's reserved cpu counts against its quota; lower the allocation or raise the quota."),
    FORBIDDEN_BY_PLATFORM("JIG0212", ERROR, "pool asks for what the platform forbids",
            "Ask only for values the Platform lists under spec.allowed, or ask the platform team to allow more."),
    NO_INSTANCE_TYPES("JIG0213", ERROR, "pool requirements match no instance type",
            "Loosen the named constraint; `jig explain` lists what each pool can launch."),
    LIMIT_BELOW_SMALLEST_INSTANCE("JIG0214", ERROR, "pool limit is below the smallest matching instance",
            "Raise the pool's share or the tenant quota, or allow smaller instances; otherwise the pool can never launch a node."),
    BAD_DURATION("JIG0215", ERROR, "invalid duration",
            "Durations are Go-style: `90s`, `15m`, `2h`, `1h30m`, or `Never` where allowed."),
    BAD_CRON("JIG0216", ERROR, "invalid cron expression",
            "Use five fields (minute hour day-of-month month day-of-week) or @daily, @weekly, @monthly, @yearly, @hourly."),
    BAD_TIME_ZONE("JIG0217", ERROR, "unknown time zone",
            "Use a tzdata (IANA) time zone name such as `Europe/Berlin`, `America/New_York` or `UTC`."),
    OVERLAPPING_POOLS("JIG0218", WARNING, "overlapping pools with equal weight",
            "Karpenter picks one of them at random; give one pool a higher `weight` or make their requirements disjoint."),
    BUDGET_BLOCKS_FOREVER("JIG0219", ERROR, "disruption budget blocks disruption forever",
            "A budget of 0 nodes without a schedule, or a window that never closes, stops consolidation, drift and upgrades for good; give it a schedule and a shorter duration."),
    UNKNOWN_IMAGE("JIG0220", ERROR, "unknown image name",
            "Use a name defined under spec.images in the Platform."),
    UNKNOWN_ZONE("JIG0221", ERROR, "zone not in the platform's zones",
            "Use zones listed in spec.cluster.zones of the Platform."),
    UNUSABLE_RESERVATION("JIG0223", WARNING, "reservation allocation no tenant pool can use",
            "The tenant allows neither on-demand capacity nor the reserved families; the allocation is wasted."),
    RESERVED_LABEL("JIG0224", ERROR, "label or taint key reserved by Jig or Karpenter",
            "Pick another key: the tenancy key and the karpenter.sh / karpenter.k8s.aws / kubernetes.io domains are managed by Jig and Karpenter."),
    SIZE_BOUNDS("JIG0225", ERROR, "size bounds are inverted",
            "The minimum must not exceed the maximum."),
    POOL_NAME_COLLISION("JIG0226", ERROR, "two generated objects get the same name",
            "Rename the tenant, pool or image so that the generated '<tenant>-<pool>' and '<tenant>-<image>' names are unique."),
    RESERVED_NAMESPACE("JIG0228", ERROR, "namespace reserved for the platform",
            "Tenants cannot own default, kube-*, jig-system, karpenter or argocd: the webhook would move system pods onto tenant nodes and emitted Namespaces could be pruned."),
    UNKNOWN_FAMILY("JIG0229", ERROR, "instance family not in the catalog",
            "A family is the part of an instance type before the dot, such as m7g or c6i; `jig explain` lists what each pool can launch."),
    FAMILY_EXCLUDED("JIG0230", ERROR, "instance family excluded by the pool's other fields",
            "Drop the family or widen the field that excludes it; the pool would require a family it can never launch."),
    UNKNOWN_REGION("JIG0231", ERROR, "unknown AWS region",
            "Use a region name such as us-east-1 or eu-west-1."),
    ZONE_OUTSIDE_REGION("JIG0232", ERROR, "zone not in the cluster's region",
            "A zone's name is its region's followed by a letter (eu-west-1a for eu-west-1), or a Local Zone suffix (us-east-1-bos-1a)."),
    MEMORY_WITHOUT_UNIT("JIG0233", ERROR, "memory amount without a unit",
            "A plain number of memory is bytes: write a unit, such as 64Gi or 512Mi."),
    SCHEDULE_NEVER_FIRES("JIG0234", ERROR, "schedule never fires",
            "The day-of-month and month fields never meet (31 in a 30-day month, 30 or 31 in February); pick a day that every chosen month has."),

    // --- JIG03xx: Karpenter objects: v1.14.1 CRD conformance, and what the CRDs let through ------
    KARPENTER_SCHEMA("JIG0301", ERROR, "object violates the Karpenter CRD schema",
            "This is what the API server would reject; fix the policy field that produced it."),
    KARPENTER_PATTERN("JIG0302", ERROR, "value does not match the Karpenter CRD pattern",
            "This is what the API server would reject; fix the policy field that produced it."),
    KARPENTER_CEL("JIG0303", ERROR, "object violates a Karpenter CRD validation rule",
            "This is what the API server would reject; fix the policy field that produced it."),
    KARPENTER_QUANTITY("JIG0304", ERROR, "quantity Kubernetes cannot read",
            "Write a plain quantity such as 1000, 500m or 64Gi: the CRD pattern lets this one through, but Kubernetes' quantity parser, which Karpenter reads the object with, refuses it."),
    NEGATIVE_LIMIT("JIG0305", ERROR, "negative NodePool limit",
            "Limits are caps of 0 or more: a negative one launches nothing and would offset the tenant's other pools in the quota sum. Set 0 to stop a pool from launching."),

    // --- JIG04xx: generation ----------------------------------------------------------------
    FREEZE_NOT_TRANSLATABLE("JIG0401", ERROR, "freeze window cannot be expressed as a UTC cron",
            "Karpenter evaluates budget schedules in UTC; use a single minute and hour, or give the freeze in UTC."),

    // --- JIG05xx: admission webhook ---------------------------------------------------------
    POOL_NOT_COMPILED("JIG0501", ERROR, "pool was not compiled by Jig",
            "Change the policy in git and let GitOps apply the compiled object; in an emergency, add <kind>/<name> (NodePool/x or EC2NodeClass/x) to the webhook's break-glass list."),
    POOL_BREAK_GLASS("JIG0502", WARNING, "pool admitted through the break-glass list",
            "Move the change into the policies in git and remove the entry from the break-glass list."),
    POOL_TENANT_MISMATCH("JIG0503", ERROR, "pool's tenant label, taint and owner disagree",
            "A tenant's pool carries the label <tenancy key>=<tenant> on itself and, in spec.template.metadata.labels, the node key node-restriction.kubernetes.io/jig-tenant=<tenant> and <tenancy key>=<tenant> (and, for dedicated tenants, the taint <tenancy key>=<tenant>:NoSchedule in spec.template.spec.taints, not startupTaints), and the tenancy ConfigMap must list it under that tenant; no label, requirement or taint may name another tenant, another tenant's pool (jig.dev/pool) or another class (karpenter.k8s.aws/ec2nodeclass), and a pool no tenant lists names none. An EC2NodeClass carries its owner's tenancy label and spec.tags entry, or none when no tenant owns it."),
    POOL_LIMITS_MISSING("JIG0504", ERROR, "pool has no cpu, memory and nvidia.com/gpu limits",
            "Set spec.limits.cpu and spec.limits.memory (and, on a tenant's pool, nvidia.com/gpu, 0 when it has no GPUs); an unlimited pool can launch nodes without bound."),
    POOL_OVER_QUOTA("JIG0505", ERROR, "tenant's pool limits exceed its quota",
            "Lower this pool's limits or another pool's of the tenant, or raise the tenant's quota in git."),
    POOL_WEIGHT_OUT_OF_BAND("JIG0506", ERROR, "pool weight outside its band",
            "Pools the tenancy ConfigMap lists as a tenant's reserved pools take weights in the reserved band (80..100), all other pools in the regular band (1..79); the band is compiled data, not the pool's name."),
    POOL_FOREIGN_NODE_CLASS("JIG0507", ERROR, "pool uses a node class that is not its tenant's",
            "A tenant's NodePool references (group karpenter.k8s.aws, kind EC2NodeClass) one of the EC2NodeClasses the tenancy ConfigMap gives its tenant, or one the platform shares; a pool no tenant lists uses no tenant's class."),
    POD_UNIVERSAL_TOLERATION("JIG0510", ERROR, "pod tolerates every taint",
            "Remove the toleration with `operator: Exists` and no key; it lets the pod onto every dedicated tenant's nodes."),
    POD_FOREIGN_TOLERATION("JIG0511", ERROR, "pod tolerates another tenant's taint",
            "Remove the toleration; the webhook adds the toleration of your own tenant's taint."),
    POD_FOREIGN_SELECTOR("JIG0512", ERROR, "pod selects another tenant's nodes",
            "Remove the nodeSelector, affinity or topology term that names another tenant, its pools or its nodes; the webhook steers the pod to its own tenant's nodes."),
    POD_FOREIGN_NODE("JIG0513", ERROR, "pod bound to a node that is not its tenant's",
            "Do not set spec.nodeName or bind to nodes of another tenant; let the scheduler place the pod."),
    POD_TENANT_SELECTOR_MISSING("JIG0514", ERROR, "pod lacks its tenant's nodeSelector",
            "The mutating webhook adds `node-restriction.kubernetes.io/jig-tenant: <tenant>` (the node tenancy key) to spec.nodeSelector; check that the MutatingWebhookConfiguration is installed."),
    POD_FOREIGN_POD_AFFINITY("JIG0515", ERROR, "pod affinity term reaches another tenant's namespaces",
            "Limit namespaces and namespaceSelector of pod (anti-)affinity terms to your own tenant's namespaces."),
    POD_EPHEMERAL_ON_FOREIGN_NODE("JIG0516", ERROR, "ephemeral container on another tenant's node",
            "Debug pods from a namespace of the tenant that owns the node."),
    NAMESPACE_LABEL_NOT_ADMIN("JIG0520", ERROR, "only label admins may set a namespace's tenant label",
            "Change namespace ownership in the policies in git; GitOps (spec.tenancy.labelAdmins) applies the label."),
    NAMESPACE_LABEL_MISMATCH("JIG0521", ERROR, "namespace tenant label disagrees with the tenancy ConfigMap",
            "Set the label to the tenant that lists the namespace in git, or remove it from namespaces no tenant lists."),
    NODE_TENANT_LABEL_NOT_ALLOWED("JIG0525", ERROR, "only label admins and the node controller may change a node's tenant label",
            "Nodes get their tenant from their NodePool at registration; delete the node and let its pool replace it instead of relabelling it."),
    TENANCY_NOT_SYNCED("JIG0530", ERROR, "tenancy view not synced yet",
            "The webhook has not read the jig-tenancy ConfigMap, Nodes and NodePools yet; retry shortly, and check that jig-system/jig-tenancy exists."),
    NODECLAIM_NOT_ALLOWED("JIG0531", ERROR, "only the node labellers and label admins may create or change a NodeClaim",
            "NodeClaims carry the labels (the node key among them), taints and node class their Node registers with; let Karpenter or Jig's controller create them from a compiled NodePool."),

    // --- JIG06xx: controller: why a pod cannot be placed, and simulate scenarios ---------------
    POD_TAINTS("JIG0601", ERROR, "pod does not tolerate the pool's taints",
            "Add a toleration for the taint, or let the pod use a pool without it."),
    POD_REQUIREMENTS("JIG0602", ERROR, "pod's node requirements exclude the pool",
            "Check the pod's nodeSelector and node affinity against the pool's labels and requirements (`jig explain`)."),
    POD_RESOURCES("JIG0603", ERROR, "no instance type of the pool has room for the pod",
            "Lower the pod's requests or allow larger instance types in the pool."),
    POOL_LIMIT("JIG0604", ERROR, "the pool's limits are reached",
            "Raise the pool's share of the tenant quota, or free capacity in the pool."),
    TENANT_QUOTA("JIG0605", ERROR, "the tenant's quota is reached",
            "The tenant's pools together use its whole quota; raise the quota in the Tenant policy or free capacity."),
    POD_TOPOLOGY("JIG0606", ERROR, "topology spread or pod (anti-)affinity cannot be satisfied",
            "Relax maxSkew, use ScheduleAnyway or preferred terms, or allow more zones in the pool."),
    UNSUPPORTED_REQUEST("JIG0607", ERROR, "pod asks for something the scheduler does not model",
            "Jig schedules cpu, memory, ephemeral-storage, nvidia.com/gpu and pods; topology keys with at most 63 domains; affinity namespaces by name."),
    NO_NODE_POOL("JIG0608", ERROR, "no NodePool can launch nodes",
            "Create a NodePool (or compile the tenant policies) whose instance types have offerings."),
    MIN_VALUES("JIG0609", ERROR, "the pool's minValues cannot be met",
            "Lower minValues or widen the pool's requirements so enough distinct values remain."),
    /**
     * Retired: scenario findings have their own family, JIG07xx, since scenarios are checked against a
     * JSON Schema. Kept so that the id is never reused; nothing reports it any more.
     */
    @Deprecated
    SCENARIO("JIG0610", ERROR, "invalid simulate scenario (retired, see JIG07xx)",
            "See examples/scenarios/README.md for the scenario format."),

    // --- JIG07xx: simulate scenario files -------------------------------------------------------
    SCENARIO_KIND("JIG0701", ERROR, "not a simulate scenario",
            "A scenario file is one YAML document with `apiVersion: jig.dev/v1alpha1` and `kind: Scenario`; see examples/scenarios/README.md."),
    SCENARIO_SCHEMA("JIG0702", ERROR, "scenario does not match its JSON Schema",
            "See examples/scenarios/README.md for the scenario format; editors check as you type with the modeline "
                    + "`# yaml-language-server: $schema=../../policies/schema/scenario.schema.json`."),
    SCENARIO_VALUE("JIG0703", ERROR, "invalid value in a scenario",
            "The value has the right shape but cannot be used: see examples/scenarios/README.md for the allowed ranges."),
    SCENARIO_REFERENCE("JIG0704", ERROR, "scenario names something it does not define",
            "Name a deployment, EC2NodeClass, zone or instance type that exists: define it in the scenario or fix the spelling.");

    private final String id;
    private final Severity severity;
    private final String title;
    private final String hint;

    Rule(String id, Severity severity, String title, String hint) {
        this.id = id;
        this.severity = severity;
        this.title = title;
        this.hint = hint;
    }

    public String id() {
        return id;
    }

    public Severity severity() {
        return severity;
    }

    public String title() {
        return title;
    }

    public String hint() {
        return hint;
    }

    /** The rule with this id; throws for an id Jig never issued. */
    public static Rule byId(String id) {
        for (Rule r : values()) if (r.id().equals(id)) return r;
        throw new IllegalArgumentException("unknown rule id '" + id + "'");
    }
}
