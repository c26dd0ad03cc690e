package dev.jig.controller.cloud;

import java.util.List;

/**
 * Where cloud events come from: an SQS queue on AWS, an in-memory queue in the simulated cloud. A
 * source never retries an event for ever: what it cannot parse it drops (and counts) itself, and what
 * it hands out stays pending until {@link #acknowledge}d, so that a controller that dies mid-way sees
 * it again.
 */
public interface CloudEventSource {

    /**
     * The events that are ready now, possibly after a short wait (long polling); empty when none.
     *
     * @throws CloudOperationException when the source cannot be read; the caller tries again later
     */
    List<CloudEvent> receive();

    /**
     * Removes a handled event for good. Safe to repeat.
     *
     * @throws CloudOperationException when the source cannot be written; the event comes again
     */
    void acknowledge(CloudEvent event);

    /** A source that never has events, for clouds without an interruption feed. */
    CloudEventSource NONE = new CloudEventSource() {
        @Override
        public List<CloudEvent> receive() {
            return List.of();
        }

        @Override
        public void acknowledge(CloudEvent event) {
        }
    };
}
