package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Limits;

import java.util.HashMap;
import java.util.Map;

/**
 * What each NodePool and each tenant may still launch in this run: limits minus the capacity of
 * existing nodes and NodeClaims, minus the worst case of every NodeClaim planned so far (the
 * largest instance type it may still become). Planned NodeClaims are only ever narrowed to types
 * that fit what is left, so neither a pool's limits nor a tenant's quota can be overshot, whichever
 * of its options the cloud launches. Dimensions: cpu, memory, GPUs, nodes.
 */
final class CapacityLedger {

    static final int CPU = 0, MEM = 1, GPU = 2, NODES = 3;

    private final Map<String, long[]> poolLeft = new HashMap<>();
    private final Map<String, long[]> tenantLeft = new HashMap<>();
    private final Map<String, long[]> poolLimit = new HashMap<>();
    private final Map<String, long[]> tenantLimit = new HashMap<>();

    void pool(String pool, Limits limits) {
        long[] l = {limits.cpuMillis(), limits.memoryBytes(), limits.gpus(), limits.nodes()};
        poolLimit.put(pool, l);
        poolLeft.put(pool, l.clone());
    }

    void tenant(String tenant, Limits quota) {
        long[] l = {quota.cpuMillis(), quota.memoryBytes(), quota.gpus(), quota.nodes()};
        tenantLimit.put(tenant, l);
        tenantLeft.put(tenant, l.clone());
    }

    /** Counts capacity that already exists (nodes, launched NodeClaims) against its pool and tenant. */
    void existing(String pool, String tenant, ResourceList capacity) {
        charge(pool, tenant, capacity.cpuMillis(), capacity.memoryBytes(), capacity.gpus(), 1);
    }

    /** Adds (or with negative amounts returns) capacity charged to a pool and its tenant. */
    void charge(String pool, String tenant, long cpu, long mem, long gpu, long nodes) {
        subtract(poolLeft.get(pool), cpu, mem, gpu, nodes);
        if (tenant != null) subtract(tenantLeft.get(tenant), cpu, mem, gpu, nodes);
    }

    /** What is left for {@code pool}: the smaller of the pool's and the tenant's room, per dimension. */
    long[] left(String pool, String tenant) {
        long[] out = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        min(out, poolLeft.get(pool));
        if (tenant != null) min(out, tenantLeft.get(tenant));
        return out;
    }

    /**
     * Why a NodeClaim needing at least {@code need} (cpu, memory, gpu, nodes) in addition to what it
     * already holds ({@code held}) cannot be launched: the pool's limit or the tenant's quota.
     */
    Refusal refusal(String pool, String tenant, long[] need, long[] held) {
        long[] p = poolLeft.get(pool);
        for (int d = 0; d < 4; d++) {
            if (p != null && p[d] != Limits.UNLIMITED && need[d] > p[d] + held[d]) {
                return new Refusal(pool, Rule.POOL_LIMIT, "the pool's " + name(d) + " limit " + format(d, poolLimit.get(pool)[d])
                        + " leaves " + format(d, Math.max(0, p[d] + held[d])) + ", the smallest fitting instance type needs " + format(d, need[d]));
            }
        }
        long[] t = tenant == null ? null : tenantLeft.get(tenant);
        for (int d = 0; d < 4; d++) {
            if (t != null && t[d] != Limits.UNLIMITED && need[d] > t[d] + held[d]) {
                return new Refusal(pool, Rule.TENANT_QUOTA, "tenant " + tenant + "'s " + name(d) + " quota " + format(d, tenantLimit.get(tenant)[d])
                        + " across all its pools leaves " + format(d, Math.max(0, t[d] + held[d])) + ", the smallest fitting instance type needs " + format(d, need[d]));
            }
        }
        long[] left = left(pool, tenant);
        return new Refusal(pool, Rule.POOL_LIMIT, "the pool's limits" + (tenant == null ? "" : " and tenant " + tenant + "'s quota")
                + " leave cpu " + format(CPU, left[CPU]) + ", memory " + format(MEM, left[MEM]) + ", nodes " + format(NODES, left[NODES])
                + ", less than any instance type the pod fits needs");
    }

    private static void subtract(long[] left, long cpu, long mem, long gpu, long nodes) {
        if (left == null) return;
        long[] d = {cpu, mem, gpu, nodes};
        for (int i = 0; i < 4; i++) if (left[i] != Limits.UNLIMITED) left[i] -= d[i];
    }

    private static void min(long[] out, long[] left) {
        if (left == null) return;
        for (int i = 0; i < 4; i++) out[i] = Math.min(out[i], left[i]);
    }

    private static String name(int d) {
        return switch (d) {
            case CPU -> "cpu";
            case MEM -> "memory";
            case GPU -> WellKnownLabels.GPU_RESOURCE;
            default -> "nodes";
        };
    }

    private static String format(int d, long v) {
        if (v == Limits.UNLIMITED) return "unlimited";
        return switch (d) {
            case CPU -> dev.jig.api.karpenter.Quantity.formatCpuMillis(v);
            case MEM -> dev.jig.api.karpenter.Quantity.formatMebibytes(ResourceList.mebibytes(v));
            default -> Long.toString(v);
        };
    }
}
