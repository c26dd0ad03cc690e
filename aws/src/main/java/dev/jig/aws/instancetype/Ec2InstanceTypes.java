package dev.jig.aws.instancetype;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.ec2.NodeSizing;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.pricing.PriceProvider;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The instance types a node class can launch, as the cloud port wants them: each sized by the AMI
 * family formulas of {@link NodeSizing}, labelled, and offered in the zones both EC2 offers it in
 * and the node class has subnets in, on demand (bundled price list) and as spot (where EC2 has a
 * spot price). Offerings in the {@link UnavailableOfferings} cache are left out; the type stays.
 * The sizing is cached per node class name, for the node class and catalog it was made for (an edited node class or a
 * new catalog replaces it, so the cache holds one entry per node class however often they change); offerings are
 * built per call. Thread-safe.
 */
public final class Ec2InstanceTypes {

    private final InstanceTypeProvider types;
    private final PriceProvider prices;
    private final String region;
    private final Map<String, Sized> sized = new ConcurrentHashMap<>();

    public Ec2InstanceTypes(InstanceTypeProvider types, PriceProvider prices, String region) {
        this.types = types;
        this.prices = prices;
        this.region = region;
    }

    /** The region every offering belongs to. */
    public String region() {
        return region;
    }

    /** Every type {@code nodeClass} can launch in {@code subnetZones}, with the offerings available now. */
    public List<ResolvedInstanceType> resolve(NodeClass nodeClass, Set<String> subnetZones, UnavailableOfferings unavailable) {
        List<ResolvedInstanceType> out = new ArrayList<>();
        for (ResolvedInstanceType t : sized(nodeClass)) {
            List<Offering> offerings = new ArrayList<>();
            for (Offering o : offerings(t.name(), subnetZones)) {
                if (!unavailable.isUnavailable(t.name(), o.zone(), o.capacityType())) offerings.add(o);
            }
            out.add(new ResolvedInstanceType(t.type(), t.labels(), t.sizing(), offerings));
        }
        return out;
    }

    /** {@code type} as {@code nodeClass} sizes it, with exactly {@code offering}: what an instance of it is. */
    public ResolvedInstanceType of(NodeClass nodeClass, String type, Offering offering) {
        for (ResolvedInstanceType t : sized(nodeClass)) {
            if (t.name().equals(type)) return new ResolvedInstanceType(t.type(), t.labels(), t.sizing(), List.of(offering));
        }
        return null;
    }

    /** The offerings of {@code type} in {@code zones}, unavailable ones included. */
    public List<Offering> offerings(String type, Set<String> zones) {
        Set<String> offered = types.zones(type);
        List<Offering> out = new ArrayList<>();
        for (String zone : zones) {
            if (offered != null && !offered.contains(zone)) continue;
            OptionalDouble od = prices.onDemand(type);
            if (od.isPresent()) out.add(new Offering(region, zone, Offering.ON_DEMAND, od.getAsDouble(), false));
            OptionalDouble spot = prices.spot(type, zone);
            if (spot.isPresent()) out.add(new Offering(region, zone, Offering.SPOT, spot.getAsDouble(), false));
        }
        return out;
    }

    private List<ResolvedInstanceType> sized(NodeClass nodeClass) {
        Catalog catalog = types.catalog();
        Sized s = sized.get(nodeClass.name());
        if (s != null && s.catalog() == catalog && s.nodeClass().equals(nodeClass)) return s.types();
        List<ResolvedInstanceType> out = new ArrayList<>(catalog.size());
        for (InstanceType type : catalog.all()) {
            Map<String, String> labels = new LinkedHashMap<>(type.labels());
            labels.put(WellKnownLabels.OS, nodeClass.amiFamily().os());
            out.add(new ResolvedInstanceType(type, labels, NodeSizing.of(type, nodeClass), List.of()));
        }
        sized.put(nodeClass.name(), new Sized(nodeClass, catalog, List.copyOf(out)));
        return out;
    }

    /** How many node classes' sizings are cached (tests). */
    int cached() {
        return sized.size();
    }

    private record Sized(NodeClass nodeClass, Catalog catalog, List<ResolvedInstanceType> types) {
    }
}
