package dev.jig.aws.interruption;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEvent.Kind;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the EventBridge events an interruption queue receives, shaped as AWS documents them (version
 * {@code 0}, {@code source}, {@code detail-type}, {@code time}, {@code detail}), into cloud events, as
 * Karpenter's interruption parsers do:
 * <ul>
 *   <li>{@code aws.ec2} "EC2 Spot Instance Interruption Warning" → {@link Kind#SPOT_INTERRUPTION};</li>
 *   <li>{@code aws.ec2} "EC2 Instance Rebalance Recommendation" → {@link Kind#REBALANCE_RECOMMENDATION};</li>
 *   <li>{@code aws.health} "AWS Health Event" of service {@code EC2} and category {@code scheduledChange} →
 *       {@link Kind#SCHEDULED_CHANGE}, one per affected instance;</li>
 *   <li>{@code aws.ec2} "EC2 Instance State-change Notification" → {@link Kind#STOPPING} for stopping and
 *       stopped, {@link Kind#TERMINATING} for shutting-down and terminated; other states are ignored.</li>
 * </ul>
 * Pure: no I/O, no clock.
 */
public final class InterruptionMessages {

    static final String SPOT = "EC2 Spot Instance Interruption Warning";
    static final String REBALANCE = "EC2 Instance Rebalance Recommendation";
    static final String HEALTH = "AWS Health Event";
    static final String STATE_CHANGE = "EC2 Instance State-change Notification";

    private static final ObjectMapper JSON = new ObjectMapper();

    private InterruptionMessages() {
    }

    /** Reads {@code body}; every event it yields carries {@code handle}. */
    public static InterruptionMessage parse(String body, String handle) {
        JsonNode event;
        try {
            event = body == null ? null : JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return new InterruptionMessage.Malformed("not JSON: " + e.getOriginalMessage());
        }
        if (event == null || !event.isObject()) {
            return new InterruptionMessage.Malformed("not a JSON object");
        }
        String source = event.path("source").asText("");
        String detailType = event.path("detail-type").asText("");
        if (source.isEmpty() || detailType.isEmpty() || !event.path("detail").isObject()) {
            return new InterruptionMessage.Malformed("not an EventBridge event: source, detail-type or detail is missing");
        }
        // every EventBridge event carries version 0; some of AWS's documented examples leave it out
        String version = event.path("version").asText("0");
        if (!version.equals("0")) {
            return new InterruptionMessage.Ignored("Unknown", "event version '" + version + "' of " + source + " '" + detailType + "'");
        }
        Instant time;
        try {
            time = Instant.parse(event.path("time").asText(""));
        } catch (DateTimeParseException e) {
            return new InterruptionMessage.Malformed(source + " '" + detailType + "' has no valid time: '" + event.path("time").asText("") + "'");
        }
        JsonNode detail = event.path("detail");
        Reader reader = new Reader(handle, time, source, detailType, detail);
        return switch (source + "|" + detailType) {
            case "aws.ec2|" + SPOT -> reader.single(Kind.SPOT_INTERRUPTION, "instance-action: " + detail.path("instance-action").asText("unknown"));
            case "aws.ec2|" + REBALANCE -> reader.single(Kind.REBALANCE_RECOMMENDATION, "rebalance recommendation");
            case "aws.ec2|" + STATE_CHANGE -> reader.stateChange();
            case "aws.health|" + HEALTH -> reader.health();
            default -> new InterruptionMessage.Ignored("Unknown", source + " '" + detailType + "'");
        };
    }

    private record Reader(String handle, Instant time, String source, String detailType, JsonNode detail) {

        InterruptionMessage single(Kind kind, String why) {
            String instance = detail.path("instance-id").asText("");
            if (instance.isEmpty()) {
                return new InterruptionMessage.Malformed(source + " '" + detailType + "' has no detail.instance-id");
            }
            return new InterruptionMessage.Events(kind.reason(), List.of(new CloudEvent(handle, kind, instance, time, why)));
        }

        InterruptionMessage stateChange() {
            String state = detail.path("state").asText("").toLowerCase(Locale.ROOT);
            return switch (state) {
                case "stopping", "stopped" -> single(Kind.STOPPING, "state: " + state);
                case "shutting-down", "terminated" -> single(Kind.TERMINATING, "state: " + state);
                case "" -> new InterruptionMessage.Malformed(source + " '" + detailType + "' has no detail.state");
                default -> new InterruptionMessage.Ignored("Unknown", "instance state '" + state + "'");
            };
        }

        InterruptionMessage health() {
            String service = detail.path("service").asText("");
            String category = detail.path("eventTypeCategory").asText("");
            if (!service.equals("EC2") || !category.equals("scheduledChange")) {
                return new InterruptionMessage.Ignored("Unknown", "AWS Health event of service '" + service + "', category '" + category + "'");
            }
            JsonNode entities = detail.path("affectedEntities");
            if (!entities.isArray()) {
                return new InterruptionMessage.Malformed("AWS Health scheduled change has no detail.affectedEntities");
            }
            String why = detail.path("eventTypeCode").asText("scheduled change");
            List<CloudEvent> events = new ArrayList<>();
            for (JsonNode entity : entities) {
                String instance = entity.path("entityValue").asText("");
                if (instance.startsWith("i-")) {
                    events.add(new CloudEvent(handle, Kind.SCHEDULED_CHANGE, instance, time, why));
                }
            }
            if (events.isEmpty()) {
                return new InterruptionMessage.Ignored(Kind.SCHEDULED_CHANGE.reason(), "AWS Health scheduled change names no instance");
            }
            return new InterruptionMessage.Events(Kind.SCHEDULED_CHANGE.reason(), events);
        }
    }
}
