package dev.jig.compiler.generate;

import dev.jig.compiler.catalog.Catalog;
import dev.jig.compiler.catalog.InstanceType;
import dev.jig.compiler.karpenter.Requirement;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What follows from a policy set and the catalog, worked out once per compile and shared by every
 * check and by the generator: each pool's constraints and the instance types they select, and each
 * tenant's quota plan. Computed eagerly (tenants in parallel) and read-only afterwards, so any
 * number of checks can read it at once, and a rule and the generator can never disagree about
 * what a pool means.
 */
public final class PolicyFacts {

    private final PolicySet set;
    private final Catalog catalog;
    private final Map<Tenant.Pool, List<Constraint>> constraints = new IdentityHashMap<>();
    private final Map<Tenant.Pool, BitSet> selections = new IdentityHashMap<>();
    private final Map<Tenant, QuotaPlan.Plan> plans = new IdentityHashMap<>();

    private record TenantFacts(Tenant tenant, QuotaPlan.Plan plan, List<List<Constraint>> constraints, List<BitSet> selections) {
    }

    public PolicyFacts(PolicySet set, Catalog catalog) {
        this.set = set;
        this.catalog = catalog;
        Platform platform = set.platform();
        List<TenantFacts> facts = set.tenants().parallelStream().map(t -> {
            List<List<Constraint>> cs = new ArrayList<>();
            List<BitSet> sel = new ArrayList<>();
            for (Tenant.Pool p : t.pools()) {
                List<Constraint> c = PoolSelection.constraints(platform, p);
                cs.add(c);
                sel.add(catalog.selection(PoolSelection.requirements(c)));
            }
            return new TenantFacts(t, QuotaPlan.of(platform, t, catalog), cs, sel);
        }).toList();
        for (TenantFacts f : facts) {
            plans.put(f.tenant(), f.plan());
            for (int i = 0; i < f.tenant().pools().size(); i++) {
                constraints.put(f.tenant().pools().get(i), f.constraints().get(i));
                selections.put(f.tenant().pools().get(i), f.selections().get(i));
            }
        }
    }

    public PolicySet set() {
        return set;
    }

    public Platform platform() {
        return set.platform();
    }

    public Catalog catalog() {
        return catalog;
    }

    public List<Constraint> constraints(Tenant.Pool pool) {
        return constraints.get(pool);
    }

    public List<Requirement> requirements(Tenant.Pool pool) {
        return PoolSelection.requirements(constraints.get(pool));
    }

    /** The pool's instance types as indexes into {@link Catalog#all()}. Shared: read, never modify. */
    public BitSet selection(Tenant.Pool pool) {
        return selections.get(pool);
    }

    public List<InstanceType> matching(Tenant.Pool pool) {
        BitSet bits = selections.get(pool);
        List<InstanceType> out = new ArrayList<>(bits.cardinality());
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) out.add(catalog.all().get(i));
        return out;
    }

    public QuotaPlan.Plan plan(Tenant tenant) {
        return plans.get(tenant);
    }
}
