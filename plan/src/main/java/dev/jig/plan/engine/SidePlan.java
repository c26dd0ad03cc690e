package dev.jig.plan.engine;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.tenancy.Tenancy;
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
import java.util.TreeMap;

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

    /**
     * Schedules {@code workload} against {@code revision}, one tenant at a time: after steering, a tenant's pods
     * select its own nodes and a pod of no tenant selects nodes of no tenant, and quotas and limits are per
     * tenant and pool, so the tenants' problems are independent and solving them apart gives what one batch would,
     * with refusals from the pools that could have taken the pod. Without a tenancy, one problem.
     */
    public static SidePlan run(Revision revision, Workload workload, InstanceTypeResolver resolver) {
        return run(revision, workload, resolver, new Solutions());
    }

    /**
     * Solutions shared by the two sides of a plan: a tenant whose pools, tenancy entry and steered pods are equal on
     * both sides has the same problem, and the scheduler, being deterministic, the same answer, so it is solved once.
     * A pull request touches a few tenants; the others cost nothing on the second side.
     */
    public static final class Solutions {
        private final Map<Object, SchedulingResult> results = new java.util.concurrent.ConcurrentHashMap<>();
    }

    /** The identity of one tenant's problem: everything {@link Scheduler#solve} reads for it. */
    private record Problem(List<SchedulingInput.Pool> pools, List<Pod> pods, List<Pod> daemonSets, Object tenancyKeys,
                           Optional<Tenancy.TenantEntry> tenant) {
    }

    /** As {@link #run(Revision, Workload, InstanceTypeResolver)}, reusing and adding to {@code solutions}. */
    public static SidePlan run(Revision revision, Workload workload, InstanceTypeResolver resolver, Solutions solutions) {
        PoolTypes types = new PoolTypes(resolver);
        Map<String, List<SchedulingInput.Pool>> pools = new TreeMap<>();
        for (NodePool pool : revision.pools()) {
            NodeClass nodeClass = revision.nodeClasses().get(pool.nodeClassName());
            if (nodeClass == null) continue;
            pools.computeIfAbsent(group(revision.tenantOfPool(pool.name())), k -> new ArrayList<>())
                    .add(new SchedulingInput.Pool(pool, types.of(pool, nodeClass)));
        }
        Map<String, List<Pod>> pods = new TreeMap<>();
        TenantSteering steering = revision.tenancy().map(TenantSteering::new).orElse(null);
        for (Pod p : workload.pods()) {
            String group = steering == null ? NO_TENANT : group(revision.tenantOfNamespace(p.namespace()));
            pods.computeIfAbsent(group, k -> new ArrayList<>()).add(steering == null ? p : steering.steer(p));
        }
        Object keys = revision.tenancy().map(t -> List.of(t.tenancyKey(), t.nodeKeys())).orElse(null);
        List<SchedulingResult> results = pods.entrySet().parallelStream()
                .map(e -> {
                    List<SchedulingInput.Pool> mine = pools.getOrDefault(e.getKey(), List.of());
                    Problem problem = new Problem(mine, e.getValue(), workload.daemonSets(), keys,
                            revision.tenancy().map(t -> t.tenants().get(e.getKey())));
                    return solutions.results.computeIfAbsent(problem, k -> Scheduler.solve(new SchedulingInput(e.getValue(), List.of(), mine,
                            workload.daemonSets(), revision.tenancy(), true)));
                })
                .toList();
        List<PlannedNode> nodes = new ArrayList<>();
        Map<String, String> podPools = new HashMap<>();
        Map<String, Unschedulable> unschedulable = new HashMap<>();
        for (SchedulingResult result : results) {
            for (PlannedNodeClaim claim : result.newClaims()) {
                nodes.add(node(claim));
                for (Pod p : claim.pods()) if (!p.daemonSet()) podPools.put(p.key(), claim.pool());
            }
            for (Unschedulable u : result.unschedulable()) unschedulable.put(u.pod().key(), u);
        }
        return new SidePlan(revision, nodes, podPools, unschedulable);
    }

    private static final String NO_TENANT = "";

    private static String group(String tenant) {
        return tenant == null ? NO_TENANT : tenant;
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
