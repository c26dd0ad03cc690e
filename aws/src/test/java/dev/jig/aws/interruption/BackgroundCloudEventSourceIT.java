package dev.jig.aws.interruption;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackSqs;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;

/** The SQS source read on a thread of its own: the caller never waits on a long poll, and sees what it received and its failures. */
class BackgroundCloudEventSourceIT {

    private final LoopbackSqs sqs = new LoopbackSqs();
    private final SqsClient client = LoopbackClients.at(sqs).sqs();
    private BackgroundCloudEventSource source;

    @AfterEach
    void close() {
        if (source != null) source.close();
        client.close();
        sqs.close();
    }

    private BackgroundCloudEventSource start() {
        var settings = new SqsCloudEventSource.Settings("q", Duration.ofSeconds(20), 10, Duration.ofSeconds(20), Duration.ofMillis(200), Duration.ofMillis(400));
        source = new BackgroundCloudEventSource(new SqsCloudEventSource(client, settings, Clock.systemUTC(), new SimpleMeterRegistry()), "test-interruption");
        return source;
    }

    @Test
    void receiveAnswersAtOnceDuringALongPollAndHandsOverWhatArrives() throws Exception {
        sqs.createQueue("q");
        BackgroundCloudEventSource events = start();
        long before = System.nanoTime();
        assertThat(events.receive()).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - before)).as("no wait for the 20 s long poll").isLessThan(Duration.ofSeconds(2));

        String url = client.getQueueUrl(q -> q.queueName("q")).queueUrl();
        client.sendMessage(m -> m.queueUrl(url).messageBody(EventBridgeSamples.read("spot-interruption")));
        List<CloudEvent> got = new ArrayList<>();
        for (int i = 0; i < 50 && got.isEmpty(); i++) {
            got.addAll(events.receive());
            Thread.sleep(100);
        }
        assertThat(got).singleElement().satisfies(e -> assertThat(e.instanceId()).isEqualTo("i-1234567890abcdef0"));
        events.acknowledge(got.get(0));
        assertThat(sqs.depth("q")).isZero();
    }

    @Test
    void aQueueThatCannotBeReadIsReportedToTheCaller() throws Exception {
        BackgroundCloudEventSource events = start();
        CloudOperationException failure = null;
        for (int i = 0; i < 50 && failure == null; i++) {
            try {
                events.receive();
                Thread.sleep(100);
            } catch (CloudOperationException e) {
                failure = e;
            }
        }
        assertThat(failure).isNotNull();
        assertThat(failure.getMessage()).contains("interruption queue 'q' does not exist");
    }
}
