package dev.jig.aws.subnet;

/** A subnet a node class launches into: its zone (and zone id) and the free IPv4 addresses it has left. */
public record Subnet(String id, String zone, String zoneId, int availableIps) {
}
