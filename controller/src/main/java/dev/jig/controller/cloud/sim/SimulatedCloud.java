package dev.jig.controller.cloud.sim;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.InsufficientCapacityException.FailedOffering;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.requirements.NodeRequirements;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A cloud in memory, for {@code simulate} and tests: instance types and on-demand prices from the
 * compiler's catalog (spot prices simulated, see {@link dev.jig.controller.cloud.sim.SpotPrices}),
 * a boot latency after which an instance's kubelet can register, injectable capacity errors per
 * offering, and node classes that can be marked not ready. A launch tries the allowed offerings
 * cheapest first, as EC2 CreateFleet's lowest-price strategy does; an offering out of capacity goes
 * into the {@link UnavailableOfferings} cache and the next one is tried. Termination is immediate:
 * once {@link #delete} returns, the instance is gone and a second delete throws not found.
 * Drift follows {@link SimulatedDrift}. Thread-safe.
 */
public final class SimulatedCloud implements CloudProvider {

    private final InstanceTypeResolver resolver;
    private final Clock clock;
    private final Duration bootLatency;
    private final UnavailableOfferings unavailable;
    private final Set<String> capacityErrors = ConcurrentHashMap.newKeySet();
    private volatile java.util.function.BiPredicate<String, String> storm = (type, zone) -> false;
    private final Map<String, String> notReady = new ConcurrentHashMap<>();
    private final Map<String, Launch> instances = new LinkedHashMap<>();
    private int sequence;

    public SimulatedCloud(InstanceTypeResolver resolver, Clock clock, Duration bootLatency, UnavailableOfferings unavailable) {
        this.resolver = resolver;
        this.clock = clock;
        this.bootLatency = bootLatency;
        this.unavailable = unavailable;
    }

    /** From now on, launches of this offering fail with insufficient capacity ({@code *} matches any zone or capacity type). */
    public void injectCapacityError(String instanceType, String zone, String capacityType) {
        capacityErrors.add(instanceType + '/' + zone + '/' + capacityType);
    }

    public void clearCapacityErrors() {
        capacityErrors.clear();
    }

    /** From now on, launches of the offerings {@code storm} covers (by instance type and zone) fail with insufficient capacity; none when it covers nothing. */
    public void capacityStorm(java.util.function.BiPredicate<String, String> storm) {
        this.storm = storm;
    }

    /** From now on, launches with the node class named {@code nodeClass} fail as not ready, for {@code reason}. */
    public void markNotReady(String nodeClass, String reason) {
        notReady.put(nodeClass, reason);
    }

    public void markReady(String nodeClass) {
        notReady.remove(nodeClass);
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public long offeringsVersion() {
        return unavailable.version();
    }

    @Override
    public List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        List<ResolvedInstanceType> all = resolver.resolve(nodeClass);
        if (unavailable.isEmpty()) return all;
        List<ResolvedInstanceType> out = new ArrayList<>(all.size());
        for (ResolvedInstanceType t : all) {
            List<Offering> available = new ArrayList<>();
            for (Offering o : t.offerings()) {
                if (!unavailable.isUnavailable(t.name(), o.zone(), o.capacityType())) available.add(o);
            }
            out.add(available.size() == t.offerings().size() ? t : new ResolvedInstanceType(t.type(), t.labels(), t.sizing(), available));
        }
        return out;
    }

    @Override
    public synchronized Instance create(NodeClaim claim, NodeClass nodeClass) {
        String why = notReady.get(nodeClass.name());
        if (why != null) throw new NodeClassNotReadyException(nodeClass.name(), why);
        NodeRequirements reqs = NodeRequirements.ofExpressions(claim.requirements());
        List<Candidate> candidates = new ArrayList<>();
        for (ResolvedInstanceType t : resolver.resolve(nodeClass)) {
            if (!reqs.get(WellKnownLabels.INSTANCE_TYPE).allows(t.name())) continue;
            if (!claim.requests().fitsIn(t.allocatable())) continue;
            for (Offering o : t.offerings()) {
                if (reqs.get(WellKnownLabels.ZONE).allows(o.zone()) && reqs.get(WellKnownLabels.CAPACITY_TYPE).allows(o.capacityType())) {
                    candidates.add(new Candidate(t, o));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble((Candidate c) -> c.offering().pricePerHour()).thenComparing(c -> c.type().name())
                .thenComparing(c -> c.offering().zone()));
        List<FailedOffering> failed = new ArrayList<>();
        for (Candidate c : candidates) {
            Offering o = c.offering();
            if (unavailable.isUnavailable(c.type().name(), o.zone(), o.capacityType())) continue;
            if (outOfCapacity(c.type().name(), o.zone(), o.capacityType())) {
                unavailable.markUnavailable(c.type().name(), o.zone(), o.capacityType());
                failed.add(new FailedOffering(c.type().name(), o));
                continue;
            }
            String id = String.format("i-%016x", ++sequence);
            String providerId = name() + ":///" + o.zone() + "/" + id;
            Instance instance = new Instance(providerId, claim.name(), c.type(), o, clock.instant(), clock.instant().plus(bootLatency));
            instances.put(providerId, new Launch(instance, nodeClass));
            return instance;
        }
        List<String> names = failed.stream().map(FailedOffering::toString).toList();
        throw new InsufficientCapacityException("no capacity for NodeClaim " + claim.name()
                + (failed.isEmpty() ? ": every allowed offering is unavailable" : ": " + String.join(", ", names)), failed);
    }

    @Override
    public synchronized void delete(String providerId) {
        if (instances.remove(providerId) == null) throw new NodeClaimNotFoundException(providerId);
    }

    @Override
    public synchronized Optional<Instance> get(String providerId) {
        return Optional.ofNullable(instances.get(providerId)).map(Launch::instance);
    }

    @Override
    public synchronized List<Instance> list() {
        return instances.values().stream().map(Launch::instance).toList();
    }

    @Override
    public Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass) {
        if (claim.status() == null) return Optional.empty();
        NodeClass launchedWith;
        synchronized (this) {
            Launch l = instances.get(claim.status().providerId());
            launchedWith = l == null ? null : l.nodeClass();
        }
        return SimulatedDrift.reason(claim, pool, nodeClass, launchedWith, resolver);
    }

    private boolean outOfCapacity(String type, String zone, String capacityType) {
        if (storm.test(type, zone)) return true;
        for (String t : new String[] {type, "*"}) {
            for (String z : new String[] {zone, "*"}) {
                for (String c : new String[] {capacityType, "*"}) {
                    if (capacityErrors.contains(t + '/' + z + '/' + c)) return true;
                }
            }
        }
        return false;
    }

    private record Candidate(ResolvedInstanceType type, Offering offering) {
    }

    /** An instance and the node class it was launched with, which drift compares against. */
    private record Launch(Instance instance, NodeClass nodeClass) {
    }

    @Override
    public void markUnavailable(String instanceType, String zone, String capacityType) {
        unavailable.markUnavailable(instanceType, zone, capacityType);
    }
}
