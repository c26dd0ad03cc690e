package dev.jig.controller.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** A CloudProvider that passes every call on to the current {@code next}; a subclass overrides a call to inject a failure (simulate's faults, tests). */
public class ForwardingCloud implements CloudProvider {

    private final Supplier<CloudProvider> next;

    public ForwardingCloud(CloudProvider next) {
        this(() -> next);
    }

    public ForwardingCloud(Supplier<CloudProvider> next) {
        this.next = next;
    }

    @Override
    public List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        return next.get().instanceTypes(pool, nodeClass);
    }

    @Override
    public Instance create(NodeClaim claim, NodeClass nodeClass) {
        return next.get().create(claim, nodeClass);
    }

    @Override
    public void delete(String providerId) {
        next.get().delete(providerId);
    }

    @Override
    public Optional<Instance> get(String providerId) {
        return next.get().get(providerId);
    }

    @Override
    public List<Instance> list() {
        return next.get().list();
    }

    @Override
    public Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass) {
        return next.get().isDrifted(claim, pool, nodeClass);
    }

    @Override
    public String name() {
        return next.get().name();
    }

    @Override
    public long offeringsVersion() {
        return next.get().offeringsVersion();
    }

    @Override
    public void markUnavailable(String instanceType, String zone, String capacityType) {
        next.get().markUnavailable(instanceType, zone, capacityType);
    }
}
