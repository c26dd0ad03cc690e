package dev.jig.api.tenancy;

/**
 * How Jig names the NodePools it compiles. The compiler emits these names, the compiler's checks
 * bound their length, and the webhook recognises a tenant's reserved pools by their prefix, so the
 * scheme lives here once.
 */
public final class PoolNames {

    private PoolNames() {
    }

    /** NodePool name of a tenant's own pool. */
    public static String pool(String tenant, String pool) {
        return tenant + "-" + pool;
    }

    /** NodePool name of a tenant's share of a reservation. */
    public static String reservedPool(String tenant, String reservation) {
        return reservedPoolPrefix(tenant) + reservation;
    }

    /** What every reserved NodePool name of a tenant starts with. */
    public static String reservedPoolPrefix(String tenant) {
        return tenant + "-reserved-";
    }
}
