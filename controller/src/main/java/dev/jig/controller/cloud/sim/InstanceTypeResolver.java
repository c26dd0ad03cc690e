package dev.jig.controller.cloud.sim;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.ec2.NodeSizing;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns the compiler's catalog into {@link ResolvedInstanceType}s for a node class: sized by
 * {@link NodeSizing}, labelled with the catalog's well-known labels (and the family's OS), and
 * offered in each zone on demand at the catalog's price and, when {@code spot} is on, as spot at a
 * {@link SpotPrices simulated} price. Types without a published on-demand price have no offerings.
 * Every offering is in the catalog's region: the zones must be zones of that region, Local Zones
 * ({@code us-east-1-bos-1a}) included. Results are cached per node class; thread-safe.
 */
public final class InstanceTypeResolver {

    private final Catalog catalog;
    private final List<String> zones;
    private final boolean spot;
    private final Map<NodeClass, List<ResolvedInstanceType>> cache = new ConcurrentHashMap<>();
    private final Map<NodeClass, Map<String, ResolvedInstanceType>> byName = new ConcurrentHashMap<>();

    public InstanceTypeResolver(Catalog catalog, List<String> zones, boolean spot) {
        this.catalog = catalog;
        this.zones = List.copyOf(zones);
        this.spot = spot;
    }

    public Catalog catalog() {
        return catalog;
    }

    public List<String> zones() {
        return zones;
    }

    /** Every catalog type as {@code nodeClass} would launch it, in catalog order. */
    public List<ResolvedInstanceType> resolve(NodeClass nodeClass) {
        return cache.computeIfAbsent(nodeClass, this::build);
    }

    /** Only the named types, in the given order; unknown names are skipped. */
    public List<ResolvedInstanceType> resolve(NodeClass nodeClass, List<String> names) {
        Map<String, ResolvedInstanceType> types = byName.computeIfAbsent(nodeClass, nc -> {
            Map<String, ResolvedInstanceType> m = new HashMap<>();
            for (ResolvedInstanceType t : resolve(nc)) m.put(t.name(), t);
            return Map.copyOf(m);
        });
        List<ResolvedInstanceType> out = new ArrayList<>(names.size());
        for (String n : names) {
            ResolvedInstanceType t = types.get(n);
            if (t != null) out.add(t);
        }
        return out;
    }

    private List<ResolvedInstanceType> build(NodeClass nodeClass) {
        List<ResolvedInstanceType> out = new ArrayList<>(catalog.size());
        String region = catalog.region();
        for (InstanceType type : catalog.all()) {
            Map<String, String> labels = new LinkedHashMap<>(type.labels());
            labels.put(WellKnownLabels.OS, nodeClass.amiFamily().os());
            List<Offering> offerings = new ArrayList<>();
            if (type.onDemandPrice().isPresent()) {
                double od = type.onDemandPrice().getAsDouble();
                for (String zone : zones) {
                    offerings.add(new Offering(region, zone, Offering.ON_DEMAND, od, false));
                    if (spot) offerings.add(new Offering(region, zone, Offering.SPOT, SpotPrices.price(type.name(), zone, od), true));
                }
            }
            out.add(new ResolvedInstanceType(type, labels, NodeSizing.of(type, nodeClass), offerings));
        }
        return List.copyOf(out);
    }
}
