package dev.jig.aws.fleet;

import dev.jig.controller.cloud.Offering;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The CreateFleet request for one NodeClaim, as Karpenter shapes it, from the candidates it may launch:
 * <ol>
 *   <li>spot offerings priced above the cheapest on-demand one are dropped (spot is worth it only cheaper);</li>
 *   <li>spot when some candidate is still spot (with {@code price-capacity-optimized}), else on-demand
 *       (with {@code lowest-price}), and only candidates of that capacity type;</li>
 *   <li>exotic types (bare metal; GPUs or accelerators the NodeClaim does not ask for) only when nothing else is left;</li>
 *   <li>the {@value #MAX_TYPES} cheapest instance types (by their cheapest offering), with every offering of each, so a
 *       type keeps all of its zones' subnets: the limit counts types, not overrides.</li>
 * </ol>
 * Overrides cheapest first. Pure.
 */
public record FleetPlan(String capacityType, String allocationStrategy, List<Candidate> overrides) {

    /** Karpenter keeps CreateFleet requests to 60 instance types. */
    public static final int MAX_TYPES = 60;

    public FleetPlan {
        overrides = List.copyOf(overrides);
    }

    /** The plan for {@code candidates}; empty overrides when there are none. */
    public static FleetPlan of(List<Candidate> candidates) {
        double cheapestOnDemand = candidates.stream().filter(c -> c.capacityType().equals(Offering.ON_DEMAND))
                .mapToDouble(Candidate::price).min().orElse(Double.POSITIVE_INFINITY);
        List<Candidate> wanted = candidates.stream()
                .filter(c -> !c.capacityType().equals(Offering.SPOT) || c.price() <= cheapestOnDemand).toList();
        boolean spot = wanted.stream().anyMatch(c -> c.capacityType().equals(Offering.SPOT));
        String type = spot ? Offering.SPOT : Offering.ON_DEMAND;
        List<Candidate> ofType = wanted.stream().filter(c -> c.capacityType().equals(type)).toList();
        if (ofType.stream().anyMatch(c -> !c.exotic())) ofType = ofType.stream().filter(c -> !c.exotic()).toList();
        List<Candidate> sorted = ofType.stream()
                .sorted(Comparator.comparingDouble(Candidate::price).thenComparing(Candidate::instanceType).thenComparing(Candidate::zone)).toList();
        Set<String> types = new LinkedHashSet<>();
        for (Candidate c : sorted) {
            if (types.size() == MAX_TYPES) break;
            types.add(c.instanceType());
        }
        List<Candidate> chosen = sorted.stream().filter(c -> types.contains(c.instanceType())).toList();
        return new FleetPlan(type, spot ? "price-capacity-optimized" : "lowest-price", chosen);
    }
}
