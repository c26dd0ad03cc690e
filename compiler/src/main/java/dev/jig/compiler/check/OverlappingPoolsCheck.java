package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.generate.Generator;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;

/**
 * JIG0218 (warning): two pools of one tenant that the same pod could land on (same taints, and a
 * common instance type, capacity type and zone) have equal weight, so Karpenter picks between them
 * at random. Pools of different tenants never compete: their tenancy labels differ.
 */
final class OverlappingPoolsCheck implements PolicyCheck {

    private record Reach(Tenant.Pool pool, int weight, BitSet types, Set<String> capacity, Set<String> zones) {
    }

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        for (Tenant t : set.tenants()) {
            List<Reach> reaches = new ArrayList<>();
            for (Tenant.Pool p : t.pools()) {
                var constraints = facts.constraints(p);
                reaches.add(new Reach(p, p.weight() != null ? p.weight() : Generator.DEFAULT_WEIGHT, facts.selection(p),
                        values(constraints, WellKnownLabels.CAPACITY_TYPE), values(constraints, WellKnownLabels.ZONE)));
            }
            for (int i = 0; i < reaches.size(); i++) {
                for (int j = i + 1; j < reaches.size(); j++) {
                    Reach a = reaches.get(i);
                    Reach b = reaches.get(j);
                    if (a.weight() == b.weight() && Set.copyOf(a.pool().taints()).equals(Set.copyOf(b.pool().taints()))
                            && a.types().intersects(b.types()) && intersects(a.capacity(), b.capacity()) && intersects(a.zones(), b.zones())) {
                        var pos = b.pool().weight() != null ? b.pool().origin().at("weight") : b.pool().origin().at("name");
                        out.add(Diagnostic.of(Rule.OVERLAPPING_POOLS, pos,
                                "pools '" + a.pool().name() + "' and '" + b.pool().name() + "' of tenant '" + t.name()
                                        + "' overlap and both have weight " + a.weight()));
                    }
                }
            }
        }
        return out;
    }

    private static Set<String> values(List<dev.jig.compiler.generate.Constraint> constraints, String key) {
        for (var c : constraints) {
            Requirement r = c.requirement();
            if (r.key().equals(key)) return Set.copyOf(r.values());
        }
        return Set.of();
    }

    private static boolean intersects(Set<String> a, Set<String> b) {
        for (String s : a) {
            if (b.contains(s)) return true;
        }
        return false;
    }
}
