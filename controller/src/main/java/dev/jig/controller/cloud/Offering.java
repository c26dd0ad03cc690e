package dev.jig.controller.cloud;

/**
 * Where and how a node of an instance type can be bought: a zone and a capacity type, with its
 * price in USD per hour. {@code simulated} marks prices Jig made up (spot prices, which AWS does not
 * publish in the price list); reports print them as such.
 */
public record Offering(String zone, String capacityType, double pricePerHour, boolean simulated) {

    public static final String ON_DEMAND = "on-demand";
    public static final String SPOT = "spot";
}
