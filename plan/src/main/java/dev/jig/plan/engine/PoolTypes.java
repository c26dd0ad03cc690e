package dev.jig.plan.engine;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.PoolRequirement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The instance types a NodePool can launch, for thousands of pools at once. Two shortcuts, neither of
 * which changes what the scheduler decides: node classes that size nodes alike (same AMI family,
 * kubelet settings and storage; the name and selectors do not size anything) share one resolved
 * catalog, and each pool gets only the types its own instance-type requirements admit (the catalog's
 * cached bit sets), which the scheduler would discard for it anyway. Requirements on keys no instance
 * type carries (tenancy, custom labels) and offering keys are left to the scheduler. Thread-safe.
 */
final class PoolTypes {

    private final InstanceTypeResolver resolver;
    private final Catalog catalog;
    private final Set<String> typeKeys = new HashSet<>();

    PoolTypes(InstanceTypeResolver resolver) {
        this.resolver = resolver;
        this.catalog = resolver.catalog();
        for (InstanceType t : catalog.all()) typeKeys.addAll(t.labels().keySet());
    }

    List<ResolvedInstanceType> of(NodePool pool, NodeClass nodeClass) {
        NodeClass sizing = new NodeClass("", nodeClass.amiFamily(), nodeClass.kubelet(), nodeClass.ephemeralBytes(), nodeClass.raid0());
        List<ResolvedInstanceType> all = resolver.resolve(sizing);
        List<Requirement> typed = new ArrayList<>();
        for (PoolRequirement r : pool.requirements()) if (typeKeys.contains(r.requirement().key())) typed.add(r.requirement());
        BitSet admitted = catalog.selection(typed);
        List<ResolvedInstanceType> out = new ArrayList<>(admitted.cardinality());
        for (int i = admitted.nextSetBit(0); i >= 0; i = admitted.nextSetBit(i + 1)) out.add(all.get(i));
        return out;
    }
}
