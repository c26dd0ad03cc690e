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
 * the core's.
 */
record CloudWiring(CloudProvider provider, CloudEventSource events, List<Reconciler> reconcilers) {

    CloudWiring {
        reconcilers = List.copyOf(reconcilers);
    }

    /** The simulated cloud over the bundled catalog in {@code zones}, spot included, with a 30 s launch. */
    static CloudWiring simulated(Clock clock, List<String> zones) {
        return new CloudWiring(new SimulatedCloud(new InstanceTypeResolver(Catalog.bundled(), zones, true), clock, Duration.ofSeconds(30),
                new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL)), CloudEventSource.NONE, List.of());
    }
}
