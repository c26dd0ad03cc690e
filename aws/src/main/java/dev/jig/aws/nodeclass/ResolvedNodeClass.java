package dev.jig.aws.nodeclass;

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

    /** The AMI for {@code architecture} ({@code amd64}, {@code arm64}), or null. */
    public Ami ami(String architecture) {
        for (Ami a : amis) if (a.architecture().equals(architecture)) return a;
        return null;
    }
}
