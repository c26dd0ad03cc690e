package dev.jig.controller.cloud.sim;

import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.NodeClaim;
import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
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
 * a boot latency after which an instance's kubelet can register, and injectable capacity errors per
 * offering. A launch tries the allowed offerings cheapest first, as EC2 CreateFleet's lowest-price
 * strategy does; an offering out of capacity goes into the {@link UnavailableOfferings} cache and the
 * next one is tried. Thread-safe.
 */
public final class SimulatedCloud implements CloudProvider {

    private final InstanceTypeResolver resolver;
    private final Clock clock;
    private final Duration bootLatency;
    private final UnavailableOfferings unavailable;
    private final Set<String> capacityErrors = ConcurrentHashMap.newKeySet();
    private final Map<String, Instance> instances = new LinkedHashMap<>();
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

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        List<ResolvedInstanceType> out = new ArrayList<>();
        for (ResolvedInstanceType t : resolver.resolve(nodeClass)) {
            List<Offering> available = new ArrayList<>();
            for (Offering o : t.offerings()) {
                if (!unavailable.isUnavailable(t.name(), o.zone(), o.capacityType())) available.add(o);
            }
            out.add(available.size() == t.offerings().size() ? t : new ResolvedInstanceType(t.type(), t.labels(), t.sizing(), available));
        }
        return out;
    }

    @Override
    public synchronized Instance create(NodeClaim claim, NodeClass nodeClass) throws InsufficientCapacityException {
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
        List<String> failed = new ArrayList<>();
        for (Candidate c : candidates) {
            Offering o = c.offering();
            if (unavailable.isUnavailable(c.type().name(), o.zone(), o.capacityType())) continue;
            if (outOfCapacity(c.type().name(), o.zone(), o.capacityType())) {
                unavailable.markUnavailable(c.type().name(), o.zone(), o.capacityType());
                failed.add(c.type().name() + " in " + o.zone() + " (" + o.capacityType() + ")");
                continue;
            }
            String id = String.format("i-%016x", ++sequence);
            String providerId = name() + ":///" + o.zone() + "/" + id;
            Instance instance = new Instance(providerId, claim.name(), c.type(), o, clock.instant(), clock.instant().plus(bootLatency));
            instances.put(providerId, instance);
            return instance;
        }
        throw new InsufficientCapacityException("no capacity for NodeClaim " + claim.name()
                + (failed.isEmpty() ? ": every allowed offering is unavailable" : ": " + String.join(", ", failed)));
    }

    @Override
    public synchronized void delete(String providerId) {
        instances.remove(providerId);
    }

    @Override
    public synchronized Optional<Instance> get(String providerId) {
        return Optional.ofNullable(instances.get(providerId));
    }

    @Override
    public synchronized List<Instance> list() {
        return List.copyOf(instances.values());
    }

    private boolean outOfCapacity(String type, String zone, String capacityType) {
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
}
