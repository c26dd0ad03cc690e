package dev.jig.aws.securitygroup;

/** A security group a node class's instances join. */
public record SecurityGroup(String id, String name) {
}
