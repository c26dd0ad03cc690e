package dev.jig.controller.cloud;

import java.time.Instant;
import java.util.Objects;

/**
 * A notice from the cloud about one instance: Karpenter's interruption messages (on AWS, EventBridge
 * events delivered through an SQS queue). The controller's interruption reconciler finds the NodeClaim
 * whose provider id ends in {@code /instanceId} and acts on {@link Kind#disrupts()}; then it
 * {@linkplain CloudEventSource#acknowledge acknowledges} the event, acted on or not.
 *
 * @param handle     the source's token to acknowledge this event with (an SQS receipt handle); opaque
 * @param kind       what the cloud announced
 * @param instanceId the cloud's instance id ({@code i-0abc...}, or a simulated id), never a provider id
 * @param time       when the cloud says it happened
 * @param detail     a short human reason for Events and logs, such as the state an instance went to
 */
public record CloudEvent(String handle, Kind kind, String instanceId, Instant time, String detail) {

    public CloudEvent {
        Objects.requireNonNull(handle, "handle");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(time, "time");
        detail = detail == null ? "" : detail;
    }

    /** What the cloud announced, with Karpenter's action for each. */
    public enum Kind {
        /** The instance (spot) is taken back in about two minutes. */
        SPOT_INTERRUPTION("SpotInterrupted", true),
        /** The spot instance is at higher risk of interruption; Karpenter only records it. */
        REBALANCE_RECOMMENDATION("SpotRebalanceRecommendation", false),
        /** The provider schedules maintenance that retires or reboots the instance. */
        SCHEDULED_CHANGE("InstanceScheduledChange", true),
        /** The instance is stopping or stopped. */
        STOPPING("InstanceStopping", true),
        /** The instance is terminating or terminated. */
        TERMINATING("InstanceTerminating", true);

        private final String reason;
        private final boolean disrupts;

        Kind(String reason, boolean disrupts) {
            this.reason = reason;
            this.disrupts = disrupts;
        }

        /** The Event reason and metric label, CamelCase as Karpenter spells them. */
        public String reason() {
            return reason;
        }

        /** Whether the node is cordoned, drained and its NodeClaim deleted (forceful, no budget). */
        public boolean disrupts() {
            return disrupts;
        }
    }

    /** Whether {@code providerId} ({@code <provider>:///<zone>/<id>}) names this event's instance. */
    public boolean concerns(String providerId) {
        return providerId != null && providerId.endsWith("/" + instanceId);
    }
}
