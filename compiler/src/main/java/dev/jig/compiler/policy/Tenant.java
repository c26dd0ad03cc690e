package dev.jig.compiler.policy;

import dev.jig.api.tenancy.Quota;
import java.util.List;
import java.util.Map;

/** One team's policy: its namespaces, its quota, its isolation and the pools it asks for. */
public record Tenant(
        Origin origin,
        String name,
        List<String> namespaces,
        List<String> owners,
        String costCenter,
        Isolation isolation,
        Quota quota,
        List<Pool> pools) {

    /** Dedicated tenants get their own taint and label; shared tenants only the label. */
    public enum Isolation {
        DEDICATED, SHARED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A named pool of nodes the tenant asks for. Null or empty fields inherit from the platform. */
    public record Pool(
            Origin origin,
            String name,
            List<String> capacityTypes,
            List<String> architectures,
            List<String> categories,
            List<String> families,
            IntRange generations,
            SizeBounds size,
            GpuRequest gpu,
            List<String> zones,
            Integer sharePercent,
            Integer weight,
            Consolidation consolidation,
            List<Budget> budgets,
            String expireAfter,
            String terminationGracePeriod,
            String image,
            Map<String, String> labels,
            List<dev.jig.api.karpenter.Taint> taints,
            Map<String, Object> kubelet) {

        public boolean isGpu() {
            return gpu != null;
        }
    }

    /** Per-node size bounds: vCPUs and MiB. */
    public record SizeBounds(IntRange cpu, Long minMemoryMib, Long maxMemoryMib) {
    }

    public record GpuRequest(List<String> names, Integer minPerNode, Integer maxPerNode) {
    }
}
