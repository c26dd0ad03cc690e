package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.PoolRequirement;
import dev.jig.controller.scheduling.PlannedNodeClaim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Narrows a replacement NodeClaim to the instance types strictly cheaper than what it replaces
 * (Karpenter's {@code RemoveInstanceTypeOptionsByPriceAndMinValues}), in the capacity types it may
 * launch as, and rewrites its instance-type and capacity-type requirements to match, so the launch
 * can never pick a type that is not a saving.
 */
final class Replacements {

    private Replacements() {
    }

    /**
     * {@code claim} with only the options priced below {@code maxPrice} in {@code capacityTypes}
     * (priced at their cheapest offering of those capacity types in the claim's zones), cheapest
     * first, at most {@code limit} of them, but never fewer than the pool's {@code minValues} need;
     * empty when none is left or minValues can no longer be met.
     */
    static Optional<PlannedNodeClaim> cheaper(PlannedNodeClaim claim, NodePool pool, double maxPrice, List<String> capacityTypes, int limit) {
        record Priced(PlannedNodeClaim.Option option, double price) {
        }
        List<Priced> priced = new ArrayList<>();
        for (PlannedNodeClaim.Option o : claim.options()) {
            double p = price(o.type(), claim.zones(), capacityTypes);
            if (p < maxPrice) priced.add(new Priced(new PlannedNodeClaim.Option(o.type(), p), p));
        }
        priced.sort(Comparator.comparingDouble(Priced::price).thenComparing(p -> p.option().type().name()));
        List<PlannedNodeClaim.Option> options = new ArrayList<>();
        for (Priced p : priced) options.add(p.option());
        int keep = Math.max(limit, minValuesPrefix(options, pool));
        if (options.size() > keep) options = new ArrayList<>(options.subList(0, keep));
        if (options.isEmpty() || minValuesPrefix(options, pool) < 0) return Optional.empty();
        List<String> names = options.stream().map(o -> o.type().name()).toList();
        List<Requirement> reqs = new ArrayList<>();
        for (Requirement r : claim.requirements()) {
            if (!r.key().equals(WellKnownLabels.INSTANCE_TYPE) && !r.key().equals(WellKnownLabels.CAPACITY_TYPE)) reqs.add(r);
        }
        reqs.add(Requirement.in(WellKnownLabels.INSTANCE_TYPE, names));
        reqs.add(Requirement.in(WellKnownLabels.CAPACITY_TYPE, capacityTypes));
        return Optional.of(new PlannedNodeClaim(claim.pool(), claim.tenant(), reqs, options, claim.zones(), capacityTypes,
                claim.pods(), claim.requests(), claim.labels(), claim.taints(), claim.startupTaints()));
    }

    /** The cheapest offering of {@code type} in {@code zones} and {@code capacityTypes}; +∞ without one. */
    static double price(ResolvedInstanceType type, List<String> zones, List<String> capacityTypes) {
        double best = Double.POSITIVE_INFINITY;
        for (Offering o : type.offerings()) {
            if (zones.contains(o.zone()) && capacityTypes.contains(o.capacityType())) best = Math.min(best, o.pricePerHour());
        }
        return best;
    }

    /**
     * How many of the cheapest {@code options} it takes to meet every {@code minValues} of the pool
     * (0 without minValues), or -1 when all of them do not.
     */
    static int minValuesPrefix(List<PlannedNodeClaim.Option> options, NodePool pool) {
        int need = 0;
        for (PoolRequirement r : pool.requirements()) {
            if (r.minValues() <= 0) continue;
            Set<String> seen = new HashSet<>();
            int at = -1;
            for (int i = 0; i < options.size() && at < 0; i++) {
                ResolvedInstanceType t = options.get(i).type();
                String v = r.requirement().key().equals(WellKnownLabels.INSTANCE_TYPE) ? t.name() : t.label(r.requirement().key());
                if (v != null) seen.add(v);
                if (seen.size() >= r.minValues()) at = i + 1;
            }
            if (at < 0) return -1;
            need = Math.max(need, at);
        }
        return need;
    }
}
