package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every NodePool needs cpu and memory limits, and a tenant's pools together must fit its quota.
 * The sum takes this pool's new limits plus the limits of the tenant's other NodePools as they
 * are in the cluster now (from the NodePool informer, by owner), not as git has them: the cluster
 * is what Karpenter enforces. A tenant's pool must also set an {@code nvidia.com/gpu} limit, 0 when
 * it has no GPUs: Karpenter reads a missing limit as unlimited, so a pool without one could launch
 * GPU nodes past the tenant's GPU quota (the compiler always emits it). A pool no tenant owns
 * counts against no quota and needs only cpu and memory. A limit that is JSON null is missing: the API
 * server stores it so, and Karpenter reads it as unlimited. Two pools admitted at the
 * same instant can both pass (admission sees no other in-flight request); the next change to
 * either is checked against both.
 */
final class PoolQuota {

    private PoolQuota() {
    }

    static void check(String name, JsonNode pool, String owner, TenancyView view, List<Finding> out) {
        JsonNode limits = pool.path("spec").path("limits");
        boolean cpu = limits.hasNonNull("cpu");
        boolean memory = limits.hasNonNull("memory");
        if (!cpu || !memory) {
            out.add(new Finding(Rule.POOL_LIMITS_MISSING, "NodePool '" + name + "' sets no "
                    + (cpu ? "memory" : memory ? "cpu" : "cpu or memory") + " limit"));
            return;
        }
        if (owner == null) return;
        if (!limits.hasNonNull(WellKnownLabels.GPU_RESOURCE)) {
            out.add(new Finding(Rule.POOL_LIMITS_MISSING, "NodePool '" + name + "' of tenant '" + owner + "' sets no "
                    + WellKnownLabels.GPU_RESOURCE + " limit (Karpenter reads a missing limit as unlimited; set 0 for a pool without GPUs)"));
            return;
        }
        Quota quota = view.tenant(owner).orElseThrow().quota();
        Map<String, JsonNode> others = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : view.nodePools().entrySet()) {
            if (!e.getKey().equals(name) && owner.equals(view.ownerOfPool(e.getKey()).orElse(null))) {
                others.put(e.getKey(), e.getValue().path("spec").path("limits"));
            }
        }
        if (quota.cpuMillis() != Quota.UNLIMITED) sum(name, owner, "cpu", limits, others, Quantity.ofMillis(quota.cpuMillis()), out);
        if (quota.memoryMib() != Quota.UNLIMITED) sum(name, owner, "memory", limits, others, Quantity.ofMebibytes(quota.memoryMib()), out);
        if (quota.gpus() != Quota.UNLIMITED) {
            sum(name, owner, WellKnownLabels.GPU_RESOURCE, limits, others, new Quantity(BigDecimal.valueOf(quota.gpus())), out);
        }
    }

    /**
     * This pool's limit plus the other pools' must fit the quota (a dimension the tenant has no cap on is
     * not summed). Fails closed: another pool's limit that
     * Kubernetes cannot read, or that is missing (Karpenter reads that as unlimited), is a denial, never a
     * zero; a negative limit (refused on admission, but one may predate the webhook) counts as zero, since
     * it launches nothing and must not offset the others. This pool's own negative limit is already refused
     * by the shared Karpenter rules and judged no further here; its own unreadable limit is refused here too
     * ({@code JIG0304}) unless a finding at that limit already refuses it, so the quota check never passes by
     * default on what it could not read, and admission still reports what {@code jig validate} reports.
     */
    private static void sum(String name, String owner, String resource, JsonNode limits, Map<String, JsonNode> others,
                            Quantity quota, List<Finding> out) {
        Quantity sum;
        try {
            sum = Quantity.fromJson(limits.get(resource));
        } catch (IllegalArgumentException e) {
            String at = "/spec/limits/" + resource.replace("~", "~0").replace("/", "~1") + ":";
            if (out.stream().noneMatch(f -> f.detail().startsWith(at))) {
                out.add(new Finding(Rule.KARPENTER_QUANTITY, at + " NodePool '" + name + "' has a " + resource + " limit Kubernetes cannot read ("
                        + e.getMessage() + "), so the quota of tenant '" + owner + "' cannot be judged"));
            }
            return;
        }
        if (sum.signum() < 0) return;
        for (Map.Entry<String, JsonNode> other : others.entrySet()) {
            JsonNode v = other.getValue().get(resource);
            if (v == null || v.isNull()) {
                out.add(new Finding(Rule.POOL_OVER_QUOTA, "tenant '" + owner + "' NodePool '" + other.getKey() + "' sets no " + resource
                        + " limit, which Karpenter reads as unlimited, so NodePool '" + name + "' cannot fit the quota"));
                return;
            }
            try {
                Quantity q = Quantity.fromJson(v);
                if (q.signum() > 0) sum = sum.plus(q);
            } catch (IllegalArgumentException e) {
                out.add(new Finding(Rule.KARPENTER_QUANTITY, "tenant '" + owner + "' NodePool '" + other.getKey() + "' has a " + resource
                        + " limit Kubernetes cannot read (" + e.getMessage() + "), so the quota cannot be judged for NodePool '" + name + "'"));
                return;
            }
        }
        over(name, owner, resource, sum, quota, out);
    }

    private static void over(String name, String owner, String resource, Quantity sum, Quantity quota, List<Finding> out) {
        if (sum.compareTo(quota) > 0) {
            out.add(new Finding(Rule.POOL_OVER_QUOTA, "with NodePool '" + name + "', tenant '" + owner + "' pools' " + resource
                    + " limits add up to " + sum.format(resource) + ", over its quota of " + quota.format(resource)));
        }
    }
}
