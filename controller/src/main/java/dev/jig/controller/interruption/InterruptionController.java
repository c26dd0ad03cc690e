package dev.jig.controller.interruption;

import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ObjectEvent;
import dev.jig.controller.model.Toleration;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Interruption, a {@link Reconciler} (Karpenter AWS's interruption controller, against the cloud-neutral
 * {@link CloudEventSource}): each tick it receives the cloud's events, finds the NodeClaim whose provider id the
 * event {@linkplain CloudEvent#concerns concerns}, records the event's reason as an Event on its Node and
 * NodeClaim, and for a kind that {@linkplain CloudEvent.Kind#disrupts disrupts}: taints its Node
 * {@code karpenter.sh/disrupted:NoSchedule} (as disruption does, so nothing new lands there), asks for the NodeClaim's
 * deletion at once (forceful, no budget, no do-not-disrupt; termination drains it) and hands the NodeClaims to
 * {@code replace}, the provisioner's {@code provisionFor}, which plans their pods as pending at once: the
 * replacement launches while the node drains, not after its pods come back pending. Every event is then
 * acknowledged, acted on or not; one for an instance no NodeClaim owns is acknowledged and counted. When the source cannot be read the reconcile
 * logs it and tries again next tick; an acknowledgement that fails leaves the event to come again, which is
 * harmless (deleting a deleting NodeClaim does nothing).
 */
public final class InterruptionController implements Reconciler {
    // Threads: runs on its own worker, which alone touches retry. It deletes first and only then calls replace (the
    // provisioner's lock), so a warning is acted on even while a scheduling run holds that lock.

    private static final Taint DISRUPTED = new Taint(TaintKeys.DISRUPTED, null, Toleration.NO_SCHEDULE);

    private final Cluster cluster;
    private final CloudEventSource source;
    private final Clock clock;
    private final Timeline log;
    private final InterruptionMetrics metrics;
    private final Consumer<List<String>> replace;
    private final CloudProvider cloud;

    /** An interruption controller that taints and deletes, and leaves the pods to the provisioner's next batch. */
    public InterruptionController(Cluster cluster, CloudEventSource source, Clock clock, Timeline log, InterruptionMetrics metrics) {
        this(cluster, source, clock, log, metrics, claims -> { });
    }

    /** @param replace plans the pods of the NodeClaims just asked to go, at once (the provisioner's {@code provisionFor}) */
    public InterruptionController(Cluster cluster, CloudEventSource source, Clock clock, Timeline log, InterruptionMetrics metrics,
                                  Consumer<List<String>> replace) {
        this(cluster, source, clock, log, metrics, replace, null);
    }

    /**
     * @param cloud told of each spot-interrupted offering before the replacement is planned
     *              ({@link CloudProvider#markUnavailable}); null for none
     */
    public InterruptionController(Cluster cluster, CloudEventSource source, Clock clock, Timeline log, InterruptionMetrics metrics,
                                  Consumer<List<String>> replace, CloudProvider cloud) {
        this.cloud = cloud;
        this.replace = replace;
        this.cluster = cluster;
        this.source = source;
        this.clock = clock;
        this.log = log;
        this.metrics = metrics;
    }

    /** Events received but not acted on (an API error): handled again before the source is asked for more. */
    private final List<CloudEvent> retry = new ArrayList<>();

    @Override
    public String name() {
        return "interruption";
    }

    @Override
    public void reconcile() {
        // a source may hand an unacknowledged event out again: the set keeps one of each
        java.util.Set<CloudEvent> events = new java.util.LinkedHashSet<>(retry);
        retry.clear();
        try {
            events.addAll(source.receive());
        } catch (CloudOperationException e) {
            metrics.sourceFailed("receive");
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.INTERRUPTION, "source",
                    "cannot receive cloud events: " + e.getMessage() + "; will retry"));
        }
        if (events.isEmpty()) return;
        var snapshot = cluster.snapshot();
        List<NodeClaim> claims = snapshot.nodeClaims();
        Set<String> nodes = new java.util.HashSet<>();
        snapshot.nodes().forEach(n -> nodes.add(n.name()));
        List<String> going = new ArrayList<>();
        for (CloudEvent e : events) {
            try {
                handle(e, claims, nodes, going);
            } catch (RuntimeException failure) {
                // not acknowledged: kept here and handled first on the next tick (a spot warning gives two minutes)
                retry.add(e);
                metrics.sourceFailed("handle");
                log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.INTERRUPTION, e.instanceId(),
                        "cannot act on " + e.kind().reason() + ": " + failure.getMessage() + "; will retry next tick"));
            }
        }
        if (going.isEmpty()) return;
        try {
            replace.accept(going);
        } catch (RuntimeException e) {
            // the deletions stand: the provisioner's next batch plans the pods of deleting nodes anyway
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.INTERRUPTION, String.join(",", going),
                    "replacement not launched at once: " + e.getMessage() + "; the next batch plans the pods"));
        }
    }

    private void handle(CloudEvent event, List<NodeClaim> claims, Set<String> nodes, List<String> going) {
        Instant now = clock.instant();
        NodeClaim claim = owner(event, claims);
        metrics.received(event.kind(), claim != null);
        String what = event.kind().reason() + (event.detail().isEmpty() ? "" : " (" + event.detail() + ")");
        if (claim == null) {
            log.record(new TimelineEvent(now, TimelineEvent.Kind.INTERRUPTION, event.instanceId(), what + ": no NodeClaim owns this instance; acknowledged"));
        } else {
            String node = claim.status().nodeName();
            String action = event.kind().disrupts() ? (claim.deleting() ? "already deleting" : "deleting the NodeClaim") : "no action";
            ObjectEvent.onNodeAndClaim(node, claim.name(), event.kind().disrupts() ? ObjectEvent.WARNING : ObjectEvent.NORMAL, event.kind().reason(),
                    interruptionMessage(event)).forEach(cluster::publish);
            if (cloud != null && event.kind() == CloudEvent.Kind.SPOT_INTERRUPTION && claim.status().instanceType() != null) {
                // before the replacement is planned: the spot capacity of this offering is being taken back
                cloud.markUnavailable(claim.status().instanceType(), claim.status().zone(), claim.status().capacityType());
            }
            if (event.kind().disrupts() && !claim.deleting()) {
                if (node != null && nodes.contains(node)) taint(claim, node);
                cluster.requestDeletion(claim);
                going.add(claim.name());
            }
            log.record(new TimelineEvent(now, TimelineEvent.Kind.INTERRUPTION, claim.name(), what + " for " + event.instanceId() + ": " + action));
        }
        try {
            source.acknowledge(event);
            metrics.acknowledged(event.kind());
        } catch (CloudOperationException e) {
            metrics.sourceFailed("acknowledge");
            log.record(new TimelineEvent(now, TimelineEvent.Kind.INTERRUPTION, event.instanceId(),
                    "cannot acknowledge " + event.kind().reason() + ": " + e.getMessage() + "; it will come again"));
        }
    }

    /** Taints the Node as disruption does; a Node that cannot be edited (gone, API error) does not stop the deletion. */
    private void taint(NodeClaim claim, String node) {
        try {
            cluster.editNode(node, Map.of(), Set.of(), List.of(DISRUPTED));
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.NODE_TAINTED, node,
                    "tainted " + TaintKeys.DISRUPTED + ":NoSchedule for " + claim.name()));
        } catch (RuntimeException e) {
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.INTERRUPTION, claim.name(),
                    "cannot taint node " + node + ": " + e.getMessage() + "; termination taints it"));
        }
    }

    private static NodeClaim owner(CloudEvent event, List<NodeClaim> claims) {
        for (NodeClaim c : claims) if (c.status() != null && event.concerns(c.status().providerId())) return c;
        return null;
    }

    /** Karpenter's wording: {@code Spot interruption warning was triggered} and the like, plus the cloud's detail. */
    private static String interruptionMessage(CloudEvent event) {
        String text = switch (event.kind()) {
            case SPOT_INTERRUPTION -> "Spot interruption warning was triggered";
            case REBALANCE_RECOMMENDATION -> "Spot rebalance recommendation was triggered";
            case SCHEDULED_CHANGE -> "Scheduled change was triggered";
            case STOPPING -> "Instance is stopping";
            case TERMINATING -> "Instance is terminating";
        };
        return event.detail().isEmpty() ? text : text + ": " + event.detail();
    }
}
