package dev.jig.controller.interruption;

import dev.jig.controller.cloud.CloudEvent;

/**
 * Where the interruption reconciler counts what it handled, for the metrics adapter. Named after the AWS
 * provider's {@code interruption_received_messages_total} and {@code interruption_deleted_messages_total}.
 */
public interface InterruptionMetrics {

    /** An event arrived; {@code known} says whether a NodeClaim owns its instance. */
    void received(CloudEvent.Kind kind, boolean known);

    /** An event was acknowledged (removed from its source for good). */
    void acknowledged(CloudEvent.Kind kind);

    /** The source could not be read or written ({@code receive} or {@code acknowledge}); it is tried again next tick. */
    void sourceFailed(String operation);

    /** Counts nothing (simulate, tests). */
    InterruptionMetrics NONE = new InterruptionMetrics() {
        @Override
        public void received(CloudEvent.Kind kind, boolean known) {
        }

        @Override
        public void acknowledged(CloudEvent.Kind kind) {
        }

        @Override
        public void sourceFailed(String operation) {
        }
    };
}
