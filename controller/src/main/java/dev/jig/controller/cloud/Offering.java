package dev.jig.controller.cloud;

/**
 * Where and how a node of an instance type can be bought: a zone of a region and a capacity type,
 * with its price in USD per hour. The region is the offering's own, never derived from the zone's
 * name: a Local Zone such as {@code us-east-1-bos-1a} belongs to {@code us-east-1}, and cutting a
 * letter off its name gives nonsense. {@code simulated} marks prices Jig made up (spot prices,
 * which AWS does not publish in the price list); reports print them as such.
 */
public record Offering(String region, String zone, String capacityType, double pricePerHour, boolean simulated) {

    public static final String ON_DEMAND = "on-demand";
    public static final String SPOT = "spot";
}
