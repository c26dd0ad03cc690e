package dev.jig.aws.cloud;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.instance.Ec2Instance;
import dev.jig.aws.nodeclass.ResolvedNodeClass;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.subnet.Subnet;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Why a running instance no longer matches what its node class and pool would launch today,
 * checked in Karpenter's order, first match wins: {@value #AMI} (its AMI is no longer among the
 * resolved AMIs), {@value #SUBNET} (its subnet is no longer selected), {@value #SECURITY_GROUP}
 * (its security groups differ from the selected ones), {@value #REQUIREMENTS} (the pool's
 * requirements refuse its type, zone, capacity type or a label of its type). Pure.
 */
final class Drift {

    static final String AMI = "AMIDrift";
    static final String SUBNET = "SubnetDrift";
    static final String SECURITY_GROUP = "SecurityGroupDrift";
    static final String REQUIREMENTS = "RequirementsDrifted";

    private Drift() {
    }

    static Optional<String> reason(Ec2Instance instance, ResolvedInstanceType type, NodePool pool, ResolvedNodeClass node) {
        if (node.amis().stream().map(Ami::id).noneMatch(instance.imageId()::equals)) return Optional.of(AMI);
        if (node.subnets().stream().map(Subnet::id).noneMatch(instance.subnetId()::equals)) return Optional.of(SUBNET);
        Set<String> groups = new HashSet<>(node.securityGroups().stream().map(SecurityGroup::id).toList());
        if (!groups.equals(new HashSet<>(instance.securityGroupIds()))) return Optional.of(SECURITY_GROUP);
        Map<String, String> labels = new HashMap<>(type == null ? Map.of() : type.labels());
        labels.put(WellKnownLabels.INSTANCE_TYPE, instance.instanceType());
        labels.put(WellKnownLabels.ZONE, instance.zone());
        labels.put(WellKnownLabels.CAPACITY_TYPE, instance.capacityType());
        for (NodeRequirement r : NodeRequirements.ofPool(pool.requirements()).all()) {
            String value = labels.get(r.key());
            if (value != null && !r.allows(value)) return Optional.of(REQUIREMENTS);
        }
        return Optional.empty();
    }
}
