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
 * polling, {@code DeleteMessage} when every event of a message is acknowledged. While a message has
 * events not acknowledged, each poll first extends its visibility ({@code ChangeMessageVisibility});
 * should it come again all the same, it is known by its message id, its newest handle is used, and
 * only its unacknowledged events come again.
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

    /** How long a message's unacknowledged events keep it hidden; after that it is let go (not deleted) and comes again. */
    public static final Duration PENDING_LIMIT = Duration.ofMinutes(10);

    /**
     * A received message whose events are not all acknowledged yet, by SQS message id (stable across
     * redeliveries): the instances left, the newest receipt handle, and when it was first received.
     */
    private static final class Pending {
        final String messageId;
        final Set<String> instances;
        final Instant received;
        volatile String handle;

        Pending(String messageId, Set<String> instances, String handle, Instant received) {
            this.messageId = messageId;
            this.instances = instances;
            this.handle = handle;
            this.received = received;
        }
    }

    private final SqsClient sqs;
    private final Settings settings;
    private final Clock clock;
    private final Sleeper sleeper;
    private final InterruptionMetrics metrics;
    private final QueueBackoff backoff;
    /** Pending messages by message id. */
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    /** Every receipt handle a pending message was received with, to its message id. */
    private final Map<String, String> messageOfHandle = new ConcurrentHashMap<>();
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
            keepPendingHidden(url);
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

    /**
     * Acknowledges one instance of a message; the message is deleted, with its newest receipt handle,
     * when every instance it named is acknowledged. A handle this source does not track (acknowledged
     * already, or let go after {@link #PENDING_LIMIT}) deletes nothing: the message, if still there,
     * comes again, and no instance it names is lost.
     */
    @Override
    public void acknowledge(CloudEvent event) {
        String messageId = messageOfHandle.get(event.handle());
        Pending waiting = messageId == null ? null : pending.get(messageId);
        if (waiting == null) {
            LOG.debug("event=interruption_acknowledge_untracked queue={} instance={}", settings.queueName(), event.instanceId());
            return;
        }
        synchronized (waiting) {
            waiting.instances.remove(event.instanceId());
            if (!waiting.instances.isEmpty()) {
                return;
            }
        }
        delete(waiting.handle);
        forget(waiting);
    }

    private void forget(Pending p) {
        pending.remove(p.messageId, p);
        messageOfHandle.values().removeIf(p.messageId::equals);
    }

    /**
     * Keeps every pending message hidden through the coming long poll and the next one
     * ({@code ChangeMessageVisibility} to visibility + wait), so that an event being handled is not
     * received again under a new handle; deletes again those whose every event was acknowledged but
     * whose delete failed; lets go of those pending longer than {@link #PENDING_LIMIT}.
     * A refused change (the message came visible meanwhile) is left to the redelivery, which
     * {@link #read} recognises by message id.
     */
    private void keepPendingHidden(String url) {
        Instant now = clock.instant();
        int seconds = (int) Math.min(43_200, settings.visibility().plus(settings.pollWait()).toSeconds());
        for (Pending p : List.copyOf(pending.values())) {
            if (p.received.plus(PENDING_LIMIT).isBefore(now)) {
                LOG.warn("event=interruption_message_let_go queue={} messageId={} unacknowledged={}", settings.queueName(), p.messageId, p.instances);
                forget(p);
                continue;
            }
            boolean acknowledged;
            synchronized (p) {
                acknowledged = p.instances.isEmpty();
            }
            if (acknowledged) {
                // every instance was acknowledged but the delete failed: try it again
                try {
                    delete(p.handle);
                    forget(p);
                } catch (CloudOperationException e) {
                    LOG.warn("event=interruption_message_not_deleted queue={} messageId={} error=\"{}\"", settings.queueName(), p.messageId, e.getMessage());
                }
                continue;
            }
            try {
                sqs.changeMessageVisibility(r -> r.queueUrl(url).receiptHandle(p.handle).visibilityTimeout(seconds));
            } catch (SdkException e) {
                LOG.debug("event=interruption_visibility_not_extended queue={} messageId={} error={}", settings.queueName(), p.messageId, AwsErrors.code(e));
            }
        }
    }

    private List<CloudEvent> read(List<Message> messages) {
        Instant now = clock.instant();
        List<CloudEvent> events = new ArrayList<>();
        for (Message message : messages) {
            InterruptionMessage parsed = InterruptionMessages.parse(message.body(), message.receiptHandle());
            if (parsed instanceof InterruptionMessage.Events found) {
                Pending known = pending.get(message.messageId());
                if (known != null) {
                    // received again under a new handle: the events not yet acknowledged come again
                    known.handle = message.receiptHandle();
                    messageOfHandle.put(message.receiptHandle(), known.messageId);
                    boolean done;
                    synchronized (known) {
                        found.events().stream().filter(e -> known.instances.contains(e.instanceId())).forEach(events::add);
                        done = known.instances.isEmpty();
                    }
                    if (done) {
                        // every instance was acknowledged but the delete failed: delete it now
                        deleteQuietly(message);
                        forget(known);
                    }
                    continue;
                }
                metrics.received(found.type());
                Set<String> instances = new HashSet<>();
                for (CloudEvent e : found.events()) {
                    instances.add(e.instanceId());
                    metrics.waited(Duration.between(e.time(), now));
                }
                messageOfHandle.put(message.receiptHandle(), message.messageId());
                pending.put(message.messageId(), new Pending(message.messageId(), instances, message.receiptHandle(), now));
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
            deleteQuietly(message);
        }
        return events;
    }

    private void deleteQuietly(Message message) {
        try {
            delete(message.receiptHandle());
        } catch (CloudOperationException e) {
            // it comes again after its visibility timeout and is deleted then
            LOG.warn("event=interruption_message_not_deleted queue={} messageId={} error=\"{}\"", settings.queueName(), message.messageId(), e.getMessage());
        }
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
