package dev.jig.controller.testing;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PoolRequirement;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Small builders for scheduler tests: pools over the bundled catalog, pods with requests. */
public final class Fixtures {

    public static final List<String> ZONES = List.of("us-east-1a", "us-east-1b", "us-east-1c");
    public static final InstanceTypeResolver RESOLVER = new InstanceTypeResolver(Catalog.bundled(), ZONES, true);
    public static final NodeClass AL2023 = NodeClass.al2023("default");

    private Fixtures() {
    }

    public static Requirement req(String key, Requirement.Operator op, String... values) {
        return new Requirement(key, op, List.of(values));
    }

    public static NodePool pool(String name, Requirement... requirements) {
        return pool(name, 10, Map.of(), List.of(), Limits.NONE, requirements);
    }

    public static NodePool pool(String name, int weight, Map<String, String> labels, List<Taint> taints, Limits limits, Requirement... requirements) {
        List<PoolRequirement> reqs = new ArrayList<>();
        for (Requirement r : requirements) reqs.add(PoolRequirement.of(r));
        return new NodePool(name, weight, labels, reqs, taints, List.of(), "default", limits, Disruption.DEFAULT);
    }

    /** The inflate NodePool: four types, on-demand, labelled type=karpenter. */
    public static NodePool inflatePool() {
        return pool("default", 10, Map.of("type", "karpenter"), List.of(), Limits.NONE,
                req(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, "c5.large", "m5.large", "r5.large", "m5.xlarge"),
                req(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, "on-demand"));
    }

    public static SchedulingInput.Pool input(NodePool pool) {
        return new SchedulingInput.Pool(pool, RESOLVER.resolve(AL2023));
    }

    public static Pod pod(String name, long cpuMillis, long memoryMib) {
        return Pod.of("default", name, ResourceList.of(cpuMillis, memoryMib), Map.of());
    }

    public static SchedulingResult solve(List<Pod> pods, NodePool... pools) {
        return solve(pods, List.of(), pools);
    }

    public static SchedulingResult solve(List<Pod> pods, List<ExistingNode> nodes, NodePool... pools) {
        List<SchedulingInput.Pool> in = new ArrayList<>();
        for (NodePool p : pools) in.add(input(p));
        return Scheduler.solve(SchedulingInput.of(pods, nodes, in));
    }

    /** A registered node of {@code type} in {@code zone}, managed by {@code pool}, with bound pods. */
    public static ExistingNode node(String name, String type, String zone, String pool, List<Pod> bound) {
        ResolvedInstanceType t = RESOLVER.resolve(AL2023, List.of(type)).get(0);
        Map<String, String> labels = new java.util.HashMap<>(t.labels());
        labels.put(WellKnownLabels.ZONE, zone);
        labels.put("kubernetes.io/hostname", name);
        if (pool != null) labels.put(WellKnownLabels.NODEPOOL, pool);
        List<Pod> pods = new ArrayList<>();
        for (Pod p : bound) pods.add(p.with().nodeName(name).build());
        return new ExistingNode(name, pool, labels, List.of(), t.allocatable(), t.capacity(), pods, true, true);
    }

    public static List<String> types(SchedulingResult r) {
        List<String> out = new ArrayList<>();
        for (PlannedNodeClaim c : r.newClaims()) out.add(c.cheapest().type().name());
        return out;
    }

    public static List<Pod> pods(String prefix, int n, long cpuMillis, long memoryMib) {
        List<Pod> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(pod(prefix + "-" + i, cpuMillis, memoryMib));
        return out;
    }
}
