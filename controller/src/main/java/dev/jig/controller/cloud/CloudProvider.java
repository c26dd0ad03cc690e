package dev.jig.controller.cloud;

import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.model.NodeClaim;
import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.model.NodePool;

import java.util.List;
import java.util.Optional;

/**
 * What the controller needs from a cloud (Karpenter's CloudProvider): the instance types a pool can
 * launch with their offerings, launching an instance for a NodeClaim, deleting and listing
 * instances. Implementations: {@link SimulatedCloud} for {@code simulate} and tests; the AWS EC2
 * provider comes later and implements the same interface.
 */
public interface CloudProvider {

    /** The instance types {@code nodeClass} can launch, with only the offerings currently available. */
    List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass);

    /**
     * Launches the cheapest available offering the NodeClaim's requirements allow.
     *
     * @throws InsufficientCapacityException when no allowed offering has capacity
     */
    Instance create(NodeClaim claim, NodeClass nodeClass) throws InsufficientCapacityException;

    /** Terminates the instance; deleting an unknown instance is not an error. */
    void delete(String providerId);

    Optional<Instance> get(String providerId);

    List<Instance> list();

    /** The name of the provider, the scheme of its provider ids ({@code sim}, {@code aws}). */
    String name();
}
