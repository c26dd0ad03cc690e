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

/**
 * The tenancy ConfigMap that the admission webhook and the controller read: which namespace and
 * which NodePool belongs to which tenant, each tenant's isolation and quota, the tenancy key, the
 * principals allowed to relabel namespaces, the weight bands, and the platform's NodePool defaults
 * (node lifetime and budgets, freezes included, as a generated pool without its own carries them).
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
            List<String> pools = new ArrayList<>();
            plans.get(t.name()).reserved().forEach(r -> pools.add(PoolNames.reservedPool(t.name(), r.reservation().name())));
            t.pools().forEach(pool -> pools.add(PoolNames.pool(t.name(), pool.name())));
            tenants.add(new Tenancy.TenantEntry(t.name(), t.isolation() == Tenant.Isolation.DEDICATED, t.namespaces(), t.quota(), pools));
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
