package dev.jig.aws.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.fleet.LaunchTags;
import dev.jig.aws.instance.Ec2Instance;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import java.util.Map;
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
        return new Instance(providerId(i.zone(), i.id()), i.tags().getOrDefault(LaunchTags.NODECLAIM, ""), type, offering,
                i.launchTime(), i.launchTime());
    }
}
