package dev.jig.compiler.generate;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.tenancy.PoolNames;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pure heart of the compiler: a checked policy set in, the Karpenter objects, the tenancy
 * ConfigMap and (optionally) the Namespaces out. It assumes the checks passed; it never looks at
 * files, git or the clock.
 */
public final class Generator {

    public static final int DEFAULT_WEIGHT = 10;
    public static final int RESERVED_WEIGHT = 90;
    public static final int REGULAR_WEIGHT_MAX = 79;
    public static final int RESERVED_WEIGHT_MIN = 80;

    private Generator() {
    }

    public static List<GeneratedObject> generate(PolicyFacts facts) {
        PolicySet set = facts.set();
        Catalog catalog = facts.catalog();
        Platform platform = set.platform();
        List<Budgets.FreezeBudget> freezes = Budgets.freezes(facts);
        // Tenants are independent of each other: plan and build them in parallel, then order.
        Map<String, QuotaPlan.Plan> plans = new LinkedHashMap<>();
        for (Tenant t : set.tenants()) plans.put(t.name(), facts.plan(t));
        List<GeneratedObject> out = new ArrayList<>(set.tenants().parallelStream().flatMap(t -> {
            List<GeneratedObject> objects = new ArrayList<>();
            tenantObjects(facts, t, freezes, objects);
            return objects.stream();
        }).toList());
        out.add(TenancyConfig.configMap(set, plans, freezes));
        if (platform.emitNamespaces()) {
            for (Tenant t : set.tenants()) {
                for (String ns : t.namespaces()) out.add(TenancyConfig.namespace(platform, t, ns));
            }
        }
        out.sort(GeneratedObjects.ORDER);
        return List.copyOf(out);
    }

    /** The image a pool runs (its own, or the platform default); {@code pool} may be null (reserved pools). */
    public static String imageOf(Platform platform, Tenant.Pool pool) {
        return pool != null && pool.image() != null ? pool.image() : platform.defaultImage();
    }

    /**
     * EC2NodeClass name of a pool: {@code <tenant>-<image>}, shared by the tenant's pools on that
     * image, or {@code <tenant>-<pool>} for a pool with kubelet settings of its own.
     */
    public static String nodeClassName(Platform platform, String tenant, Tenant.Pool pool) {
        boolean own = pool != null && !pool.kubelet().isEmpty();
        return tenant + "-" + (own ? pool.name() : imageOf(platform, pool));
    }

    private static void tenantObjects(PolicyFacts facts, Tenant tenant, List<Budgets.FreezeBudget> freezes, List<GeneratedObject> out) {
        Platform platform = facts.platform();
        QuotaPlan.Plan plan = facts.plan(tenant);
        String key = platform.tenancyKey();
        List<Taint> isolation = tenant.isolation() == Tenant.Isolation.DEDICATED
                ? List.of(new Taint(key, tenant.name(), "NoSchedule")) : List.of();
        Map<String, NodeClassFactory.Spec> nodeClasses = new TreeMap<>();
        Platform.Defaults d = platform.defaults();

        for (QuotaPlan.ReservedLimit r : plan.reserved()) {
            String nodeClass = nodeClass(platform, tenant, null, nodeClasses);
            String name = PoolNames.reservedPool(tenant.name(), r.reservation().name());
            NodePoolFactory.Spec spec = new NodePoolFactory.Spec(name, tenant.name(), key, "reserved-" + r.reservation().name(),
                    Map.of(), nodeClass, ReservedCapacity.requirements(platform, r.reservation(), facts.architectures(tenant), facts.catalog()), isolation,
                    d.expireAfter(), d.terminationGracePeriod(), d.consolidation(), d.budgets(), freezes,
                    r.limit(), RESERVED_WEIGHT);
            out.add(new GeneratedObject(ApiGroups.KARPENTER_V1, "NodePool", null, name, NodePoolFactory.build(spec),
                    allocationPosition(platform, r.reservation(), tenant)));
        }
        for (Tenant.Pool p : tenant.pools()) {
            String nodeClass = nodeClass(platform, tenant, p, nodeClasses);
            List<Taint> taints = new ArrayList<>(isolation);
            taints.addAll(p.taints());
            String name = PoolNames.pool(tenant.name(), p.name());
            NodePoolFactory.Spec spec = new NodePoolFactory.Spec(name, tenant.name(), key, p.name(), new TreeMap<>(p.labels()),
                    nodeClass, facts.requirements(p), taints,
                    p.expireAfter() != null ? p.expireAfter() : d.expireAfter(),
                    p.terminationGracePeriod() != null ? p.terminationGracePeriod() : d.terminationGracePeriod(),
                    p.consolidation() != null ? p.consolidation().over(d.consolidation()) : d.consolidation(),
                    p.budgets() != null ? p.budgets() : d.budgets(), freezes,
                    plan.pools().get(p.name()).limit(), p.weight() != null ? p.weight() : DEFAULT_WEIGHT);
            out.add(new GeneratedObject(ApiGroups.KARPENTER_V1, "NodePool", null, name, NodePoolFactory.build(spec), p.origin().position()));
        }
        nodeClasses.forEach((name, spec) -> out.add(new GeneratedObject(ApiGroups.KARPENTER_AWS_V1, "EC2NodeClass", null, name,
                NodeClassFactory.build(platform, spec), tenant.origin().position())));
    }

    /**
     * The EC2NodeClass a pool uses: one per tenant and image, or one of the pool's own when it
     * overrides kubelet settings (kubelet lives on the node class in Karpenter v1).
     */
    private static String nodeClass(Platform platform, Tenant tenant, Tenant.Pool pool, Map<String, NodeClassFactory.Spec> classes) {
        String image = imageOf(platform, pool);
        boolean own = pool != null && !pool.kubelet().isEmpty();
        String name = nodeClassName(platform, tenant.name(), pool);
        Map<String, Object> kubelet = new TreeMap<>(platform.defaults().kubelet());
        if (own) kubelet.putAll(pool.kubelet());
        classes.putIfAbsent(name, new NodeClassFactory.Spec(name, tenant.name(), platform.tenancyKey(), tenant.costCenter(),
                platform.images().get(image), kubelet));
        return name;
    }

    private static dev.jig.api.source.Position allocationPosition(Platform platform, Platform.Reservation r, Tenant t) {
        return r.allocations().stream().filter(a -> a.tenant().equals(t.name())).findFirst()
                .map(a -> a.origin().position()).orElse(r.origin().position());
    }
}
