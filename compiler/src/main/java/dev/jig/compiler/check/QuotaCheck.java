package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.tenancy.Quota;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0207: the tenants' quotas together fit in the platform's cluster-wide limits, dimension by
 * dimension; a dimension the platform leaves out has no cap. Reported at the platform limit, naming the largest tenants.
 */
final class QuotaCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        Platform p = set.platform();
        Quota total = Quota.ZERO;
        for (Tenant t : set.tenants()) total = total.plus(t.quota());
        Quota limit = p.limits();
        List<Diagnostic> out = new ArrayList<>();
        if (limit.cpuMillis() < Quota.UNLIMITED && total.cpuMillis() > limit.cpuMillis()) {
            out.add(Diagnostic.of(Rule.QUOTA_OVER_PLATFORM, p.origin().at("spec/limits/cpu"),
                    "tenant cpu quotas add up to " + Quantity.formatCpuMillis(total.cpuMillis()) + ", above the platform limit "
                            + Quantity.formatCpuMillis(limit.cpuMillis()) + " (" + largest(set, "cpu") + ")").withRelated(quotas(set, "cpu")));
        }
        if (limit.memoryMib() < Quota.UNLIMITED && total.memoryMib() > limit.memoryMib()) {
            out.add(Diagnostic.of(Rule.QUOTA_OVER_PLATFORM, p.origin().at("spec/limits/memory"),
                    "tenant memory quotas add up to " + Quantity.formatMebibytes(total.memoryMib()) + ", above the platform limit "
                            + Quantity.formatMebibytes(limit.memoryMib()) + " (" + largest(set, "memory") + ")").withRelated(quotas(set, "memory")));
        }
        if (limit.gpus() < Quota.UNLIMITED && total.gpus() > limit.gpus()) {
            out.add(Diagnostic.of(Rule.QUOTA_OVER_PLATFORM, p.origin().at("spec/limits/gpu"),
                    "tenant GPU quotas add up to " + total.gpus() + ", above the platform limit " + limit.gpus() + " (" + largest(set, "gpu") + ")").withRelated(quotas(set, "gpu")));
        }
        return out;
    }

    private static String largest(PolicySet set, String dim) {
        return "largest: " + largestTenants(set, dim).stream()
                .map(t -> t.name() + " " + format(amount(t, dim), dim))
                .reduce((a, b) -> a + ", " + b).orElse("none");
    }

    private static List<Tenant> largestTenants(PolicySet set, String dim) {
        return set.tenants().stream().sorted((a, b) -> Long.compare(amount(b, dim), amount(a, dim))).limit(3).toList();
    }

    /**
     * The largest tenants' quota lines: where a pull request that raised one most likely changed it, so
     * a {@code github} annotation lands on the changed line as well as on the platform limit.
     */
    private static List<dev.jig.api.source.Position> quotas(PolicySet set, String dim) {
        return largestTenants(set, dim).stream().map(t -> t.origin().at("spec/quota/" + dim)).toList();
    }

    private static long amount(Tenant t, String dim) {
        return switch (dim) {
            case "cpu" -> t.quota().cpuMillis();
            case "memory" -> t.quota().memoryMib();
            default -> t.quota().gpus();
        };
    }

    private static String format(long v, String dim) {
        return switch (dim) {
            case "cpu" -> Quantity.formatCpuMillis(v);
            case "memory" -> Quantity.formatMebibytes(v);
            default -> Long.toString(v);
        };
    }
}
