package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.tenancy.Quota;
import dev.jig.compiler.generate.Constraint;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.generate.PoolSelection;
import dev.jig.compiler.generate.QuotaPlan;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * JIG0213: every pool's requirements match at least one instance type of the catalog; when none
 * does, the finding names the constraint that emptied the set. JIG0214: the pool's limit admits at
 * least one matching type, or Karpenter could never launch a node for it.
 */
final class InstanceAvailabilityCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        for (Tenant t : set.tenants()) {
            QuotaPlan.Plan plan = facts.plan(t);
            for (Tenant.Pool p : t.pools()) {
                if (facts.selection(p).isEmpty()) {
                    // Every family refused on its own says why already (JIG0229/0212/0230): this would only repeat it.
                    if (!p.families().isEmpty() && FamilyCheck.poolFindings(facts, t, p).size() == p.families().size()) continue;
                    List<Constraint> cs = facts.constraints(p);
                    Constraint c = PoolSelection.emptyingConstraint(facts.catalog(), cs).orElseThrow();
                    String with = PoolSelection.conflictingConstraint(facts.catalog(), cs, c)
                            .map(x -> ", together with " + x.requirement().describe() + " (from " + x.field() + ")").orElse("");
                    out.add(Diagnostic.of(Rule.NO_INSTANCE_TYPES, c.position(),
                            "pool '" + t.name() + "/" + p.name() + "' matches no instance type: nothing is left after "
                                    + c.requirement().describe() + " (from " + c.field() + ")" + with));
                    continue;
                }
                if (plan.remaining().cpuMillis() < 0 || plan.remaining().memoryMib() < 0) continue; // JIG0211 says why
                Quota limit = plan.pools().get(p.name()).limit();
                List<InstanceType> types = facts.matching(p);
                boolean fits = types.stream().anyMatch(it -> fits(it, limit, p.isGpu()));
                if (!fits) {
                    InstanceType smallest = types.stream()
                            .min(Comparator.comparingInt(InstanceType::vcpu).thenComparingLong(InstanceType::memoryMib)).orElseThrow();
                    var pos = p.sharePercent() != null ? p.origin().at("share") : p.origin().at("name");
                    out.add(Diagnostic.of(Rule.LIMIT_BELOW_SMALLEST_INSTANCE, pos,
                            "pool '" + t.name() + "/" + p.name() + "' is limited to " + describe(limit, p.isGpu())
                                    + ", less than its smallest matching instance " + smallest.name() + " (" + smallest.vcpu() + " vCPU, "
                                    + Quantity.formatMebibytes(smallest.memoryMib()) + (p.isGpu() ? ", " + smallest.gpuCount() + " GPU" : "") + ")"));
                }
            }
        }
        return out;
    }

    private static boolean fits(InstanceType t, Quota limit, boolean gpu) {
        return t.vcpu() * 1000L <= limit.cpuMillis() && t.memoryMib() <= limit.memoryMib()
                && (!gpu || t.gpuCount() <= limit.gpus());
    }

    private static String describe(Quota r, boolean gpu) {
        return Quantity.formatCpuMillis(r.cpuMillis()) + " cpu, " + Quantity.formatMebibytes(r.memoryMib())
                + (gpu ? ", " + r.gpus() + " GPU" : "");
    }
}
