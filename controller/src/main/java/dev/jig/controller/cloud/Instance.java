package dev.jig.controller.cloud;


import java.time.Instant;

/**
 * A cloud instance launched for a NodeClaim.
 *
 * @param providerId   {@code <provider>:///<zone>/<id>}, the value Nodes carry in {@code spec.providerID}
 * @param nodeClaim    the NodeClaim it was launched for; that NodeClaim may no longer exist
 * @param offering     the offering it was bought in: region, zone, capacity type and price
 * @param bootedAt     when its kubelet can register a Node (launch time plus boot latency)
 */
public record Instance(String providerId, String nodeClaim, ResolvedInstanceType type, Offering offering,
                       Instant launchedAt, Instant bootedAt) {

    public String region() {
        return offering.region();
    }

    public String zone() {
        return offering.zone();
    }

    public String capacityType() {
        return offering.capacityType();
    }

    public double pricePerHour() {
        return offering.pricePerHour();
    }
}
