package dev.jig.aws.nodeclass;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.model.SelectorTerm;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.Subnet;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import java.util.ArrayList;
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
        return new ResolvedNodeClass(nodeClass, subnets(nodeClass), securityGroups(nodeClass), amis(nodeClass), instanceProfile(nodeClass));
    }

    /** The selected subnets; never empty. */
    public List<Subnet> subnets(NodeClass nodeClass) {
        List<SelectorTerm> terms = nodeClass.selectors().subnets();
        List<Subnet> s = subnets.resolve(nonEmpty(nodeClass, "subnetSelectorTerms", terms));
        if (s.isEmpty()) throw noMatch(nodeClass, "subnetSelectorTerms", terms);
        return s;
    }

    /** The selected security groups; never empty. */
    public List<SecurityGroup> securityGroups(NodeClass nodeClass) {
        List<SelectorTerm> terms = nodeClass.selectors().securityGroups();
        List<SecurityGroup> g = securityGroups.resolve(nonEmpty(nodeClass, "securityGroupSelectorTerms", terms));
        if (g.isEmpty()) throw noMatch(nodeClass, "securityGroupSelectorTerms", terms);
        return g;
    }

    /** The selected AMIs, one per architecture; never empty. */
    public List<Ami> amis(NodeClass nodeClass) {
        List<SelectorTerm> terms = nodeClass.selectors().amis();
        List<Ami> a;
        try {
            a = amis.resolve(nonEmpty(nodeClass, "amiSelectorTerms", terms));
        } catch (IllegalArgumentException e) {
            throw new NodeClassNotReadyException(nodeClass.name(), "spec.amiSelectorTerms: " + e.getMessage());
        }
        if (a.isEmpty()) throw noMatch(nodeClass, "amiSelectorTerms", terms);
        return a;
    }

    /** {@code spec.instanceProfile}, or the one made for {@code spec.role}. */
    public String instanceProfile(NodeClass nodeClass) {
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
                + terms.stream().map(NodeClassResolver::describe).collect(Collectors.joining(", ", "[", "]")) + " matched nothing");
    }

    /** The term as a user wrote it, for messages: {@code {tags: {k: v}, id: …}}. */
    static String describe(SelectorTerm term) {
        List<String> parts = new ArrayList<>();
        if (!term.tags().isEmpty()) parts.add("tags: " + term.tags());
        if (term.id() != null) parts.add("id: " + term.id());
        if (term.name() != null) parts.add("name: " + term.name());
        if (term.alias() != null) parts.add("alias: " + term.alias());
        if (term.owner() != null) parts.add("owner: " + term.owner());
        if (term.ssmParameter() != null) parts.add("ssmParameter: " + term.ssmParameter());
        return "{" + String.join(", ", parts) + "}";
    }
}
