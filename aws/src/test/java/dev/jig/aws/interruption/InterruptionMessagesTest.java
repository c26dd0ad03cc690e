package dev.jig.aws.interruption;

import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEvent.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class InterruptionMessagesTest {

    private static InterruptionMessage parse(String sample) {
        return InterruptionMessages.parse(EventBridgeSamples.read(sample), "rh-1");
    }

    private static CloudEvent single(InterruptionMessage message) {
        assertThat(message).isInstanceOf(InterruptionMessage.Events.class);
        return ((InterruptionMessage.Events) message).events().get(0);
    }

    @Test
    void spotInterruptionWarningDisruptsTheInstance() {
        CloudEvent event = single(parse("spot-interruption"));
        assertThat(event).isEqualTo(new CloudEvent("rh-1", Kind.SPOT_INTERRUPTION, "i-1234567890abcdef0",
                Instant.parse("2026-11-25T12:00:00Z"), "instance-action: terminate"));
        assertThat(event.kind().disrupts()).isTrue();
    }

    @Test
    void rebalanceRecommendationIsReportedButDoesNotDisrupt() {
        CloudEvent event = single(parse("rebalance-recommendation"));
        assertThat(event.kind()).isEqualTo(Kind.REBALANCE_RECOMMENDATION);
        assertThat(event.kind().disrupts()).isFalse();
        assertThat(parse("rebalance-recommendation").type()).isEqualTo("SpotRebalanceRecommendation");
    }

    @Test
    void healthScheduledChangeGivesOneEventPerAffectedInstance() {
        InterruptionMessage message = parse("health-scheduled-change");
        assertThat(message).isInstanceOfSatisfying(InterruptionMessage.Events.class, m -> {
            assertThat(m.events()).extracting(CloudEvent::instanceId).containsExactly("i-abcd1111", "i-abcd2222");
            assertThat(m.events()).allSatisfy(e -> {
                assertThat(e.kind()).isEqualTo(Kind.SCHEDULED_CHANGE);
                assertThat(e.handle()).isEqualTo("rh-1");
                assertThat(e.detail()).isEqualTo("AWS_EC2_INSTANCE_RETIREMENT_SCHEDULED");
                assertThat(e.time()).isEqualTo(Instant.parse("2026-11-25T09:01:22Z"));
            });
        });
    }

    @Test
    void healthEventsOfOtherServicesOrCategoriesAreIgnored() {
        String sample = EventBridgeSamples.read("health-scheduled-change");
        assertThat(InterruptionMessages.parse(sample.replace("\"service\": \"EC2\"", "\"service\": \"RDS\""), "h"))
                .isInstanceOf(InterruptionMessage.Ignored.class);
        assertThat(InterruptionMessages.parse(sample.replace("\"scheduledChange\"", "\"issue\""), "h"))
                .isInstanceOf(InterruptionMessage.Ignored.class);
    }

    @ParameterizedTest
    @CsvSource({"stopping,STOPPING", "stopped,STOPPING", "shutting-down,TERMINATING", "terminated,TERMINATING"})
    void stateChangesToStoppedOrTerminatedDisrupt(String state, Kind kind) {
        CloudEvent event = single(parse("state-change-" + state));
        assertThat(event.kind()).isEqualTo(kind);
        assertThat(event.instanceId()).isEqualTo("i-abcd1111");
        assertThat(event.detail()).isEqualTo("state: " + state);
    }

    @Test
    void otherStatesAndOtherEventsAreIgnored() {
        assertThat(parse("state-change-running")).isInstanceOf(InterruptionMessage.Ignored.class);
        String other = EventBridgeSamples.read("spot-interruption").replace("EC2 Spot Instance Interruption Warning", "EC2 AMI State Change");
        assertThat(InterruptionMessages.parse(other, "h")).isInstanceOf(InterruptionMessage.Ignored.class);
        String newer = EventBridgeSamples.read("spot-interruption").replace("\"version\": \"0\"", "\"version\": \"1\"");
        assertThat(InterruptionMessages.parse(newer, "h")).isInstanceOf(InterruptionMessage.Ignored.class);
    }

    @Test
    void theDocumentedStateChangeExampleWithoutVersionIsRead() {
        String noVersion = EventBridgeSamples.read("state-change-terminated").replace("\"version\": \"0\",", "");
        assertThat(single(InterruptionMessages.parse(noVersion, "h")).kind()).isEqualTo(Kind.TERMINATING);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not json", "[1,2]", "\"text\"", "{}", "{\"source\":\"aws.ec2\",\"detail-type\":\"EC2 Spot Instance Interruption Warning\"}",
            "{\"source\":\"aws.ec2\",\"detail-type\":\"EC2 Spot Instance Interruption Warning\",\"time\":\"yesterday\",\"detail\":{\"instance-id\":\"i-1\"}}",
            "{\"source\":\"aws.ec2\",\"detail-type\":\"EC2 Spot Instance Interruption Warning\",\"time\":\"2026-11-25T12:00:00Z\",\"detail\":{}}",
            "{\"source\":\"aws.health\",\"detail-type\":\"AWS Health Event\",\"time\":\"2026-11-25T12:00:00Z\",\"detail\":{\"service\":\"EC2\",\"eventTypeCategory\":\"scheduledChange\"}}"})
    void malformedMessagesSayWhy(String body) {
        assertThat(InterruptionMessages.parse(body, "h")).isInstanceOfSatisfying(InterruptionMessage.Malformed.class,
                m -> assertThat(m.why()).isNotBlank());
    }

    @Test
    void nullBodyIsMalformed() {
        assertThat(InterruptionMessages.parse(null, "h")).isInstanceOf(InterruptionMessage.Malformed.class);
    }
}
