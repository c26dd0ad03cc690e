package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Pod;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a planned claim into a {@link PlannedNodeClaim}: the instance types that fit its pods,
 * priced by their cheapest offering in its zones and capacity types, cheapest first, at most
 * {@value #MAX_INSTANCE_TYPES} (Karpenter's launch limit) unless minValues needs more; and its
 * requirements with the instance types, zones and capacity types written out.
 */
final class ClaimFinalizer {

    static final int MAX_INSTANCE_TYPES = 60;

    private ClaimFinalizer() {
    }

    static PlannedNodeClaim finish(ClaimPlan c, Domains domains) {
        PoolTemplate t = c.template;
        List<String> zones = domains.names(c.zones);
        List<String> capacityTypes = new ArrayList<>();
        for (int i = 0; i < Domains.CAPACITY_TYPES.length; i++) if ((c.capacityTypes & (1 << i)) != 0) capacityTypes.add(Domains.CAPACITY_TYPES[i]);
        List<PlannedNodeClaim.Option> all = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        double[] prices = t.cheapest(c.zones, c.capacityTypes);
        for (int i = c.candidates.next(0); i >= 0; i = c.candidates.next(i + 1)) {
            all.add(new PlannedNodeClaim.Option(t.types[i], prices[i]));
            indexes.add(i);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) order.add(i);
        order.sort(Comparator.comparingDouble((Integer i) -> all.get(i).price()).thenComparing(i -> all.get(i).type().name()));
        NodeRequirements reqs = c.requirements().copy();
        List<PlannedNodeClaim.Option> options = new ArrayList<>();
        TypeSet chosen = TypeSet.empty(t.typeCount());
        for (int k : order) {
            if (options.size() >= MAX_INSTANCE_TYPES && MinValues.satisfied(t, reqs, chosen)) break;
            options.add(all.get(k));
            chosen.set(indexes.get(k));
        }
        List<String> names = new ArrayList<>();
        for (PlannedNodeClaim.Option o : options) names.add(o.type().name());
        reqs.add(NodeRequirement.in(WellKnownLabels.INSTANCE_TYPE, names.toArray(new String[0])));
        reqs.add(NodeRequirement.in(WellKnownLabels.ZONE, zones.toArray(new String[0])));
        reqs.add(NodeRequirement.in(WellKnownLabels.CAPACITY_TYPE, capacityTypes.toArray(new String[0])));

        ResolvedInstanceType first = options.get(0).type();
        int firstIndex = indexes.get(order.get(0));
        ResourceList alloc = first.allocatable();
        long[] room = t.room[firstIndex];
        ResourceList daemons = new ResourceList(alloc.cpuMillis() - room[PoolTemplate.CPU], alloc.memoryBytes() - room[PoolTemplate.MEM],
                alloc.ephemeralBytes() - room[PoolTemplate.EPH], alloc.gpus() - room[PoolTemplate.GPU], alloc.pods() - room[PoolTemplate.PODS]);
        ResourceList requests = new ResourceList(c.cpu, c.mem, c.eph, c.gpu, c.pods).plus(daemons);
        List<Pod> pods = new ArrayList<>();
        for (PodFacts p : c.placed) pods.add(p.original);
        Map<String, String> labels = new LinkedHashMap<>(t.pool.labels());
        for (NodeRequirement r : reqs.all()) {
            // Karpenter's PopulateNodeClaimDetails: a requirement left with one value becomes a label,
            // so that a pod selecting team=a on a pool allowing team In [a, b] finds it on the node.
            String value = r.single();
            if (value != null && !r.key().equals(WellKnownLabels.HOSTNAME)) labels.putIfAbsent(r.key(), value);
        }
        labels.put(WellKnownLabels.NODEPOOL, t.name());
        return new PlannedNodeClaim(t.name(), t.tenant, reqs.toRequirements(), options, zones, capacityTypes, pods, requests,
                labels, t.pool.taints(), t.pool.startupTaints());
    }
}
