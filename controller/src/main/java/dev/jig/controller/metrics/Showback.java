package dev.jig.controller.metrics;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

import java.util.HashMap;
import java.util.Map;

/**
 * Showback: what each tenant's nodes cost and how much of its quota they hold, from what the controller launched
 * (its NodeClaims, live and not deleting, at the price each launched at):
 * <ul>
 *   <li>{@code jig_tenant_cost_dollars_per_hour{tenant,pool,capacity_type}} — $/h; nodes of pools no tenant owns are
 *       counted under {@code tenant=""} (the platform's);</li>
 *   <li>{@code jig_tenant_quota_used_ratio{tenant,resource}} — the capacity of the tenant's nodes over its quota, for
 *       cpu, memory and {@code nvidia.com/gpu} where the quota bounds them (the share the scheduler's quota check sees).</li>
 * </ul>
 * A {@link Reconciler} of {@code run}: it recomputes both from one snapshot each time it runs.
 */
public final class Showback implements Reconciler {

    private final Cluster cluster;
    private final Gauges cost;
    private final Gauges quota;

    public Showback(Cluster cluster, MeterRegistry registry) {
        this.cluster = cluster;
        this.cost = new Gauges(registry, "jig.tenant.cost.dollars.per.hour", "What each tenant's live nodes cost, $/h at the price each launched at, by pool and capacity type");
        this.quota = new Gauges(registry, "jig.tenant.quota.used.ratio", "The capacity of each tenant's live nodes over its quota, per resource the quota bounds");
    }

    @Override
    public String name() {
        return "showback";
    }

    @Override
    public void reconcile() {
        ClusterSnapshot s = cluster.snapshot();
        cost.set(costs(s));
        quota.set(quotaUse(s));
    }

    /** $/h per (tenant, pool, capacity type) of the live, launched NodeClaims. */
    static Map<Tags, Double> costs(ClusterSnapshot s) {
        Map<Tags, Double> out = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (c.deleting() || c.status() == null) continue;
            String tenant = tenantOf(s, c.nodePool());
            String ct = c.status().capacityType() == null ? "" : c.status().capacityType();
            out.merge(Tags.of("tenant", tenant, "pool", c.nodePool(), "capacity_type", ct), c.status().pricePerHour(), Double::sum);
        }
        return out;
    }

    /** Capacity held over quota, per (tenant, resource) the quota bounds. */
    static Map<Tags, Double> quotaUse(ClusterSnapshot s) {
        Map<Tags, Double> out = new HashMap<>();
        if (s.tenancy().isEmpty()) return out;
        Tenancy t = s.tenancy().get();
        Map<String, ResourceList> held = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (c.deleting() || c.status() == null) continue;
            t.tenantOfNodePool(c.nodePool()).ifPresent(e -> held.merge(e.name(), c.status().capacity(), ResourceList::plus));
        }
        for (Tenancy.TenantEntry e : t.tenants().values()) {
            Quota q = e.quota();
            ResourceList h = held.getOrDefault(e.name(), ResourceList.ZERO);
            if (bounds(q.cpuMillis())) out.put(Tags.of("tenant", e.name(), "resource", "cpu"), (double) h.cpuMillis() / q.cpuMillis());
            if (bounds(q.memoryMib())) {
                out.put(Tags.of("tenant", e.name(), "resource", "memory"), (double) h.memoryBytes() / (q.memoryMib() * (double) ResourceList.MIB));
            }
            if (bounds(q.gpus())) out.put(Tags.of("tenant", e.name(), "resource", dev.jig.api.karpenter.WellKnownLabels.GPU_RESOURCE), (double) h.gpus() / q.gpus());
        }
        return out;
    }

    /** Whether a quota dimension bounds anything: set, and not the "no cap" value. */
    private static boolean bounds(long quota) {
        return quota > 0 && quota < Quota.UNLIMITED;
    }

    private static String tenantOf(ClusterSnapshot s, String pool) {
        return s.tenancy().flatMap(t -> t.tenantOfNodePool(pool)).map(Tenancy.TenantEntry::name).orElse("");
    }
}
