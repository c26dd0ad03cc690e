package dev.jig.api.tenancy;

/**
 * How Jig names the NodePools it compiles. The compiler emits these names and its checks bound their
 * length and collisions, so the scheme lives here once. A name says nothing about what a pool is: a
 * tenant may call its own pool {@code reserved-x}. Which pools are reserved is compiled data in the
 * tenancy ConfigMap ({@link Tenancy#isReservedPool}).
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
        return tenant + "-reserved-" + reservation;
    }
}
