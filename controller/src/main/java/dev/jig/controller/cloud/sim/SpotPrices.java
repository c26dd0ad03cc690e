package dev.jig.controller.cloud.sim;

/**
 * Simulated spot prices. AWS publishes no spot prices in its price list, so for {@code simulate}
 * and the simulated cloud Jig derives one per instance type and zone: a fixed fraction of the
 * on-demand price between 30 % and 70 %, taken from a hash of the type and zone so every run and
 * every machine gives the same figure. Offerings built from it carry {@code simulated = true}.
 */
public final class SpotPrices {

    private SpotPrices() {
    }

    public static double price(String instanceType, String zone, double onDemand) {
        int h = (instanceType + "/" + zone).hashCode();
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        double fraction = 0.30 + 0.40 * ((h & 0x7fffffff) % 1000) / 1000.0;
        return Math.round(onDemand * fraction * 10_000) / 10_000.0;
    }
}
