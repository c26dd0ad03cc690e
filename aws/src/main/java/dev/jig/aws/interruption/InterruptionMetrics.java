package dev.jig.aws.interruption;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The interruption queue's metrics, named after Karpenter's ({@code karpenter_interruption_*}) under
 * {@code jig.interruption}: messages received by type, deleted, malformed; queue errors by AWS error
 * code; whether the queue can be read now; how long a message waited on the queue.
 */
final class InterruptionMetrics {

    private final MeterRegistry registry;
    private final String queue;
    private final AtomicInteger available = new AtomicInteger();
    private final Counter deleted;
    private final Counter malformed;
    private final Timer queueDuration;

    InterruptionMetrics(MeterRegistry registry, String queue) {
        this.registry = registry;
        this.queue = queue;
        Gauge.builder("jig.interruption.queue.available", available, AtomicInteger::get)
                .description("1 when the interruption queue was read at the last attempt, else 0")
                .tag("queue", queue).strongReference(true).register(registry);
        deleted = Counter.builder("jig.interruption.deleted.messages").description("Messages deleted from the interruption queue")
                .tag("queue", queue).register(registry);
        malformed = Counter.builder("jig.interruption.malformed.messages")
                .description("Messages deleted from the interruption queue because they could not be read").tag("queue", queue).register(registry);
        queueDuration = Timer.builder("jig.interruption.message.queue.duration")
                .description("Time from an event to its reception from the queue").tag("queue", queue).register(registry);
    }

    void received(String type) {
        Counter.builder("jig.interruption.received.messages").description("Messages received from the interruption queue, by type")
                .tag("queue", queue).tag("message_type", type).register(registry).increment();
    }

    void deleted() {
        deleted.increment();
    }

    void malformed() {
        malformed.increment();
    }

    void waited(Duration onQueue) {
        if (!onQueue.isNegative()) {
            queueDuration.record(onQueue);
        }
    }

    void available(boolean yes) {
        available.set(yes ? 1 : 0);
    }

    void queueError(String code) {
        Counter.builder("jig.interruption.queue.errors").description("Failed reads of the interruption queue, by AWS error code")
                .tag("queue", queue).tag("error", code.isEmpty() ? "Unreachable" : code).register(registry).increment();
    }
}
