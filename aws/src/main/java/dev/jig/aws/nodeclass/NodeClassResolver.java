package dev.jig.aws.nodeclass;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.model.SelectorTerm;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import dev.jig.aws.sdk.SelectorFilters;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.Subnet;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Resolves a node class's subnet, security group and AMI selector terms and its instance profile
 * ({@code spec.instanceProfile} as it is, or one made for {@code spec.role}). A selector that matches
 * nothing, an alias that cannot be resolved or a role IAM refuses makes the node class not ready,
 * with a message naming the selector or the role: a launch never goes out with an empty list.
 * {@link dev.jig.controller.cloud.CloudOperationException}s (EC2 or IAM unreachable) pass through.
 */
public final class NodeClassResolver {

    private final SubnetProvider subnets;
    private final SecurityGroupProvider securityGroups;
    private final AmiProvider amis;
    private final InstanceProfiles instanceProfiles;

    public NodeClassResolver(SubnetProvider subnets, SecurityGroupProvider securityGroups, AmiProvider amis, InstanceProfiles instanceProfiles) {
        this.subnets = subnets;
        this.securityGroups = securityGroups;
        this.amis = amis;
        this.instanceProfiles = instanceProfiles;
    }

    /** @throws NodeClassNotReadyException naming what did not resolve */
    public ResolvedNodeClass resolve(NodeClass nodeClass) {
        var selectors = nodeClass.selectors();
        List<Subnet> s = subnets.resolve(nonEmpty(nodeClass, "subnetSelectorTerms", selectors.subnets()));
        if (s.isEmpty()) throw noMatch(nodeClass, "subnetSelectorTerms", selectors.subnets());
        List<SecurityGroup> g = securityGroups.resolve(nonEmpty(nodeClass, "securityGroupSelectorTerms", selectors.securityGroups()));
        if (g.isEmpty()) throw noMatch(nodeClass, "securityGroupSelectorTerms", selectors.securityGroups());
        List<Ami> a;
        try {
            a = amis.resolve(nonEmpty(nodeClass, "amiSelectorTerms", selectors.amis()));
        } catch (IllegalArgumentException e) {
            throw new NodeClassNotReadyException(nodeClass.name(), "amiSelectorTerms: " + e.getMessage());
        }
        if (a.isEmpty()) throw noMatch(nodeClass, "amiSelectorTerms", selectors.amis());
        return new ResolvedNodeClass(nodeClass, s, g, a, instanceProfile(nodeClass));
    }

    private String instanceProfile(NodeClass nodeClass) {
        var launch = nodeClass.launch();
        if (launch.instanceProfile() != null) return launch.instanceProfile();
        if (launch.role() == null) throw new NodeClassNotReadyException(nodeClass.name(), "neither spec.role nor spec.instanceProfile is set");
        try {
            return instanceProfiles.ensure(nodeClass.name(), launch.role());
        } catch (IllegalStateException e) {
            throw new NodeClassNotReadyException(nodeClass.name(), "instance profile for role " + launch.role() + ": " + e.getMessage());
        }
    }

    private static List<SelectorTerm> nonEmpty(NodeClass nodeClass, String field, List<SelectorTerm> terms) {
        if (terms.isEmpty()) throw new NodeClassNotReadyException(nodeClass.name(), "spec." + field + " is empty");
        return terms;
    }

    private static NodeClassNotReadyException noMatch(NodeClass nodeClass, String field, List<SelectorTerm> terms) {
        return new NodeClassNotReadyException(nodeClass.name(), "spec." + field + " "
                + terms.stream().map(SelectorFilters::describe).collect(Collectors.joining(", ", "[", "]")) + " matched nothing");
    }
}
