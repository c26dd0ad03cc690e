package dev.jig.aws.interruption;

import dev.jig.aws.sdk.AwsErrors;
import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudOperationException;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Cloud events from the SQS queue EventBridge feeds with EC2 and Health events, as Karpenter's
 * interruption controller reads it: {@code GetQueueUrl} once, {@code ReceiveMessage} with long
 * polling, {@code DeleteMessage} when every event of a message is acknowledged.
 *
 * <p>Nothing is retried for ever: a message that cannot be read ({@link InterruptionMessages}) is
 * deleted at once and counted, and so is a well-formed event Jig has nothing to do for. A queue that
 * cannot be read (it does not exist, access is denied, SQS is down) is reported once per attempt, by
 * a {@link CloudOperationException} that names it, a metric and a log line, then asked again after a
 * growing delay ({@link QueueBackoff}); meanwhile {@link #receive()} waits as a long poll would and
 * returns nothing, so that a caller polling in a loop never spins.
 */
public final class SqsCloudEventSource implements CloudEventSource {

    /**
     * How the queue is read.
     *
     * @param queueName      the queue's name ({@code --interruption-queue})
     * @param pollWait       the long poll's wait, at most 20 s (SQS's limit)
     * @param maxMessages    messages per receive, 1 to 10 (SQS's limit)
     * @param visibility     how long a received message stays hidden from the next receive
     * @param initialBackoff the first wait after the queue could not be read
     * @param maxBackoff     the longest such wait
     */
    public record Settings(String queueName, Duration pollWait, int maxMessages, Duration visibility, Duration initialBackoff, Duration maxBackoff) {
        public Settings {
            if (queueName == null || queueName.isBlank()) {
                throw new IllegalArgumentException("the interruption queue needs a name");
            }
            if (pollWait.isNegative() || pollWait.compareTo(Duration.ofSeconds(20)) > 0) {
                throw new IllegalArgumentException("the interruption queue's wait must be 0 to 20 seconds, got " + pollWait);
            }
            if (maxMessages < 1 || maxMessages > 10) {
                throw new IllegalArgumentException("the interruption queue's batch must be 1 to 10 messages, got " + maxMessages);
            }
            if (visibility.toSeconds() < 1 || visibility.compareTo(Duration.ofHours(12)) > 0) {
                throw new IllegalArgumentException("the interruption queue's visibility timeout must be 1 s to 12 h, got " + visibility);
            }
        }

        /** Karpenter's settings: 20 s long polls of up to 10 messages, hidden for 20 s; backoff from 1 s to 5 min. */
        public static Settings of(String queueName) {
            return new Settings(queueName, Duration.ofSeconds(20), 10, Duration.ofSeconds(20), Duration.ofSeconds(1), Duration.ofMinutes(5));
        }
    }

    /** Waits; the production one is {@code Thread.sleep}, tests pass one that moves their clock. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(SqsCloudEventSource.class);

    /** A received message whose events are not all acknowledged yet. */
    private record Pending(Set<String> instances, Instant received) {
    }

    private final SqsClient sqs;
    private final Settings settings;
    private final Clock clock;
    private final Sleeper sleeper;
    private final InterruptionMetrics metrics;
    private final QueueBackoff backoff;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private volatile String queueUrl;

    public SqsCloudEventSource(SqsClient sqs, Settings settings, Clock clock, MeterRegistry registry) {
        this(sqs, settings, clock, d -> Thread.sleep(d.toMillis()), registry);
    }

    public SqsCloudEventSource(SqsClient sqs, Settings settings, Clock clock, Sleeper sleeper, MeterRegistry registry) {
        this.sqs = sqs;
        this.settings = settings;
        this.clock = clock;
        this.sleeper = sleeper;
        this.metrics = new InterruptionMetrics(registry, settings.queueName());
        this.backoff = new QueueBackoff(settings.initialBackoff(), settings.maxBackoff());
    }

    @Override
    public List<CloudEvent> receive() {
        Duration pause = backoff.remaining(clock.instant());
        if (!pause.isZero()) {
            // as long as a long poll at most, so that the caller's loop stays responsive; short polls wait it all out
            boolean shorter = settings.pollWait().isZero() || pause.compareTo(settings.pollWait()) < 0;
            pauseFor(shorter ? pause : settings.pollWait());
            return List.of();
        }
        List<Message> messages;
        try {
            String url = queueUrl();
            messages = sqs.receiveMessage(r -> r.queueUrl(url)
                    .maxNumberOfMessages(settings.maxMessages())
                    .waitTimeSeconds((int) settings.pollWait().toSeconds())
                    .visibilityTimeout((int) settings.visibility().toSeconds())
                    .messageSystemAttributeNames(MessageSystemAttributeName.SENT_TIMESTAMP)).messages();
        } catch (SdkException e) {
            throw unavailable(e);
        }
        if (backoff.failures() > 0) {
            LOG.info("event=interruption_queue_available queue={}", settings.queueName());
        }
        backoff.succeeded();
        metrics.available(true);
        return read(messages);
    }

    @Override
    public void acknowledge(CloudEvent event) {
        Pending waiting = pending.get(event.handle());
        if (waiting != null) {
            synchronized (waiting) {
                waiting.instances().remove(event.instanceId());
                if (!waiting.instances().isEmpty()) {
                    return;
                }
            }
        }
        delete(event.handle());
        pending.remove(event.handle());
    }

    private List<CloudEvent> read(List<Message> messages) {
        Instant now = clock.instant();
        pending.values().removeIf(p -> p.received().plus(settings.visibility().multipliedBy(3)).isBefore(now));
        List<CloudEvent> events = new ArrayList<>();
        for (Message message : messages) {
            InterruptionMessage parsed = InterruptionMessages.parse(message.body(), message.receiptHandle());
            if (parsed instanceof InterruptionMessage.Events found) {
                metrics.received(found.type());
                Set<String> instances = new HashSet<>();
                for (CloudEvent e : found.events()) {
                    instances.add(e.instanceId());
                    metrics.waited(Duration.between(e.time(), now));
                }
                pending.put(message.receiptHandle(), new Pending(instances, now));
                events.addAll(found.events());
                continue;
            }
            if (parsed instanceof InterruptionMessage.Malformed bad) {
                metrics.malformed();
                LOG.warn("event=interruption_message_malformed queue={} messageId={} reason=\"{}\"", settings.queueName(), message.messageId(), bad.why());
            } else {
                metrics.received(parsed.type());
                LOG.debug("event=interruption_message_ignored queue={} messageId={} reason=\"{}\"", settings.queueName(), message.messageId(),
                        ((InterruptionMessage.Ignored) parsed).why());
            }
            try {
                delete(message.receiptHandle());
            } catch (CloudOperationException e) {
                // it comes again after its visibility timeout and is deleted then
                LOG.warn("event=interruption_message_not_deleted queue={} messageId={} error=\"{}\"", settings.queueName(), message.messageId(), e.getMessage());
            }
        }
        return events;
    }

    private void delete(String receiptHandle) {
        String url = queueUrl;
        if (url == null) {
            throw CloudOperationException.transientFailure("interruption queue '" + settings.queueName() + "' is not available to delete a message from", null);
        }
        try {
            sqs.deleteMessage(r -> r.queueUrl(url).receiptHandle(receiptHandle));
        } catch (SdkException e) {
            throw AwsErrors.toCloud("SQS", "DeleteMessage", settings.queueName(), e);
        }
        metrics.deleted();
    }

    private String queueUrl() {
        String url = queueUrl;
        if (url == null) {
            url = sqs.getQueueUrl(r -> r.queueName(settings.queueName())).queueUrl();
            queueUrl = url;
            LOG.info("event=interruption_queue_watched queue={} url={}", settings.queueName(), url);
        }
        return url;
    }

    private CloudOperationException unavailable(SdkException e) {
        boolean missing = e instanceof QueueDoesNotExistException || AwsErrors.code(e).equals("AWS.SimpleQueueService.NonExistentQueue");
        if (missing) {
            queueUrl = null;
        }
        Duration delay = backoff.failed(clock.instant());
        metrics.available(false);
        metrics.queueError(missing ? "QueueDoesNotExist" : AwsErrors.code(e));
        String message = missing
                ? "interruption queue '" + settings.queueName() + "' does not exist: create it and its EventBridge rules (aws/README.md, \"Running on EKS\"), or fix --interruption-queue"
                : "interruption queue '" + settings.queueName() + "' cannot be read: " + AwsErrors.describe(e);
        LOG.warn("event=interruption_queue_unavailable queue={} error={} retryIn={} reason=\"{}\"", settings.queueName(), AwsErrors.code(e), delay, message);
        return new CloudOperationException(message + " (next attempt in " + delay.toString().substring(2).toLowerCase(Locale.ROOT) + ")", true, e);
    }

    private void pauseFor(Duration pause) {
        try {
            sleeper.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
