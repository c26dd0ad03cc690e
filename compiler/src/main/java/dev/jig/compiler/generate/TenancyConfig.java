package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.PlatformDefaults;
import dev.jig.api.tenancy.PoolNames;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The tenancy ConfigMap that the admission webhook and the controller read: which namespace and
 * which NodePool belongs to which tenant, each tenant's isolation and quota, the tenancy key, the
 * principals allowed to relabel namespaces, the weight bands, and the platform's NodePool defaults
 * (node lifetime and budgets, freezes included, as a generated pool without its own carries them),
 * and, per tenant, which of its NodePools are reserved and which EC2NodeClasses are its own: the
 * webhook takes a pool's weight band and the node classes it may use from here, never from names.
 * The compiler emits no node class for several tenants, so {@code sharedNodeClasses} is empty.
 * Format {@code jig.dev/v1alpha1}, documented in policies/README.md and defined by {@link Tenancy}.
 */
public final class TenancyConfig {

    public static final String NAME = Tenancy.CONFIG_MAP_NAME;
    public static final String NAMESPACE = Tenancy.CONFIG_MAP_NAMESPACE;
    public static final String DATA_KEY = Tenancy.DATA_KEY;

    private TenancyConfig() {
    }

    static GeneratedObject configMap(PolicySet set, Map<String, QuotaPlan.Plan> plans, List<Budgets.FreezeBudget> freezes) {
        Platform p = set.platform();
        List<Tenancy.TenantEntry> tenants = new ArrayList<>();
        for (Tenant t : set.tenants()) {
            List<String> reserved = new ArrayList<>();
            plans.get(t.name()).reserved().forEach(r -> reserved.add(PoolNames.reservedPool(t.name(), r.reservation().name())));
            List<String> pools = new ArrayList<>(reserved);
            t.pools().forEach(pool -> pools.add(PoolNames.pool(t.name(), pool.name())));
            Set<String> classes = new TreeSet<>();
            if (!reserved.isEmpty()) classes.add(Generator.nodeClassName(p, t.name(), null));
            t.pools().forEach(pool -> classes.add(Generator.nodeClassName(p, t.name(), pool)));
            tenants.add(new Tenancy.TenantEntry(t.name(), t.isolation() == Tenant.Isolation.DEDICATED, t.namespaces(), t.quota(), pools,
                    Optional.of(reserved), Optional.of(List.copyOf(classes))));
        }
        Tenancy tenancy = Tenancy.of(p.cluster().name(), p.tenancyKey(), WellKnownLabels.JIG_POOL, p.labelAdmins(),
                new Tenancy.WeightBand(1, Generator.REGULAR_WEIGHT_MAX), new Tenancy.WeightBand(Generator.RESERVED_WEIGHT_MIN, 100), tenants)
                .withPlatformDefaults(new PlatformDefaults(p.defaults().expireAfter(), Budgets.toJson(p.defaults().budgets(), freezes)))
                .withNodeTenancyKey(WellKnownLabels.NODE_TENANT);

        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode cm = f.objectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        ObjectNode meta = cm.putObject("metadata");
        meta.put("name", NAME);
        meta.put("namespace", NAMESPACE);
        meta.putObject("labels").put(WellKnownLabels.MANAGED_BY, "jig");
        cm.putObject("data").put(DATA_KEY, tenancy.toJson());
        return new GeneratedObject("v1", "ConfigMap", NAMESPACE, NAME, cm, p.origin().position());
    }

    static GeneratedObject namespace(Platform p, Tenant t, String name) {
        ObjectNode ns = Manifests.tenantObject("v1", "Namespace", name, p.tenancyKey(), t.name());
        return new GeneratedObject("v1", "Namespace", null, name, ns, t.origin().position());
    }
}
