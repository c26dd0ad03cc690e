package dev.jig.compiler.policy;

import dev.jig.api.tenancy.Quota;
import java.util.List;
import java.util.Map;

/**
 * The platform team's policy: one per repository. It says what the cluster is, what tenants may
 * ask for, what the cluster may grow to, which capacity is reserved, and the defaults every
 * generated pool starts from.
 */
public record Platform(
        Origin origin,
        String name,
        Cluster cluster,
        Map<String, String> subnetTags,
        Map<String, String> securityGroupTags,
        String nodeRole,
        Map<String, String> images,
        String defaultImage,
        Allowed allowed,
        Quota limits,
        List<Reservation> reservations,
        List<Freeze> freezes,
        Defaults defaults,
        String tenancyKey,
        List<String> labelAdmins,
        boolean emitNamespaces) {


    public record Cluster(String name, String region, List<String> zones) {
    }

    /** Allow-lists; an empty list means "anything". {@code gpus == null} means no GPU pools at all. */
    public record Allowed(
            List<String> categories,
            List<String> families,
            IntRange generations,
            List<String> architectures,
            List<String> capacityTypes,
            GpuAllowance gpus) {
    }

    public record GpuAllowance(List<String> names, Integer maxPerNode) {
    }

    /** Capacity bought ahead (RIs or a Savings Plan) for some families, shared out to tenants in vCPUs. */
    public record Reservation(Origin origin, String name, String type, List<String> families, long cpu,
                              List<Allocation> allocations) {
    }

    public record Allocation(Origin origin, String tenant, long cpu) {
    }

    /** A change freeze in local time: from each cron hit, for {@code duration}, no voluntary disruption. */
    public record Freeze(Origin origin, String name, String schedule, String duration, String timeZone,
                         List<String> reasons) {
    }

    public record Defaults(
            String expireAfter,
            String terminationGracePeriod,
            Consolidation consolidation,
            List<Budget> budgets,
            Map<String, Object> kubelet,
            RootVolume rootVolume) {
    }

    public record RootVolume(String size, String type, Integer iops, Integer throughput, String kmsKeyID) {
    }
}
