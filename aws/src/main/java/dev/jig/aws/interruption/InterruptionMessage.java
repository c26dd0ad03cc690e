package dev.jig.aws.interruption;

import dev.jig.controller.cloud.CloudEvent;

import java.util.List;

/**
 * What one message of the interruption queue says, read by {@link InterruptionMessages}: cloud events
 * to act on, a well-formed event Jig does not act on, or something that is not an EventBridge event
 * Jig knows how to read. Only the first keeps its message on the queue until acknowledged.
 */
public sealed interface InterruptionMessage {

    /** The {@code message_type} metric label. */
    String type();

    /** One event per affected instance (a Health event may name several). */
    record Events(String type, List<CloudEvent> events) implements InterruptionMessage {
        public Events {
            events = List.copyOf(events);
        }
    }

    /** A well-formed event with nothing to do: another source or detail-type, a state such as running, another service's Health event. */
    record Ignored(String type, String why) implements InterruptionMessage {
    }

    /** Not JSON, or an event without the fields AWS documents for it. */
    record Malformed(String why) implements InterruptionMessage {
        @Override
        public String type() {
            return "Malformed";
        }
    }
}
