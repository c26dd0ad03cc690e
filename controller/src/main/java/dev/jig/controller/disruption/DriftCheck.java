package dev.jig.controller.disruption;

import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.model.NodeClassHash;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.NodePoolHash;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.Map;
import java.util.Optional;

/**
 * Why a candidate no longer matches what its NodePool would launch today (Karpenter's NodeClaim drift
 * check), first match wins, cheapest checks first:
 * <ol>
 *   <li>{@value #NODEPOOL_DELETED}: its NodePool is gone;</li>
 *   <li>{@value #NODEPOOL_DRIFTED}: the pool's template hash differs from the NodeClaim's ({@link NodePoolHash});</li>
 *   <li>{@value #REQUIREMENTS_DRIFTED}: the Node's labels no longer satisfy the pool's requirements;</li>
 *   <li>{@value #NODECLASS_DRIFT}: the node class's static fields differ from those the NodeClaim launched with
 *       ({@link NodeClassHash});</li>
 *   <li>{@value #INSTANCE_TYPE_NOT_FOUND}: the node class no longer offers its instance type;</li>
 *   <li>whatever the cloud provider's {@code isDrifted} says (node class changes, such as its AMI).</li>
 * </ol>
 */
final class DriftCheck {

    static final String NODEPOOL_DELETED = "NodePoolDeleted";
    static final String NODEPOOL_DRIFTED = "NodePoolDrifted";
    static final String REQUIREMENTS_DRIFTED = "RequirementsDrifted";
    static final String INSTANCE_TYPE_NOT_FOUND = "InstanceTypeNotFound";
    /** The AWS provider's reason for an EC2NodeClass whose static fields changed since the NodeClaim launched. */
    static final String NODECLASS_DRIFT = "NodeClassDrift";

    private DriftCheck() {
    }

    static Optional<String> reason(DisruptionState s, Candidate c) {
        NodePool pool = c.pool();
        if (pool == null) return Optional.of(NODEPOOL_DELETED);
        if (NodePoolHash.drifted(pool, c.claim())) return Optional.of(NODEPOOL_DRIFTED);
        Map<String, String> labels = c.node() != null ? c.node().labels() : c.claim().labels();
        if (NodeRequirements.ofLabels(labels).compatible(NodeRequirements.ofPool(pool.requirements())) != null) {
            return Optional.of(REQUIREMENTS_DRIFTED);
        }
        NodeClass nodeClass = s.snapshot.nodeClasses().get(pool.nodeClassName());
        if (nodeClass == null) return Optional.empty();
        if (NodeClassHash.drifted(nodeClass, c.claim())) return Optional.of(NODECLASS_DRIFT);
        if (c.instanceType() == null) return Optional.of(INSTANCE_TYPE_NOT_FOUND);
        return s.cloud.isDrifted(c.claim(), pool, nodeClass);
    }
}
