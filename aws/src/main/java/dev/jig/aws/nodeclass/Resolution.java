package dev.jig.aws.nodeclass;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.nodeclass.NodeClassStatus.Part;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.subnet.Subnet;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import java.time.Instant;
import java.util.List;

/**
 * The last resolution of one node class spec, part by part: each part resolved, or why it did not
 * (a selector that matches nothing, a role IAM refuses). {@code refreshError} says that the last
 * refresh could not ask EC2 or IAM, since {@code failingSince}, and that the parts are the last good
 * ones; null when the last refresh succeeded. Immutable.
 */
public record Resolution(NodeClass nodeClass, Part<List<Subnet>> subnets, Part<List<SecurityGroup>> securityGroups, Part<List<Ami>> amis,
                         Part<String> instanceProfile, Instant resolvedAt, String refreshError, Instant failingSince) {

    /** Whether every part resolved. */
    public boolean ready() {
        return subnets.ok() && securityGroups.ok() && amis.ok() && instanceProfile.ok();
    }

    /** The node class resolved. @throws NodeClassNotReadyException naming the first part that did not resolve */
    public ResolvedNodeClass resolved() {
        for (Part<?> p : List.of(subnets, securityGroups, amis, instanceProfile)) {
            if (!p.ok()) throw new NodeClassNotReadyException(nodeClass.name(), p.error());
        }
        return new ResolvedNodeClass(nodeClass, subnets.value(), securityGroups.value(), amis.value(), instanceProfile.value());
    }
}
