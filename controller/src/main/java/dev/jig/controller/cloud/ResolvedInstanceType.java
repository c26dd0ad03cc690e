package dev.jig.controller.cloud;

import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeSizing;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;

import java.util.List;
import java.util.Map;

/**
 * An instance type as a node class would launch it: its labels, capacity, overhead, allocatable
 * and the offerings (zone × capacity type) it can be bought in. Built by {@link InstanceTypeResolver}
 * from the compiler's catalog; immutable.
 */
public record ResolvedInstanceType(
        InstanceType type,
        Map<String, String> labels,
        NodeSizing.Sizing sizing,
        List<Offering> offerings) {

    public ResolvedInstanceType {
        labels = Map.copyOf(labels);
        offerings = List.copyOf(offerings);
    }

    public String name() {
        return type.name();
    }

    public ResourceList capacity() {
        return sizing.capacity();
    }

    public ResourceList allocatable() {
        return sizing.allocatable();
    }

    /** The value of a node label on nodes of this type, or null (offering labels excluded). */
    public String label(String key) {
        return labels.get(key);
    }

    /** The same as the record's, with a fast path for the same object: plans compare lists of hundreds of types. */
    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof ResolvedInstanceType r && type.equals(r.type) && labels.equals(r.labels) && sizing.equals(r.sizing)
                && offerings.equals(r.offerings);
    }

    /** The name's hash (cached by the string): consistent with equals, and cheap where whole lists of types are keys. */
    @Override
    public int hashCode() {
        return type.name().hashCode();
    }

    @Override
    public String toString() {
        return type.name();
    }

    /** The cheapest offering in {@code zone} of {@code capacityType}, or null. */
    public Offering offering(String zone, String capacityType) {
        Offering best = null;
        for (Offering o : offerings) {
            if (o.zone().equals(zone) && o.capacityType().equals(capacityType) && (best == null || o.pricePerHour() < best.pricePerHour())) {
                best = o;
            }
        }
        return best;
    }
}
