package dev.jig.aws.interruption;

import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.aws.loopback.LoopbackSqs;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEvent.Kind;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.simulate.SimulatedClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqsCloudEventSourceIT {

    private static final String QUEUE = "jig-interruption";

    private final LoopbackSqs sqs = new LoopbackSqs();
    private final SqsClient client = LoopbackClients.at(sqs).sqs();
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-11-25T12:00:05Z"));
    private final List<Duration> sleeps = new ArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @AfterEach
    void close() {
        client.close();
        sqs.close();
    }

    private SqsCloudEventSource source(Duration wait, Duration visibility) {
        var settings = new SqsCloudEventSource.Settings(QUEUE, wait, 10, visibility, Duration.ofSeconds(1), Duration.ofSeconds(30));
        return new SqsCloudEventSource(client, settings, clock, d -> {
            sleeps.add(d);
            clock.advance(d);
        }, registry);
    }

    /** The queue holding one Health scheduled change for i-abcd1111 and i-abcd2222, and a short-polling source with {@code visibility}. */
    private SqsCloudEventSource aHealthEventForTwoInstances(Duration visibility) {
        sqs.createQueue(QUEUE);
        send(EventBridgeSamples.read("health-scheduled-change"));
        return source(Duration.ZERO, visibility);
    }

    private void send(String body) {
        String url = client.getQueueUrl(r -> r.queueName(QUEUE)).queueUrl();
        client.sendMessage(r -> r.queueUrl(url).messageBody(body));
    }

    private double counter(String name, String... tags) {
        var counter = registry.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }

    private double available() {
        return registry.get("jig.interruption.queue.available").gauge().value();
    }

    @Test
    void sentEventsAreReceivedAndDeletedWhenAcknowledged() {
        sqs.createQueue(QUEUE);
        send(EventBridgeSamples.read("spot-interruption"));
        send(EventBridgeSamples.read("state-change-stopped"));
        SqsCloudEventSource source = source(Duration.ofSeconds(1), Duration.ofSeconds(20));

        List<CloudEvent> events = source.receive();

        assertThat(events).extracting(CloudEvent::kind, CloudEvent::instanceId).containsExactly(
                org.assertj.core.groups.Tuple.tuple(Kind.SPOT_INTERRUPTION, "i-1234567890abcdef0"),
                org.assertj.core.groups.Tuple.tuple(Kind.STOPPING, "i-abcd1111"));
        assertThat(sqs.depth(QUEUE)).isEqualTo(2);
        events.forEach(source::acknowledge);
        assertThat(sqs.depth(QUEUE)).isZero();
        assertThat(counter("jig.interruption.received.messages", "message_type", "SpotInterrupted")).isEqualTo(1);
        assertThat(counter("jig.interruption.received.messages", "message_type", "InstanceStopping")).isEqualTo(1);
        assertThat(counter("jig.interruption.deleted.messages")).isEqualTo(2);
        assertThat(registry.get("jig.interruption.message.queue.duration").timer().count()).isEqualTo(2);
        assertThat(available()).isEqualTo(1);
        assertThat(sqs.calls()).containsSubsequence("GetQueueUrl", "ReceiveMessage", "DeleteMessage", "DeleteMessage");

        // acknowledging again is harmless
        source.acknowledge(events.get(0));
        assertThat(sqs.depth(QUEUE)).isZero();
    }

    @Test
    void aLongPollReturnsAMessageSentWhileItWaits() throws Exception {
        sqs.createQueue(QUEUE);
        SqsCloudEventSource source = source(Duration.ofSeconds(10), Duration.ofSeconds(20));
        long start = System.nanoTime();
        CompletableFuture<List<CloudEvent>> polling = CompletableFuture.supplyAsync(source::receive);
        Thread.sleep(300);
        send(EventBridgeSamples.read("rebalance-recommendation"));

        List<CloudEvent> events = polling.get(9, TimeUnit.SECONDS);
        assertThat(events).extracting(CloudEvent::kind).containsExactly(Kind.REBALANCE_RECOMMENDATION);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aQuietQueueAnswersEmptyAfterTheWait() {
        sqs.createQueue(QUEUE);
        SqsCloudEventSource source = source(Duration.ofSeconds(1), Duration.ofSeconds(20));
        long start = System.nanoTime();
        assertThat(source.receive()).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(900));
    }

    @Test
    void malformedAndIgnoredMessagesAreDeletedAndCountedNotRetried() {
        sqs.createQueue(QUEUE);
        send("this is not an event");
        send("{\"source\":\"aws.ec2\",\"detail-type\":\"EC2 Spot Instance Interruption Warning\",\"time\":\"2026-11-25T12:00:00Z\",\"detail\":{}}");
        send(EventBridgeSamples.read("state-change-running"));
        SqsCloudEventSource source = source(Duration.ZERO, Duration.ofSeconds(20));

        assertThat(source.receive()).isEmpty();

        assertThat(sqs.depth(QUEUE)).isZero();
        assertThat(counter("jig.interruption.malformed.messages")).isEqualTo(2);
        assertThat(counter("jig.interruption.received.messages", "message_type", "Unknown")).isEqualTo(1);
        assertThat(counter("jig.interruption.deleted.messages")).isEqualTo(3);
    }

    @Test
    void aHealthEventIsDeletedOnlyWhenEveryInstanceItNamesIsAcknowledged() {
        SqsCloudEventSource source = aHealthEventForTwoInstances(Duration.ofSeconds(20));

        List<CloudEvent> events = source.receive();
        assertThat(events).extracting(CloudEvent::instanceId).containsExactly("i-abcd1111", "i-abcd2222");
        source.acknowledge(events.get(0));
        assertThat(sqs.depth(QUEUE)).isEqualTo(1);
        source.acknowledge(events.get(1));
        assertThat(sqs.depth(QUEUE)).isZero();
    }

    @Test
    void eachPollKeepsAPendingMessageHiddenSoItIsNotReceivedAgainWhileBeingHandled() throws Exception {
        SqsCloudEventSource source = aHealthEventForTwoInstances(Duration.ofSeconds(1));

        List<CloudEvent> events = source.receive();
        for (int i = 0; i < 4; i++) {
            Thread.sleep(400);
            assertThat(source.receive()).as("still hidden after %d ms", 400 * (i + 1)).isEmpty();
        }

        assertThat(sqs.receiveCounts(QUEUE)).containsExactly(1);
        assertThat(sqs.count("ChangeMessageVisibility")).isEqualTo(4);
        events.forEach(source::acknowledge);
        assertThat(sqs.depth(QUEUE)).isZero();
    }

    @Test
    void aMessageReceivedAgainUnderANewHandleLosesNoInstanceAndIsDeletedWithItsNewestHandle() throws Exception {
        SqsCloudEventSource source = aHealthEventForTwoInstances(Duration.ofSeconds(1));

        List<CloudEvent> events = source.receive();
        source.acknowledge(events.get(0));
        Thread.sleep(1200); // the caller did not poll: the message comes visible and is received again
        List<CloudEvent> again = source.receive();

        assertThat(again).as("only the unacknowledged instance comes again").extracting(CloudEvent::instanceId).containsExactly("i-abcd2222");
        assertThat(again.get(0).handle()).isNotEqualTo(events.get(1).handle());
        source.acknowledge(events.get(0));
        assertThat(sqs.depth(QUEUE)).as("a repeated acknowledge deletes nothing").isEqualTo(1);
        source.acknowledge(events.get(1));
        assertThat(sqs.depth(QUEUE)).as("deleted with the newest handle, though acknowledged through the old one").isZero();
    }

    @Test
    void aDeleteThatFailedWhenTheLastInstanceWasAcknowledgedIsDoneAtTheNextPoll() {
        SqsCloudEventSource source = aHealthEventForTwoInstances(Duration.ofSeconds(20));
        List<CloudEvent> events = source.receive();
        source.acknowledge(events.get(0));
        sqs.failNext("DeleteMessage", 1, new AwsError(403, "AccessDenied", "not authorized to perform: sqs:DeleteMessage"));

        assertThatThrownBy(() -> source.acknowledge(events.get(1))).isInstanceOf(CloudOperationException.class).hasMessageContaining("AccessDenied");
        assertThat(sqs.depth(QUEUE)).isEqualTo(1);

        assertThat(source.receive()).isEmpty();
        assertThat(sqs.depth(QUEUE)).isZero();
        assertThat(sqs.count("DeleteMessage")).isEqualTo(2);
    }

    @Test
    void anAcknowledgeForAHandleNoLongerTrackedDeletesNothing() {
        SqsCloudEventSource source = aHealthEventForTwoInstances(Duration.ofSeconds(20));
        List<CloudEvent> events = source.receive();

        clock.advance(SqsCloudEventSource.PENDING_LIMIT.plusSeconds(1));
        assertThat(source.receive()).isEmpty(); // lets the pending message go
        source.acknowledge(events.get(0));
        source.acknowledge(events.get(1));

        assertThat(sqs.depth(QUEUE)).as("a late acknowledge never deletes a message it no longer tracks").isEqualTo(1);
        assertThat(sqs.count("DeleteMessage")).isZero();
    }

    @Test
    void anUnacknowledgedEventComesAgainAfterItsVisibilityTimeout() throws Exception {
        sqs.createQueue(QUEUE);
        send(EventBridgeSamples.read("state-change-terminated"));
        SqsCloudEventSource source = source(Duration.ZERO, Duration.ofSeconds(1));

        CloudEvent first = source.receive().get(0);
        assertThat(source.receive()).isEmpty();
        Thread.sleep(1200);
        CloudEvent again = source.receive().get(0);

        assertThat(again.instanceId()).isEqualTo(first.instanceId());
        assertThat(again.handle()).isNotEqualTo(first.handle());
        assertThat(sqs.receiveCounts(QUEUE)).containsExactly(2);
        source.acknowledge(again);
        assertThat(sqs.depth(QUEUE)).isZero();
    }

    @Test
    void aMissingQueueIsNamedCountedAndAskedAgainWithGrowingDelaysUntilItExists() {
        SqsCloudEventSource source = source(Duration.ZERO, Duration.ofSeconds(20));

        assertThatThrownBy(source::receive).isInstanceOfSatisfying(CloudOperationException.class, e -> assertThat(e.retryable()).isTrue())
                .hasMessageContaining("interruption queue 'jig-interruption' does not exist")
                .hasMessageContaining("--interruption-queue")
                .hasMessageEndingWith("(next attempt in 1s)");
        assertThat(counter("jig.interruption.queue.errors", "error", "QueueDoesNotExist")).isEqualTo(1);
        assertThat(available()).isZero();

        // within the backoff nothing is asked: the call waits as a long poll would and answers nothing
        assertThat(source.receive()).isEmpty();
        assertThat(sleeps).containsExactly(Duration.ofSeconds(1));
        assertThat(sqs.count("GetQueueUrl")).isEqualTo(1);

        assertThatThrownBy(source::receive).isInstanceOf(CloudOperationException.class);
        assertThat(source.receive()).isEmpty();
        assertThat(sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));

        sqs.createQueue(QUEUE);
        send(EventBridgeSamples.read("spot-interruption"));
        assertThat(source.receive()).extracting(CloudEvent::kind).containsExactly(Kind.SPOT_INTERRUPTION);
        assertThat(available()).isEqualTo(1);
        assertThat(counter("jig.interruption.queue.errors", "error", "QueueDoesNotExist")).isEqualTo(2);
    }

    @Test
    void aQueueDeletedWhileWatchedIsLookedUpAgain() {
        sqs.createQueue(QUEUE);
        SqsCloudEventSource source = source(Duration.ZERO, Duration.ofSeconds(20));
        assertThat(source.receive()).isEmpty();

        sqs.deleteQueue(QUEUE);
        assertThatThrownBy(source::receive).isInstanceOf(CloudOperationException.class).hasMessageContaining("does not exist");

        sqs.createQueue(QUEUE);
        clock.advance(Duration.ofSeconds(1));
        assertThat(source.receive()).isEmpty();
        assertThat(sqs.count("GetQueueUrl")).isEqualTo(2);
    }

    @Test
    void settingsOutsideSqsLimitsAreRefused() {
        assertThatThrownBy(() -> new SqsCloudEventSource.Settings(QUEUE, Duration.ofSeconds(21), 10, Duration.ofSeconds(20), Duration.ofSeconds(1),
                Duration.ofMinutes(5))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 to 20 seconds");
        assertThatThrownBy(() -> new SqsCloudEventSource.Settings(QUEUE, Duration.ofSeconds(20), 11, Duration.ofSeconds(20), Duration.ofSeconds(1),
                Duration.ofMinutes(5))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 10 messages");
        assertThatThrownBy(() -> SqsCloudEventSource.Settings.of(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThat(SqsCloudEventSource.Settings.of(QUEUE).pollWait()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void throttlingIsRetriedAndAnOutageIsReportedWithItsCode() {
        sqs.createQueue(QUEUE);
        send(EventBridgeSamples.read("spot-interruption"));
        SqsCloudEventSource source = source(Duration.ZERO, Duration.ofSeconds(20));
        sqs.failNext("ReceiveMessage", 1, new AwsError(400, "ThrottlingException", "Rate exceeded"));
        assertThat(source.receive()).hasSize(1);

        sqs.failNext("ReceiveMessage", 10, new AwsError(500, "InternalFailure", "We encountered an internal error. Please try again."));
        assertThatThrownBy(source::receive).isInstanceOf(CloudOperationException.class)
                .hasMessageContaining("cannot be read").hasMessageContaining("InternalFailure");
        assertThat(counter("jig.interruption.queue.errors", "error", "InternalFailure")).isEqualTo(1);
    }
}
