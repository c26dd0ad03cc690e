package dev.jig.aws.fleet;

import dev.jig.controller.cloud.Offering;
import java.util.Comparator;
import java.util.List;

/**
 * The CreateFleet request for one NodeClaim, as Karpenter shapes it: spot when the NodeClaim
 * allows spot and some candidate is spot (with {@code price-capacity-optimized}), else on-demand
 * (with {@code lowest-price}); the overrides are the candidates of that capacity type, cheapest
 * first, at most {@value #MAX_OVERRIDES}. Pure.
 */
public record FleetPlan(String capacityType, String allocationStrategy, List<Candidate> overrides) {

    /** EC2 accepts more, but Karpenter keeps CreateFleet requests to 60 overrides. */
    public static final int MAX_OVERRIDES = 60;

    public FleetPlan {
        overrides = List.copyOf(overrides);
    }

    /** The plan for {@code candidates}; empty overrides when there are none. */
    public static FleetPlan of(List<Candidate> candidates) {
        boolean spot = candidates.stream().anyMatch(c -> c.capacityType().equals(Offering.SPOT));
        String type = spot ? Offering.SPOT : Offering.ON_DEMAND;
        List<Candidate> chosen = candidates.stream().filter(c -> c.capacityType().equals(type))
                .sorted(Comparator.comparingDouble(Candidate::price).thenComparing(Candidate::instanceType).thenComparing(Candidate::zone))
                .limit(MAX_OVERRIDES).toList();
        return new FleetPlan(type, spot ? "price-capacity-optimized" : "lowest-price", chosen);
    }
}
