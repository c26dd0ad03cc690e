package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.IntRange;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/** JIG0225: every min/max pair (generations, cpu, memory, GPUs per node) has min ≤ max. */
final class SizeBoundsCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        IntRange g = set.platform().allowed().generations();
        inverted(g.min(), g.max(), set.platform().origin().at("spec/allowed/generations"), "allowed generations", out);
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool p : t.pools()) {
                inverted(p.generations().min(), p.generations().max(), p.origin().at("generations"), "generations", out);
                if (p.size() != null) {
                    inverted(p.size().cpu().min(), p.size().cpu().max(), p.origin().at("size"), "size cpu", out);
                    inverted(p.size().minMemoryMib(), p.size().maxMemoryMib(), p.origin().at("size"), "size memory", out);
                }
                if (p.gpu() != null) {
                    inverted(p.gpu().minPerNode(), p.gpu().maxPerNode(), p.origin().at("gpu"), "GPUs per node", out);
                }
            }
        }
        return out;
    }

    private static void inverted(Number min, Number max, Position pos, String what, List<Diagnostic> out) {
        if (min != null && max != null && min.longValue() > max.longValue()) {
            out.add(Diagnostic.of(Rule.SIZE_BOUNDS, pos, what + ": minimum " + min + " is above maximum " + max));
        }
    }
}
