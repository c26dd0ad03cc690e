package dev.jig.plan.engine;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;
import dev.jig.plan.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The workload scheduled from scratch against one revision by the controller's scheduling core
 * ({@link Scheduler#solve}): every pod pending, no existing node, each NodePool with the instance
 * types its node class can launch from the catalog (on-demand at the catalog's price, spot at the
 * simulated cloud's estimate), the DaemonSets, and the revision's tenancy, whose quotas hold across
 * each tenant's pools. Each planned NodeClaim becomes a node of its cheapest option, in its cheapest
 * allowed offering, which is what the cloud launches when every offering is available.
 *
 * @param podPools pod key → the pool of the node it was planned onto
 * @param unschedulable pod key → the pod's refusals
 */
public record SidePlan(Revision revision, List<PlannedNode> nodes, Map<String, String> podPools, Map<String, Unschedulable> unschedulable) {

    /** A node the plan launches: its pool, instance type, offering and capacity (as limits count it). */
    public record PlannedNode(String pool, String instanceType, String capacityType, double perHour, boolean estimated, ResourceList capacity,
                              int pods) {
    }

    public SidePlan {
        nodes = List.copyOf(nodes);
        podPools = Map.copyOf(podPools);
        unschedulable = Map.copyOf(unschedulable);
    }

    /** Schedules {@code workload} against {@code revision}. */
    public static SidePlan run(Revision revision, Workload workload, InstanceTypeResolver types) {
        List<SchedulingInput.Pool> pools = new ArrayList<>();
        for (NodePool pool : revision.pools()) {
            NodeClass nodeClass = revision.nodeClasses().get(pool.nodeClassName());
            if (nodeClass == null) continue;
            pools.add(new SchedulingInput.Pool(pool, types.resolve(nodeClass)));
        }
        List<Pod> pods = workload.pods();
        if (revision.tenancy().isPresent()) {
            TenantSteering steering = new TenantSteering(revision.tenancy().get());
            pods = pods.stream().map(steering::steer).toList();
        }
        SchedulingResult result = Scheduler.solve(new SchedulingInput(pods, List.of(), pools, workload.daemonSets(), revision.tenancy(), true));
        List<PlannedNode> nodes = new ArrayList<>();
        Map<String, String> podPools = new HashMap<>();
        for (PlannedNodeClaim claim : result.newClaims()) {
            nodes.add(node(claim));
            for (Pod p : claim.pods()) if (!p.daemonSet()) podPools.put(p.key(), claim.pool());
        }
        Map<String, Unschedulable> unschedulable = new HashMap<>();
        for (Unschedulable u : result.unschedulable()) unschedulable.put(u.pod().key(), u);
        return new SidePlan(revision, nodes, podPools, unschedulable);
    }

    private static PlannedNode node(PlannedNodeClaim claim) {
        ResolvedInstanceType type = claim.cheapest().type();
        Optional<Offering> offering = type.offerings().stream()
                .filter(o -> claim.capacityTypes().contains(o.capacityType()) && claim.zones().contains(o.zone()))
                .min((a, b) -> Double.compare(a.pricePerHour(), b.pricePerHour()));
        String capacityType = offering.map(Offering::capacityType).orElse(claim.capacityTypes().isEmpty() ? Offering.ON_DEMAND : claim.capacityTypes().get(0));
        double price = offering.map(Offering::pricePerHour).orElse(claim.cheapest().price());
        boolean estimated = offering.map(Offering::simulated).orElse(!capacityType.equals(Offering.ON_DEMAND));
        int pods = (int) claim.pods().stream().filter(p -> !p.daemonSet()).count();
        return new PlannedNode(claim.pool(), type.name(), capacityType, price, estimated, type.capacity(), pods);
    }
}
