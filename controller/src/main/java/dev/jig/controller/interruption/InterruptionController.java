package dev.jig.controller.interruption;

import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ObjectEvent;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Interruption, a {@link Reconciler} (Karpenter AWS's interruption controller, against the cloud-neutral
 * {@link CloudEventSource}): each tick it receives the cloud's events, finds the NodeClaim whose provider id the
 * event {@linkplain CloudEvent#concerns concerns}, records the event's reason as an Event on its Node and
 * NodeClaim, and for a kind that {@linkplain CloudEvent.Kind#disrupts disrupts} asks for the NodeClaim's deletion
 * at once: forceful, no budget, no do-not-disrupt (termination cordons and drains; the provisioner launches a
 * replacement for the pods as they come back pending). Every event is then acknowledged, acted on or not; one
 * for an instance no NodeClaim owns is acknowledged and counted. When the source cannot be read the reconcile
 * logs it and tries again next tick; an acknowledgement that fails leaves the event to come again, which is
 * harmless (deleting a deleting NodeClaim does nothing).
 */
public final class InterruptionController implements Reconciler {

    private final Cluster cluster;
    private final CloudEventSource source;
    private final Clock clock;
    private final Timeline log;
    private final InterruptionMetrics metrics;

    public InterruptionController(Cluster cluster, CloudEventSource source, Clock clock, Timeline log, InterruptionMetrics metrics) {
        this.cluster = cluster;
        this.source = source;
        this.clock = clock;
        this.log = log;
        this.metrics = metrics;
    }

    @Override
    public String name() {
        return "interruption";
    }

    @Override
    public void reconcile() {
        List<CloudEvent> events;
        try {
            events = source.receive();
        } catch (CloudOperationException e) {
            metrics.sourceFailed("receive");
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.INTERRUPTION, "source",
                    "cannot receive cloud events: " + e.getMessage() + "; will retry"));
            return;
        }
        if (events.isEmpty()) return;
        List<NodeClaim> claims = cluster.snapshot().nodeClaims();
        for (CloudEvent e : events) handle(e, claims);
    }

    private void handle(CloudEvent event, List<NodeClaim> claims) {
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
            if (event.kind().disrupts()) cluster.requestDeletion(claim);
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
