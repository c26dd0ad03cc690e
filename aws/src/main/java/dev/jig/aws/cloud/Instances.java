package dev.jig.aws.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.fleet.LaunchTags;
import dev.jig.aws.instance.Ec2Instance;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeSizing;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns EC2 instances into the port's {@link Instance}: provider id {@code aws:///<zone>/<id>}, the
 * NodeClaim from the {@code karpenter.sh/nodeclaim} tag, the type sized as its node class (the last
 * one seen under the {@code karpenter.k8s.aws/ec2nodeclass} tag's name; AL2023 defaults before any)
 * and the offering it was bought in, priced now. The same instance always converts to the same value.
 */
final class Instances {

    static final String SCHEME = "aws";

    private final Ec2InstanceTypes types;
    private final Map<String, NodeClass> nodeClasses = new ConcurrentHashMap<>();

    Instances(Ec2InstanceTypes types) {
        this.types = types;
    }

    /** Remembers {@code nodeClass} for sizing the instances launched with it. */
    void seen(NodeClass nodeClass) {
        nodeClasses.put(nodeClass.name(), nodeClass);
    }

    static String providerId(String zone, String instanceId) {
        return SCHEME + ":///" + zone + "/" + instanceId;
    }

    /** The instance id in {@code providerId}, or null when it is not an {@code aws:///zone/id}. */
    static String instanceId(String providerId) {
        if (providerId == null || !providerId.startsWith(SCHEME + ":///")) return null;
        String id = providerId.substring(providerId.lastIndexOf('/') + 1);
        return id.startsWith("i-") ? id : null;
    }

    Instance toPort(Ec2Instance i) {
        String nodeClassName = i.tags().getOrDefault(dev.jig.api.karpenter.WellKnownLabels.EC2NODECLASS, "");
        NodeClass nodeClass = nodeClasses.computeIfAbsent(nodeClassName, NodeClass::al2023);
        Offering offering = types.offerings(i.instanceType(), Set.of(i.zone())).stream()
                .filter(o -> o.capacityType().equals(i.capacityType())).findFirst()
                .orElse(new Offering(types.region(), i.zone(), i.capacityType(), 0, false));
        ResolvedInstanceType type = types.of(nodeClass, i.instanceType(), offering);
        if (type == null) return null;
        return instance(i, type, offering);
    }

    /**
     * {@code i} when the catalog does not know its type (a type newer than the bundled catalog, or one the node class
     * no longer allows): it is still the cluster's instance, so it is listed, with its type's name and no capacity,
     * and orphan collection never takes its NodeClaim for one whose instance is gone.
     */
    Instance toPortOfUnknownType(Ec2Instance i) {
        Offering offering = new Offering(types.region(), i.zone(), i.capacityType(), 0, false);
        int dot = i.instanceType().indexOf('.');
        String family = dot < 0 ? i.instanceType() : i.instanceType().substring(0, dot);
        String size = dot < 0 ? "unknown" : i.instanceType().substring(dot + 1);
        InstanceType unknown = new InstanceType(i.instanceType(), family, "unknown", 0, size, 1, 1, "unknown", "unknown", Optional.empty(),
                0, 0, "unknown", false, 0, 0, 0, 0, 0, 0, OptionalDouble.empty());
        ResourceList zero = ResourceList.ZERO;
        ResolvedInstanceType type = new ResolvedInstanceType(unknown, Map.of(WellKnownLabels.INSTANCE_TYPE, i.instanceType()),
                new NodeSizing.Sizing(zero, zero, zero, zero, zero), List.of(offering));
        return instance(i, type, offering);
    }

    private static Instance instance(Ec2Instance i, ResolvedInstanceType type, Offering offering) {
        return new Instance(providerId(i.zone(), i.id()), i.tags().getOrDefault(LaunchTags.NODECLAIM, ""), type, offering,
                i.launchTime(), i.launchTime());
    }
}
