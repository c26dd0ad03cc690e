package dev.jig.compiler.generate;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.tenancy.Quota;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a tenant's quota is shared out over its NodePools, so that the limits of all its pools never
 * add up to more than the quota:
 * <ol>
 *   <li>each usable reservation allocation becomes a reserved pool limited to the allocated vCPUs and
 *       the memory those vCPUs come with on the most memory-rich reserved family;</li>
 *   <li>what is left of cpu and memory is split over the regular pools by {@code share} (pools
 *       without one split the unclaimed percentage evenly);</li>
 *   <li>the GPU quota is split over the GPU pools in proportion to their shares.</li>
 * </ol>
 * Everything rounds down (cpu to whole cores, memory to whole GiB), never up.
 */
public final class QuotaPlan {

    /** The limit of one generated pool. */
    public record PoolLimit(String poolName, Quota limit) {
    }

    /** A reserved pool for one allocation. */
    public record ReservedLimit(Platform.Reservation reservation, Quota limit) {
    }

    public record Plan(List<ReservedLimit> reserved, Map<String, PoolLimit> pools, Quota remaining) {
    }

    private QuotaPlan() {
    }

    /**
     * @param tenantArchitectures the architectures the tenant's pools run; reservations the tenant
     *     cannot use (see {@link ReservedCapacity#whyUnusable}) get no reserved pool and take no quota
     */
    public static Plan of(Platform platform, Tenant tenant, Set<String> tenantArchitectures, Catalog catalog) {
        List<ReservedLimit> reserved = new ArrayList<>();
        Quota reservedTotal = Quota.ZERO;
        for (Platform.Reservation r : platform.reservations()) {
            if (ReservedCapacity.whyUnusable(platform, r, tenantArchitectures, catalog).isPresent()) continue;
            for (Platform.Allocation a : r.allocations()) {
                if (!a.tenant().equals(tenant.name())) continue;
                Quota limit = new Quota(a.cpu() * 1000, a.cpu() * maxMibPerVcpu(catalog, r.families()), 0);
                reserved.add(new ReservedLimit(r, limit));
                reservedTotal = reservedTotal.plus(limit);
            }
        }
        Quota remaining = tenant.quota().minus(reservedTotal);
        Map<String, Integer> shares = shares(tenant.pools());
        int gpuShareTotal = tenant.pools().stream().filter(Tenant.Pool::isGpu).mapToInt(p -> shares.get(p.name())).sum();
        Map<String, PoolLimit> pools = new LinkedHashMap<>();
        for (Tenant.Pool p : tenant.pools()) {
            int share = shares.get(p.name());
            long cpu = floorTo(Math.max(0, remaining.cpuMillis()) * share / 100, 1000);
            long mem = floorTo(Math.max(0, remaining.memoryMib()) * share / 100, 1024);
            long gpu = p.isGpu() && gpuShareTotal > 0 ? tenant.quota().gpus() * share / gpuShareTotal : 0;
            pools.put(p.name(), new PoolLimit(p.name(), new Quota(cpu, mem, gpu)));
        }
        return new Plan(List.copyOf(reserved), pools, remaining);
    }

    /** Explicit shares as given; pools without one split the rest evenly (rounded down). */
    public static Map<String, Integer> shares(List<Tenant.Pool> pools) {
        int explicit = 0;
        int unspecified = 0;
        for (Tenant.Pool p : pools) {
            if (p.sharePercent() != null) explicit += p.sharePercent();
            else unspecified++;
        }
        int each = unspecified == 0 ? 0 : Math.max(0, 100 - explicit) / unspecified;
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Tenant.Pool p : pools) out.put(p.name(), p.sharePercent() != null ? p.sharePercent() : each);
        return out;
    }

    /** The most memory per vCPU among the families' types (MiB), so reserved memory never starves. */
    static long maxMibPerVcpu(Catalog catalog, List<String> families) {
        long best = 0;
        for (InstanceType t : catalog.all()) {
            if (families.contains(t.family())) best = Math.max(best, t.memoryMib() / t.vcpu());
        }
        return best;
    }

    private static long floorTo(long value, long unit) {
        return value < unit ? value : value - value % unit;
    }
}
