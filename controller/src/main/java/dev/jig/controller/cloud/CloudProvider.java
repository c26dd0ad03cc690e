package dev.jig.controller.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;

import java.util.List;
import java.util.Optional;

/**
 * The port between the controller and a cloud (Karpenter's {@code CloudProvider}). The controller
 * decides which nodes it needs; a provider turns those decisions into instances and tells what
 * exists. The method docs below are the contract: every implementation keeps them, and
 * {@code CloudProviderContract} in the tests checks them. Implementations: {@link SimulatedCloud}
 * for {@code simulate} and tests, and the EC2 provider in the {@code aws} module.
 *
 * <p>Failures are {@link CloudProviderException}s, a sealed set of outcomes: a caller acts on the
 * type (not found, insufficient capacity, node class not ready) and, for anything else, on
 * {@link CloudProviderException#retryable()}. Any method may throw a {@link CloudOperationException}
 * when the cloud cannot be asked; callers on the reconcile path let it propagate, and the loop tries
 * again on its next tick. Implementations are thread-safe.
 */
public interface CloudProvider {

    /**
     * Every instance type {@code nodeClass} can launch for {@code pool}, each with the offerings
     * that are available now. Offerings known to be out of capacity are left out; an instance type
     * is still returned when none of its offerings is available, so that callers can tell "no
     * capacity" from "no such type". The answer changes over time as capacity comes and goes, so
     * callers ask once per scheduling run and do not keep it.
     *
     * @throws CloudOperationException when the instance types cannot be read
     */
    List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass);

    /**
     * Launches one instance for {@code claim}: the cheapest available offering whose instance type,
     * zone and capacity type the NodeClaim's requirements allow and whose allocatable fits its
     * requests. On return the instance exists and {@link #get} and {@link #list} show it; its
     * kubelet registers a Node later.
     *
     * <p>Not idempotent: two calls for the same NodeClaim may launch two instances. The caller must
     * remember what it launched until its own view shows the launch; an instance launched twice is
     * still listed and can be collected as an orphan.
     *
     * @throws InsufficientCapacityException when no allowed offering had capacity; the offerings
     *                                       that ran out are in the exception, and the NodeClaim
     *                                       should be deleted so its pods are planned again
     * @throws NodeClassNotReadyException    when {@code nodeClass} cannot launch yet
     * @throws CloudOperationException       for any other failure, transient or permanent
     */
    Instance create(NodeClaim claim, NodeClass nodeClass);

    /**
     * Starts terminating the instance {@code providerId}. Returning normally means termination was
     * triggered, not that the instance is gone: it may still be shutting down, and {@link #get} and
     * {@link #list} may still show it. Callers that need it gone call {@code delete} again until it
     * throws {@link NodeClaimNotFoundException}, which is the only proof that the instance no longer
     * exists. Safe to repeat: a second call for the same id either triggers nothing new or throws
     * not found.
     *
     * @throws NodeClaimNotFoundException when the instance is already terminated or was never
     *                                    launched by this provider; callers treat it as success
     * @throws CloudOperationException    when termination could not be triggered
     */
    void delete(String providerId);

    /**
     * The instance {@code providerId}, or empty when this provider has no such instance (never
     * launched, or terminated). Unknown ids are an empty answer, not a {@link NodeClaimNotFoundException}.
     * An instance that is shutting down may still be returned.
     *
     * @throws CloudOperationException when the cloud cannot be asked
     */
    Optional<Instance> get(String providerId);

    /**
     * Every instance this provider launched for this cluster that is not yet terminated, whether
     * or not its NodeClaim still exists: an instance whose NodeClaim is gone is an orphan, and
     * garbage collection finds orphans only through this list. Instances the provider did not
     * launch (other clusters, other tools) are never included, so that garbage collection cannot
     * terminate them. Order is not specified.
     *
     * @throws CloudOperationException when the cloud cannot be asked; callers must then not
     *                                 conclude that any instance is gone
     */
    List<Instance> list();

    /**
     * Whether the instance behind {@code claim} no longer matches what {@code pool} and
     * {@code nodeClass} would launch today, and why (Karpenter's {@code IsDrifted}, which returns a
     * drift reason). Empty when it matches, and for a NodeClaim that has not launched. A drifted
     * NodeClaim is replaced by disruption; the reason is a short CamelCase word, such as
     * {@code NodeClassDrift}, that ends up in a status condition and in the timeline. The answer
     * must be deterministic for the same inputs and cloud state, so that disruption does not flap.
     *
     * @throws CloudOperationException when the cloud cannot be asked
     */
    Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass);

    /** The name of the provider, the scheme of its provider ids ({@code sim}, {@code aws}). */
    String name();

    /**
     * A number that moves whenever the offerings {@link #instanceTypes} answers with may have changed without any
     * object in the cluster changing (an offering marked out of capacity, such a mark expired): disruption's
     * consolidated memo keys on it. 0 for a cloud that does not track it (the memo then revalidates after 5 minutes).
     */
    default long offeringsVersion() {
        return 0;
    }

    /**
     * The cloud said an offering has no capacity now without a launch failing: a spot interruption warning for an
     * instance of it (Karpenter's interruption controller marks the offering {@code SpotInterruption}). The
     * offering is left out of {@link #instanceTypes} for a while, as after an insufficient-capacity error, so the
     * replacement is not planned onto the capacity being taken back. Nothing for a cloud that does not track it.
     */
    default void markUnavailable(String instanceType, String zone, String capacityType) {
    }
}
