package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.CrdKind.EC2_NODE_CLASS;
import static dev.jig.api.karpenter.rules.CrdKind.NODE_POOL;

import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every {@code pattern} of the NodePool and EC2NodeClass spec schemas, with the Go source exactly
 * as the CRD writes it (the contract test compares them) and a Java pattern compiled once that
 * matches the same strings (see {@link GoRegex}). Go's engine runs in linear time; Java's
 * backtracks and recurses once per repetition of a group, so the patterns that repeat a group
 * (durations, qualified keys, the budget schedule) are matched by equivalent hand-written scans
 * instead, which a test compares with the compiled pattern. Hostile input can then neither stall
 * nor overflow the stack.
 */
enum CrdPattern {
    /** Budget duration: minutes and hours only, with the {@code 0s} that Go's Duration.String() appends. */
    BUDGET_DURATION("^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$", NODE_POOL),
    /** Budget nodes: a count or a percentage up to 100%. */
    BUDGET_NODES("^((100|[0-9]{1,2})%|[0-9]+)$", NODE_POOL),
    /** Budget schedule: a cron macro prefix, or five whitespace-separated fields at the end. */
    BUDGET_SCHEDULE("^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\\s(.+)\\s(.+)\\s(.+)\\s(.+))$",
            NODE_POOL) {
        @Override
        boolean matches(String value) {
            return BudgetSchedule.matches(value);
        }
    },
    /** consolidateAfter and expireAfter. */
    DURATION_OR_NEVER("^(([0-9]+(s|m|h))+|Never)$", NODE_POOL) {
        @Override
        boolean matches(String value) {
            return value.equals("Never") || isDuration(value);
        }
    },
    /** terminationGracePeriod. */
    DURATION("^([0-9]+(s|m|h))+$", NODE_POOL) {
        @Override
        boolean matches(String value) {
            return isDuration(value);
        }
    },
    /** A Kubernetes resource quantity: NodePool limits, kubelet kubeReserved and systemReserved. */
    QUANTITY("^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$",
            NODE_POOL, EC2_NODE_CLASS),
    /**
     * A label value (empty allowed). Enforced on template labels; the CRD also declares it on the
     * requirement {@code values} array itself, where the API server ignores it (string checks
     * apply to strings only), so requirement values are not pattern-checked.
     */
    LABEL_VALUE("^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$", NODE_POOL),
    /** nodeClassRef.group. */
    NODE_CLASS_GROUP("^[^/]*$", NODE_POOL),
    /** Requirement keys, taint keys and taint values: an optional DNS-subdomain-shaped prefix and '/', then a name. */
    QUALIFIED_KEY("^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$",
            NODE_POOL) {
        @Override
        boolean matches(String value) {
            int slash = value.indexOf('/');
            if (slash < 0) {
                return KubernetesNames.hasLabelNameShape(value);
            }
            return KubernetesNames.hasDnsSubdomainShape(value.substring(0, slash))
                    && KubernetesNames.hasLabelNameShape(value.substring(slash + 1));
        }
    },
    /** amiSelectorTerms[].id; unanchored, so it only needs to occur somewhere. */
    AMI_ID("ami-[0-9a-z]+", EC2_NODE_CLASS),
    /** securityGroupSelectorTerms[].id; unanchored. */
    SECURITY_GROUP_ID("sg-[0-9a-z]+", EC2_NODE_CLASS),
    /** subnetSelectorTerms[].id; unanchored. */
    SUBNET_ID("subnet-[0-9a-z]+", EC2_NODE_CLASS),
    CAPACITY_RESERVATION_ID("^cr-[0-9a-z]+$", EC2_NODE_CLASS),
    ACCOUNT_ID("^[0-9]{12}$", EC2_NODE_CLASS),
    PLACEMENT_GROUP_ID("^pg-[0-9a-z]+$", EC2_NODE_CLASS),
    /** EBS volumeSize; note the empty alternatives that let a bare {@code Ti} or {@code T} through. */
    VOLUME_SIZE("^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}|64000)G|([1-9]||[1-5][0-7]|58)Ti|([1-9]||[1-5][0-9]|6[0-3]|64)T)$",
            EC2_NODE_CLASS),
    /** kubelet evictionHard/evictionSoft values: a percentage, a quantity, or empty. */
    EVICTION_THRESHOLD("^((\\d{1,2}(\\.\\d{1,2})?|100(\\.0{1,2})?)%||(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?)$",
            EC2_NODE_CLASS);

    private final String source;
    private final Set<CrdKind> crds;
    private final Pattern compiled;

    CrdPattern(String source, CrdKind first, CrdKind... rest) {
        this.source = source;
        this.crds = EnumSet.of(first, rest);
        this.compiled = GoRegex.compile(source);
    }

    /** True when the API server's pattern check accepts the value. */
    boolean matches(String value) {
        return compiled.matcher(value).find();
    }

    /** {@code ([0-9]+(s|m|h))+} over the whole value: digits and unit letters never overlap, so one scan decides. */
    static boolean isDuration(String value) {
        int n = value.length();
        int i = 0;
        while (i < n) {
            int digits = i;
            while (i < n && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
                i++;
            }
            if (i == digits || i == n) {
                return false;
            }
            char unit = value.charAt(i++);
            if (unit != 's' && unit != 'm' && unit != 'h') {
                return false;
            }
        }
        return n > 0;
    }

    /** The pattern exactly as the CRD writes it. */
    String source() {
        return source;
    }

    Set<CrdKind> crds() {
        return crds;
    }

    Pattern compiled() {
        return compiled;
    }

    String message() {
        return "must match " + source;
    }
}
