package dev.jig.aws.fleet;

/**
 * One way to launch a NodeClaim: an instance type in a subnet (and so a zone), bought as a capacity
 * type at a price, with the launch template its AMI and max pods call for. It becomes one CreateFleet override.
 */
public record Candidate(String instanceType, String zone, String subnetId, String capacityType, double price, String launchTemplate) {
}
