package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Every NodePool needs cpu and memory limits, and a tenant's pools together must fit its quota.
 * The sum takes this pool's new limits plus the limits of the tenant's other NodePools as they
 * are in the cluster now (from the NodePool informer, by owner), not as git has them: the cluster
 * is what Karpenter enforces. A tenant's pool must also set an {@code nvidia.com/gpu} limit, 0 when
 * it has no GPUs: Karpenter reads a missing limit as unlimited, so a pool without one could launch
 * GPU nodes past the tenant's GPU quota (the compiler always emits it). A pool no tenant owns
 * counts against no quota and needs only cpu and memory. Two pools admitted at the
 * same instant can both pass (admission sees no other in-flight request); the next change to
 * either is checked against both.
 */
final class PoolQuota {

    private PoolQuota() {
    }

    static void check(String name, JsonNode pool, String owner, TenancyView view, List<Finding> out) {
        JsonNode limits = pool.path("spec").path("limits");
        if (!limits.has("cpu") || !limits.has("memory")) {
            out.add(new Finding(Rule.POOL_LIMITS_MISSING, "NodePool '" + name + "' sets no "
                    + (limits.has("cpu") ? "memory" : limits.has("memory") ? "cpu" : "cpu or memory") + " limit"));
            return;
        }
        if (owner == null) return;
        if (!limits.has(WellKnownLabels.GPU_RESOURCE)) {
            out.add(new Finding(Rule.POOL_LIMITS_MISSING, "NodePool '" + name + "' of tenant '" + owner + "' sets no "
                    + WellKnownLabels.GPU_RESOURCE + " limit (Karpenter reads a missing limit as unlimited; set 0 for a pool without GPUs)"));
            return;
        }
        Quota quota = view.tenant(owner).orElseThrow().quota();
        Quantity cpu = amount(limits, "cpu");
        Quantity memory = amount(limits, "memory");
        Quantity gpu = amount(limits, WellKnownLabels.GPU_RESOURCE);
        for (Map.Entry<String, JsonNode> e : view.nodePools().entrySet()) {
            if (e.getKey().equals(name) || !owner.equals(view.ownerOfPool(e.getKey()).orElse(null))) continue;
            JsonNode other = e.getValue().path("spec").path("limits");
            cpu = cpu.plus(amount(other, "cpu"));
            memory = memory.plus(amount(other, "memory"));
            gpu = gpu.plus(amount(other, WellKnownLabels.GPU_RESOURCE));
        }
        over(name, owner, "cpu", cpu, Quantity.ofMillis(quota.cpuMillis()), out);
        over(name, owner, "memory", memory, Quantity.ofMebibytes(quota.memoryMib()), out);
        over(name, owner, WellKnownLabels.GPU_RESOURCE, gpu, new Quantity(BigDecimal.valueOf(quota.gpus())), out);
    }

    private static void over(String name, String owner, String resource, Quantity sum, Quantity quota, List<Finding> out) {
        if (sum.compareTo(quota) > 0) {
            out.add(new Finding(Rule.POOL_OVER_QUOTA, "with NodePool '" + name + "', tenant '" + owner + "' pools' " + resource
                    + " limits add up to " + sum.format(resource) + ", over its quota of " + quota.format(resource)));
        }
    }

    private static Quantity amount(JsonNode limits, String resource) {
        JsonNode v = limits.get(resource);
        if (v == null || !(v.isTextual() || v.isNumber())) return Quantity.ZERO;
        return Quantity.tryParse(v.isNumber() ? v.numberValue().toString() : v.asText()).orElse(Quantity.ZERO);
    }
}
