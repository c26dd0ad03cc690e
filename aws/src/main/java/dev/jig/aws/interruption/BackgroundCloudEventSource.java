package dev.jig.aws.interruption;

import dev.jig.controller.cloud.CloudEvent;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudOperationException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reads a blocking {@link CloudEventSource} (SQS's 20 s long polls) on a thread of its own, so that the
 * controller's single reconcile thread never waits on it: {@link #receive()} hands over what the
 * thread has received so far, at once, and rethrows once the last failure the thread met (the thread
 * goes on; the source's own backoff paces it). Acknowledgements go straight to the source.
 */
public final class BackgroundCloudEventSource implements CloudEventSource, AutoCloseable {

    private final CloudEventSource source;
    private final LinkedBlockingQueue<CloudEvent> received = new LinkedBlockingQueue<>();
    private final AtomicReference<CloudOperationException> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;

    public BackgroundCloudEventSource(CloudEventSource source, String threadName) {
        this.source = source;
        this.thread = new Thread(this::poll, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    private void poll() {
        while (running && !Thread.currentThread().isInterrupted()) {
            try {
                received.addAll(source.receive());
            } catch (CloudOperationException e) {
                failure.set(e);
            } catch (RuntimeException e) {
                failure.set(CloudOperationException.transientFailure("reading cloud events failed: " + e, e));
                try {
                    Thread.sleep(1000); // not the source's own failure: no backoff of its own paces it
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }
    }

    @Override
    public List<CloudEvent> receive() {
        CloudOperationException failed = failure.getAndSet(null);
        if (failed != null) {
            throw failed;
        }
        List<CloudEvent> events = new ArrayList<>();
        received.drainTo(events);
        return events;
    }

    @Override
    public void acknowledge(CloudEvent event) {
        source.acknowledge(event);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
