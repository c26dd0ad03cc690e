package dev.jig.compiler.generate;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.Cron;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.TimeZones;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import dev.jig.compiler.schedule.FreezeTranslator;
import dev.jig.compiler.schedule.UtcWindow;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

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
    private final Map<Tenant, Set<String>> architectures = new IdentityHashMap<>();

    /**
     * One freeze in the UTC form Karpenter evaluates. {@code windows} is empty when the freeze has
     * a bad cron, zone or duration (other checks report those) or no faithful UTC form
     * ({@code untranslatable} then says why).
     */
    public record FreezeTranslation(Platform.Freeze freeze, List<UtcWindow> windows, String untranslatable) {
    }

    private final List<FreezeTranslation> freezes;

    private record TenantFacts(Tenant tenant, QuotaPlan.Plan plan, List<List<Constraint>> constraints, List<BitSet> selections,
                               Set<String> architectures) {
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
            Set<String> archs = new TreeSet<>();
            for (List<Constraint> c : cs) {
                for (Constraint x : c) {
                    if (x.requirement().key().equals(WellKnownLabels.ARCH)) archs.addAll(x.requirement().values());
                }
            }
            return new TenantFacts(t, QuotaPlan.of(platform, t, archs, catalog), cs, sel, Set.copyOf(archs));
        }).toList();
        this.freezes = platform.freezes().stream().map(PolicyFacts::translate).toList();
        for (TenantFacts f : facts) {
            plans.put(f.tenant(), f.plan());
            architectures.put(f.tenant(), f.architectures());
            for (int i = 0; i < f.tenant().pools().size(); i++) {
                constraints.put(f.tenant().pools().get(i), f.constraints().get(i));
                selections.put(f.tenant().pools().get(i), f.selections().get(i));
            }
        }
    }

    private static FreezeTranslation translate(Platform.Freeze f) {
        Cron cron;
        try {
            cron = Cron.parse(f.schedule());
        } catch (IllegalArgumentException e) {
            return new FreezeTranslation(f, List.of(), null);
        }
        var seconds = GoDuration.parseSeconds(f.duration());
        Optional<ZoneId> zone = TimeZones.of(f.timeZone());
        if (seconds.isEmpty() || zone.isEmpty() || cron.neverFires()) return new FreezeTranslation(f, List.of(), null);
        try {
            return new FreezeTranslation(f, FreezeTranslator.toUtc(cron, zone.get(), seconds.get() / 60), null);
        } catch (FreezeTranslator.NotTranslatable e) {
            return new FreezeTranslation(f, List.of(), e.getMessage());
        }
    }

    /** Every freeze of the platform, translated once for all checks and pools. */
    public List<FreezeTranslation> freezes() {
        return freezes;
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

    /** The architectures any of the tenant's pools runs. */
    public Set<String> architectures(Tenant tenant) {
        return architectures.get(tenant);
    }
}
