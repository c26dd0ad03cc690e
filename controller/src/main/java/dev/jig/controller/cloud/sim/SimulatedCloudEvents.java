package dev.jig.controller.cloud.sim;

import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudOperationException;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated cloud's interruption feed, an in-memory queue: {@code simulate}'s {@code interrupt} step and tests
 * {@link #publish} events, the interruption reconciler receives and acknowledges them. As on SQS, an event stays
 * until acknowledged, so an event whose handling failed is received again. {@link #failReceives} makes the next
 * receives fail, as an unreachable queue does. Thread-safe.
 */
public final class SimulatedCloudEvents implements CloudEventSource {

    private final Map<String, CloudEvent> queue = new LinkedHashMap<>();
    private int sequence;
    private int failingReceives;

    /** Queues an event about the instance of {@code providerId} ({@code sim:///zone/i-0001}) and returns it. */
    public synchronized CloudEvent publish(CloudEvent.Kind kind, String providerId, Instant time, String detail) {
        CloudEvent e = new CloudEvent("sim-" + (++sequence), kind, instanceId(providerId), time, detail);
        queue.put(e.handle(), e);
        return e;
    }

    /** The next {@code n} calls of {@link #receive} fail with a retryable error. */
    public synchronized void failReceives(int n) {
        failingReceives = n;
    }

    /** Events not acknowledged yet. */
    public synchronized List<CloudEvent> pending() {
        return List.copyOf(queue.values());
    }

    @Override
    public synchronized List<CloudEvent> receive() {
        if (failingReceives > 0) {
            failingReceives--;
            throw CloudOperationException.transientFailure("simulated event queue unreachable", null);
        }
        return new ArrayList<>(queue.values());
    }

    @Override
    public synchronized void acknowledge(CloudEvent event) {
        queue.remove(event.handle());
    }

    /** The instance id of a provider id: what follows its last {@code /}. */
    static String instanceId(String providerId) {
        return providerId.substring(providerId.lastIndexOf('/') + 1);
    }
}
