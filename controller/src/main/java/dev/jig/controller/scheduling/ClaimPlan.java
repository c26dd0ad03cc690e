package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.List;

/**
 * A NodeClaim being planned (Karpenter's scheduling.NodeClaim): the instance types it may still
 * become (compatible with all its pods and with room for them), its open zones and capacity types,
 * the pods' requests, and a {@code target} type that bounds how much it packs. The target is one of
 * the types the cost model picked for this batch (see {@link Packer}); the NodeClaim's options stay
 * every fitting type, cheapest first.
 */
final class ClaimPlan implements Target {

    final PoolTemplate template;
    final int host;
    /** The types that hold the pods, whatever the limits: offered in its zones and capacity types, compatible with every pod. */
    TypeSet feasible;
    /** The types it may launch as: the feasible ones the limits allow, narrowed when they bind ({@link LimitNarrowing}). */
    TypeSet candidates;
    long zones;
    int capacityTypes;
    /** The template's requirements narrowed by pods' custom requirements; null while not narrowed. */
    NodeRequirements custom;
    long cpu, mem, eph, gpu, pods;
    int target;
    final List<PodFacts> placed = new ArrayList<>();
    /** Worst-case capacity charged to the ledger: cpu, memory, gpu, nodes. */
    final long[] charged = new long[4];
    boolean open = true;
    /** Where {@link OpenClaims} indexes it; null while not indexed. */
    OpenClaims.Position position;
    OpenClaims.Shelf shelf;
    int slot;

    ClaimPlan(PoolTemplate template, int host, int target) {
        this.template = template;
        this.host = host;
        this.target = target;
        this.feasible = template.offered(template.zoneMask, template.capacityTypeMask);
        this.candidates = feasible;
        this.zones = template.zoneMask;
        this.capacityTypes = template.capacityTypeMask;
    }

    long[] room() {
        return template.room[target];
    }

    /** The candidate with the most cpu room: the packing target when a pod's requirements or the limits drop the old one. */
    int widest() {
        int best = -1;
        for (int i = candidates.next(0); i >= 0; i = candidates.next(i + 1)) {
            if (best < 0 || template.room[i][PoolTemplate.CPU] > template.room[best][PoolTemplate.CPU]) best = i;
        }
        return best;
    }

    boolean isEmpty() {
        return placed.isEmpty();
    }

    NodeRequirements requirements() {
        return custom != null ? custom : template.requirements;
    }

    @Override
    public long zones() {
        return zones;
    }

    @Override
    public long domains(DomainKey key) {
        return key.ofClaim(this);
    }

    @Override
    public int hostId() {
        return host;
    }

    @Override
    public List<Taint> taints() {
        return template.taints;
    }

    /** Karpenter's check of a planned node against a spread's node filter: compatible requirements. */
    @Override
    public boolean satisfies(NodeRequirements filter) {
        NodeRequirements mine = requirements().copy();
        mine.add(NodeRequirement.in(WellKnownLabels.ZONE, template.domains.names(zones).toArray(new String[0])));
        if (mine.compatible(filter) != null) return false;
        for (NodeRequirement r : filter.all()) {
            if (PoolTemplate.isTypeKey(r.key()) && !TypeSet.intersects(candidates, template.matching(r))) return false;
        }
        return true;
    }

    /** Pods of this claim, for the result. */
    List<PodFacts> pods() {
        return placed;
    }
}
