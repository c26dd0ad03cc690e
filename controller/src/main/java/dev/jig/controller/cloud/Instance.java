package dev.jig.controller.cloud;


import java.time.Instant;

/**
 * A cloud instance launched for a NodeClaim.
 *
 * @param providerId   {@code <provider>:///<zone>/<id>}, the value Nodes carry in {@code spec.providerID}
 * @param bootedAt     when its kubelet can register a Node (launch time plus boot latency)
 */
public record Instance(String providerId, String nodeClaim, ResolvedInstanceType type, String zone, String capacityType,
                       double pricePerHour, Instant launchedAt, Instant bootedAt) {
}
