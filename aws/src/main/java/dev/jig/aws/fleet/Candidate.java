package dev.jig.aws.fleet;

/**
 * One way to launch a NodeClaim: an instance type in a subnet (and so a zone), bought as a capacity
 * type at a price, with the launch template its AMI and max pods call for. It becomes one CreateFleet override.
 *
 * @param exotic a bare-metal type, or one with GPUs or accelerators the NodeClaim does not ask for: launched only
 *               when nothing else can be (Karpenter's exotic-type filter)
 */
public record Candidate(String instanceType, String zone, String subnetId, String capacityType, double price, String launchTemplate,
                        boolean exotic) {

    public Candidate(String instanceType, String zone, String subnetId, String capacityType, double price, String launchTemplate) {
        this(instanceType, zone, subnetId, capacityType, price, launchTemplate, false);
    }

    /** This candidate with another launch template. */
    public Candidate withTemplate(String template) {
        return new Candidate(instanceType, zone, subnetId, capacityType, price, template, exotic);
    }
}
