package dev.jig.plan.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.tenancy.Quota;
import dev.jig.controller.model.Limits;

/**
 * Limits against what the planned nodes use of them, per resource, as report entries: quantity text
 * for people and numbers in base units (cores, bytes, counts) for charts. A dimension without a
 * bound is left out.
 */
final class Headroom {

    private Headroom() {
    }

    /** A NodePool's {@code spec.limits} against its nodes' capacity and count. */
    static ArrayNode ofPool(ArrayNode out, Limits limits, ResourceList used, int nodes) {
        cpu(out, limits.cpuMillis(), used.cpuMillis(), Limits.UNLIMITED);
        memory(out, limits.memoryBytes(), used.memoryBytes(), Limits.UNLIMITED);
        count(out, ResourceList.GPU, limits.gpus(), used.gpus(), Limits.UNLIMITED);
        count(out, "nodes", limits.nodes(), nodes, Limits.UNLIMITED);
        return out;
    }

    /** A tenant's quota against the capacity of the nodes of all its pools. */
    static ArrayNode ofQuota(ArrayNode out, Quota quota, ResourceList used) {
        cpu(out, quota.cpuMillis(), used.cpuMillis(), Quota.UNLIMITED);
        if (quota.memoryMib() < Quota.UNLIMITED) memory(out, quota.toResourceList().memoryBytes(), used.memoryBytes(), Long.MAX_VALUE);
        count(out, ResourceList.GPU, quota.gpus(), used.gpus(), Quota.UNLIMITED);
        return out;
    }

    private static void cpu(ArrayNode out, long limit, long used, long unlimited) {
        if (limit >= unlimited) return;
        entry(out, ResourceList.CPU, Quantity.formatCpuMillis(limit), Quantity.formatCpuMillis(used), Quantity.formatCpuMillis(limit - used),
                limit / 1000.0, used / 1000.0);
    }

    private static void memory(ArrayNode out, long limit, long used, long unlimited) {
        if (limit >= unlimited) return;
        entry(out, ResourceList.MEMORY, bytes(limit), bytes(used), bytes(limit - used), limit, used);
    }

    /** A count; a zero limit nothing uses (the GPU limit of a pool without GPUs) says nothing and is left out. */
    private static void count(ArrayNode out, String resource, long limit, long used, long unlimited) {
        if (limit >= unlimited || (limit == 0 && used == 0)) return;
        entry(out, resource, Long.toString(limit), Long.toString(used), Long.toString(limit - used), limit, used);
    }

    /** Bytes as a quantity people read: whole Gi or Mi when exact, else Gi to a tenth from 1Gi up, else Mi rounded down. */
    static String bytes(long b) {
        if (b % ResourceList.MIB == 0 && (b % ResourceList.GIB == 0 || Math.abs(b) < ResourceList.GIB)) return Quantity.formatMebibytes(b / ResourceList.MIB);
        if (Math.abs(b) >= ResourceList.GIB) {
            return java.math.BigDecimal.valueOf(b).divide(java.math.BigDecimal.valueOf(ResourceList.GIB), 1, java.math.RoundingMode.FLOOR)
                    .stripTrailingZeros().toPlainString() + "Gi";
        }
        return (b / ResourceList.MIB) + "Mi";
    }

    private static void entry(ArrayNode out, String resource, String limit, String used, String headroom, double limitValue, double usedValue) {
        ObjectNode e = out.addObject();
        e.put("resource", resource).put("limit", limit).put("used", used).put("headroom", headroom);
        e.put("limitValue", limitValue).put("usedValue", usedValue).put("headroomValue", limitValue - usedValue);
    }
}
