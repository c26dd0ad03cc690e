package dev.jig.controller.cloud.sim;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated cloud's drift rule, checked in this order, first match wins:
 * <ol>
 *   <li>{@value #NODE_CLASS_DRIFT} when the NodeClaim names another node class than the one
 *       given, or the node class differs in any field from the one the instance was launched
 *       with (the simulated cloud remembers it, as the EC2 provider keeps a hash of the node
 *       class on the NodeClaim), or the node class no longer offers the instance type in the
 *       NodeClaim's zone and capacity type;</li>
 *   <li>{@value #REQUIREMENTS_DRIFTED} when the NodePool's requirements refuse the NodeClaim's
 *       instance type, zone or capacity type, or any label of its instance type (a pool narrowed
 *       to {@code instance-family In [c6i]} drifts an {@code m5} node).</li>
 * </ol>
 * Capacity does not count: an offering out of capacity is unavailable, not drifted. A NodeClaim
 * that has not launched never drifts. The rule is a pure function of its arguments.
 */
final class SimulatedDrift {

    static final String NODE_CLASS_DRIFT = "NodeClassDrift";
    static final String REQUIREMENTS_DRIFTED = "RequirementsDrifted";

    private SimulatedDrift() {
    }

    /**
     * @param launchedWith the node class the instance was launched with, or null when the cloud
     *                     does not know the instance (then only the offering is compared)
     */
    static Optional<String> reason(NodeClaim claim, NodePool pool, NodeClass nodeClass, NodeClass launchedWith,
                                   InstanceTypeResolver resolver) {
        NodeClaim.Status s = claim.status();
        if (s == null) return Optional.empty();
        if (!claim.nodeClass().equals(nodeClass.name()) || (launchedWith != null && !launchedWith.equals(nodeClass))) {
            return Optional.of(NODE_CLASS_DRIFT);
        }
        List<ResolvedInstanceType> types = resolver.resolve(nodeClass, List.of(s.instanceType()));
        if (types.isEmpty() || !offers(types.get(0), s.zone(), s.capacityType())) return Optional.of(NODE_CLASS_DRIFT);
        Map<String, String> labels = new HashMap<>(types.get(0).labels());
        labels.put(WellKnownLabels.INSTANCE_TYPE, s.instanceType());
        labels.put(WellKnownLabels.ZONE, s.zone());
        labels.put(WellKnownLabels.CAPACITY_TYPE, s.capacityType());
        for (NodeRequirement r : NodeRequirements.ofPool(pool.requirements()).all()) {
            String value = labels.get(r.key());
            if (value != null && !r.allows(value)) return Optional.of(REQUIREMENTS_DRIFTED);
        }
        return Optional.empty();
    }

    private static boolean offers(ResolvedInstanceType type, String zone, String capacityType) {
        for (Offering o : type.offerings()) if (o.zone().equals(zone) && o.capacityType().equals(capacityType)) return true;
        return false;
    }
}
