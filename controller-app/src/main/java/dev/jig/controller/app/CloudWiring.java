package dev.jig.controller.app;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.loop.Reconciler;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The cloud {@code run} works against: the provider that launches and deletes instances, and its interruption feed.
 * The simulated cloud has no feed in a real cluster ({@link CloudEventSource#NONE}); the AWS wiring passes its
 * SQS source. {@code reconcilers} are the provider's own (node class status, launch template collection), run after
 * the core's. {@code resources} is what must be closed at shutdown (the AWS provider's background refresh thread).
 */
record CloudWiring(CloudProvider provider, CloudEventSource events, List<Reconciler> reconcilers, AutoCloseable resources) {

    CloudWiring {
        reconcilers = List.copyOf(reconcilers);
    }

    CloudWiring(CloudProvider provider, CloudEventSource events, List<Reconciler> reconcilers) {
        this(provider, events, reconcilers, () -> { });
    }

    /** Closes {@link #resources}; a failure is logged by the caller's shutdown, never thrown past it. */
    void close() {
        try {
            resources.close();
        } catch (Exception e) {
            org.slf4j.LoggerFactory.getLogger(CloudWiring.class).atWarn().addKeyValue("event", "cloud-close-failed")
                    .log("closing the cloud provider failed: {}", e.toString());
        }
    }

    /** The simulated cloud over the bundled catalog in {@code zones}, spot included, with a 30 s launch. */
    static CloudWiring simulated(Clock clock, List<String> zones) {
        return new CloudWiring(new SimulatedCloud(new InstanceTypeResolver(Catalog.bundled(), zones, true), clock, Duration.ofSeconds(30),
                new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL)), CloudEventSource.NONE, List.of());
    }
}
