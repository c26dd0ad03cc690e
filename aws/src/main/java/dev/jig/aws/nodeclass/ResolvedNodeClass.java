package dev.jig.aws.nodeclass;

import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.subnet.Subnet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A node class with its selectors resolved to EC2 resources: what a launch uses and what
 * {@code status} shows. Never empty: resolution fails instead (see {@link NodeClassResolver}).
 */
public record ResolvedNodeClass(NodeClass nodeClass, List<Subnet> subnets, List<SecurityGroup> securityGroups, List<Ami> amis,
                                String instanceProfile) {

    public ResolvedNodeClass {
        subnets = List.copyOf(subnets);
        securityGroups = List.copyOf(securityGroups);
        amis = List.copyOf(amis);
    }

    /** The zones the node class has subnets in. */
    public Set<String> zones() {
        Set<String> zones = new TreeSet<>();
        for (Subnet s : subnets) zones.add(s.zone());
        return zones;
    }

    /**
     * The AMI that launches {@code type}, or null: of its architecture, and of a variant that fits it
     * (nvidia or neuron AMIs for accelerated types only, standard ones for the others; see
     * {@link dev.jig.aws.ami.AmiVariant}).
     */
    public Ami ami(InstanceType type) {
        for (Ami a : amis) if (a.launches(type)) return a;
        return null;
    }
}
