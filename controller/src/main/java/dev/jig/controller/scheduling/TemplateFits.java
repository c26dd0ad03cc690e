package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.requirements.NodeRequirement;

/** Decides a pod's {@link PodFacts.TemplateFit} for one pool: taints, requirements, types, offerings, size. */
final class TemplateFits {

    private TemplateFits() {
    }

    static PodFacts.TemplateFit of(PodFacts p, PoolTemplate t, Domains domains) {
        if (p.unsupported != null) return refuse(t, Rule.UNSUPPORTED_REQUEST, "pod " + p.unsupported);
        if (t.typeCount() == 0) return refuse(t, Rule.NO_NODE_POOL, "the pool's requirements leave no instance type with an offering");
        Taint taint = t.untolerated(p.pod.tolerations(), true);
        if (taint != null) {
            return refuse(t, Rule.POD_TAINTS, "does not tolerate taint " + taint.key() + (taint.value() == null ? "" : "=" + taint.value()) + ":" + taint.effect());
        }
        String why = t.requirements.compatible(p.requirements);
        if (why != null) return refuse(t, Rule.POD_REQUIREMENTS, "incompatible requirements, " + why);
        if (p.hostRequirement != null && p.hostRequirement.operator() == Requirement.Operator.In) {
            return refuse(t, Rule.POD_REQUIREMENTS, "the pod requires hostname " + p.hostRequirement.values() + ", which no new node has");
        }
        TypeSet types = t.all.copy();
        for (NodeRequirement r : p.typeRequirements) types.and(t.matching(r));
        if (types.isEmpty()) return refuse(t, Rule.POD_REQUIREMENTS, "no instance type of the pool matches " + p.typeRequirements);
        long zones = p.zoneRequirement == null ? t.zoneMask : domains.zonesAllowed(p.zoneRequirement, t.zoneMask);
        int cts = t.capacityTypeMask & (p.capacityTypeRequirement == null ? -1 : Domains.capacityTypesAllowed(p.capacityTypeRequirement));
        types.and(t.offered(zones, cts));
        if (types.isEmpty()) {
            return refuse(t, Rule.POD_REQUIREMENTS, "no instance type has an offering in the zones and capacity types the pod allows");
        }
        TypeSet fitting = t.fitting(p.cpu, p.mem, p.eph, p.gpu, 1).and(types);
        if (fitting.isEmpty()) {
            return refuse(t, Rule.POD_RESOURCES, "requests " + p.pod.requests() + " exceed the room of every instance type (largest: "
                    + largest(t, types) + ", DaemonSets deducted)");
        }
        return new PodFacts.TemplateFit(null, fitting, zones, cts);
    }

    private static PodFacts.TemplateFit refuse(PoolTemplate t, Rule rule, String message) {
        return new PodFacts.TemplateFit(new Refusal(t.name(), rule, message), null, 0, 0);
    }

    private static String largest(PoolTemplate t, TypeSet types) {
        long cpu = 0, mem = 0, gpu = 0;
        for (int i = types.next(0); i >= 0; i = types.next(i + 1)) {
            cpu = Math.max(cpu, t.room[i][PoolTemplate.CPU]);
            mem = Math.max(mem, t.room[i][PoolTemplate.MEM]);
            gpu = Math.max(gpu, t.room[i][PoolTemplate.GPU]);
        }
        return new ResourceList(cpu, mem, 0, gpu, 0).toString();
    }
}
