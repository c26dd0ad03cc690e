package dev.jig.controller.state;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The controller's port to the Kubernetes API: read a snapshot, write NodeClaims (spec and status)
 * and the labels and taints Karpenter manages on Nodes. Implemented by the fabric8 adapter and by
 * the in-memory cluster of {@code simulate}.
 */
public interface Cluster {

    ClusterSnapshot snapshot();

    /**
     * A number that changes whenever an object a snapshot holds is added, changed or removed, whatever its kind.
     * Two reads that return the same generation saw the same objects, so a reader may skip work it already did for
     * that generation (disruption's consolidated memo). It says nothing about time: work that depends on the clock
     * (a window that opens, a TTL that ends) must be judged apart.
     */
    long generation();

    void create(NodeClaim claim);

    /** Replaces the NodeClaim's labels and status. */
    void update(NodeClaim claim);

    /**
     * Sets one status condition of the NodeClaim, or removes it when {@code condition} is null, and leaves the rest of
     * its status as it is now (another reconciler may have written it since this one's snapshot).
     */
    void nodeClaimCondition(String claim, String type, NodeClaim.Condition condition);

    /** Removes the NodeClaim (its instance is already gone). */
    void delete(NodeClaim claim);

    /**
     * Asks for the NodeClaim's deletion, whoever asks (disruption, interruption): with the
     * {@code karpenter.sh/termination} finalizer the API server only marks it deleting and the Terminator cordons,
     * drains and terminates it (in {@code run} and {@code simulate}); without (a lifecycle built without it), it is marked deleting and the
     * lifecycle terminates its instance, then removes it. A NodeClaim already deleting is left alone.
     */
    default void requestDeletion(NodeClaim claim) {
        if (claim.deleting()) return;
        if (claim.hasFinalizer(dev.jig.api.karpenter.Finalizers.TERMINATION)) delete(claim);
        else update(claim.markDeleting());
    }

    /** Replaces the Node's labels and taints (the simulated kubelet's write; the controller uses {@link #editNode}). */
    void update(Node node);

    /**
     * Edits the live Node as Karpenter's registration does: sets the given labels, removes the
     * taints with the given keys and adds the given taints it lacks (same key and effect). Labels and
     * taints others set since the snapshot stay: a write from a stale model must not drop them.
     */
    void editNode(String name, Map<String, String> labels, Set<String> removeTaintKeys, List<Taint> addTaints);

    /**
     * Calls {@code listener} after an unbound pod was added or changed, once the snapshot can show it: a pod that may
     * need capacity, so that {@code run} wakes provisioning at once rather than at its next tick. The listener must not
     * block (it runs on the thread that delivered the change).
     */
    default void onUnboundPod(Runnable listener) {
    }

    /** Adds {@code annotations} to the Node's, replacing values of the same keys (Karpenter copies the NodeClaim's at registration). */
    void annotateNode(String name, Map<String, String> annotations);

    /**
     * Asks the Eviction API to evict {@code pod}: PodDisruptionBudgets apply, and a budget that
     * allows no disruption now answers {@link Eviction.Outcome#BLOCKED_BY_PDB}. Never throws for an
     * API failure; the outcome carries it.
     */
    Eviction evict(Pod pod);

    /** Deletes {@code pod} without the Eviction API (a drain whose grace period ran out); a missing pod is no error. */
    void deletePod(Pod pod);

    /**
     * Removes {@code finalizer} from the NodeClaim. A NodeClaim that is being deleted goes once its
     * last finalizer is gone (the API server's rule).
     */
    void removeFinalizer(NodeClaim claim, String finalizer);

    /**
     * Sets {@code status.lastPodEventTime} of the NodeClaim to {@code at} and nothing else (Karpenter's pod-events
     * write): a write of the whole status from a stale snapshot could take back conditions others set since.
     */
    void stampPodEvent(NodeClaim claim, java.time.Instant at);

    /**
     * Nominates the pending {@code pod} to {@code node} (KEP-5278's {@code status.nominatedNodeName}), or clears Jig's
     * nomination when {@code node} is null. Only that status field changes, on the pod of {@code pod.uid()} alone: a
     * missing pod, or one bound meanwhile, is no error and is {@link Nomination#SKIPPED}. Other failures throw (a
     * replaced pod's uid precondition among them); the caller counts them and goes on with other pods.
     */
    Nomination nominate(Pod pod, String node);

    /** What {@link #nominate} did. */
    enum Nomination {
        /** The nomination was written. */
        WRITTEN,
        /** The same write was sent moments ago and the cache has not shown it yet: not sent again, it stands. */
        ALREADY_SENT,
        /** Nothing written: the pod is gone or bound. */
        SKIPPED
    }

    /** Records a Kubernetes Event on a Node or NodeClaim. Never throws: an Event is worth a log line, not a failed reconcile. */
    void publish(ObjectEvent event);

    /** Deletes the Node {@code name}, removing {@code finalizer} from it first so it goes now; a missing Node is no error. */
    void deleteNode(String name, String finalizer);

    /** The taints of {@link #editNode}: {@code live} without {@code remove} keys, plus the missing {@code add}. */
    static List<Taint> editedTaints(List<Taint> live, Set<String> remove, List<Taint> add) {
        List<Taint> out = new java.util.ArrayList<>();
        for (Taint t : live) if (!remove.contains(t.key())) out.add(t);
        for (Taint t : add) {
            if (out.stream().noneMatch(o -> o.key().equals(t.key()) && o.effect().equals(t.effect()))) out.add(t);
        }
        return out;
    }
}
