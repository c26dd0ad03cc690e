package dev.jig.controller.metrics;

import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link CloudProvider} that times every call and counts its failures, then answers as the provider it wraps
 * (Karpenter's cloud provider metrics decorator; Prometheus names in brackets):
 * <ul>
 *   <li>{@code jig.cloudprovider.duration{method,provider}} [{@code jig_cloudprovider_duration_seconds}];</li>
 *   <li>{@code jig.cloudprovider.errors{method,provider,error}} [{@code jig_cloudprovider_errors_total}], {@code error}
 *       being the simple name of what the call threw ({@code InsufficientCapacityException}, ...). A delete answered
 *       {@code NodeClaimNotFoundException} counts too: callers read it as success, a dashboard can leave it out.</li>
 * </ul>
 * Thread-safe as the provider it wraps.
 */
public final class MeteredCloudProvider implements CloudProvider {

    private final CloudProvider next;
    private final MeterRegistry registry;

    public MeteredCloudProvider(CloudProvider next, MeterRegistry registry) {
        this.next = next;
        this.registry = registry;
    }

    @Override
    public List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        return call("InstanceTypes", () -> next.instanceTypes(pool, nodeClass));
    }

    @Override
    public Instance create(NodeClaim claim, NodeClass nodeClass) {
        return call("Create", () -> next.create(claim, nodeClass));
    }

    @Override
    public void delete(String providerId) {
        call("Delete", () -> {
            next.delete(providerId);
            return null;
        });
    }

    @Override
    public Optional<Instance> get(String providerId) {
        return call("Get", () -> next.get(providerId));
    }

    @Override
    public List<Instance> list() {
        return call("List", next::list);
    }

    @Override
    public Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass) {
        return call("IsDrifted", () -> next.isDrifted(claim, pool, nodeClass));
    }

    @Override
    public String name() {
        return next.name();
    }

    @Override
    public long offeringsVersion() {
        return next.offeringsVersion();
    }

    @Override
    public void markUnavailable(String instanceType, String zone, String capacityType) {
        next.markUnavailable(instanceType, zone, capacityType);
    }

    private <T> T call(String method, Supplier<T> call) {
        Timer.Sample sample = Timer.start(registry);
        try {
            return call.get();
        } catch (RuntimeException e) {
            registry.counter("jig.cloudprovider.errors", "method", method, "provider", next.name(), "error", e.getClass().getSimpleName()).increment();
            throw e;
        } finally {
            sample.stop(Timer.builder("jig.cloudprovider.duration").description("How long each cloud provider call took")
                    .tags("method", method, "provider", next.name()).register(registry));
        }
    }
}
