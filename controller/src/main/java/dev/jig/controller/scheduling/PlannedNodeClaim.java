package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Map;

/**
 * A NodeClaim the scheduling run decided to create: its pool, requirements (the pool's, narrowed by
 * its pods, with the instance types, zones and capacity types it may use), its instance type
 * options cheapest first, the pods it was planned for and the resources it requests (pods and
 * DaemonSets).
 */
public record PlannedNodeClaim(
        String pool,
        String tenant,
        List<Requirement> requirements,
        List<Option> options,
        List<String> zones,
        List<String> capacityTypes,
        List<Pod> pods,
        ResourceList requests,
        Map<String, String> labels,
        List<Taint> taints,
        List<Taint> startupTaints) {

    /** An instance type it may launch, with its cheapest allowed offering price. */
    public record Option(ResolvedInstanceType type, double price) {
    }

    public PlannedNodeClaim {
        requirements = List.copyOf(requirements);
        options = List.copyOf(options);
        zones = List.copyOf(zones);
        capacityTypes = List.copyOf(capacityTypes);
        pods = List.copyOf(pods);
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
        startupTaints = List.copyOf(startupTaints);
    }

    @Override
    public String toString() {
        return "NodeClaim[pool=" + pool + ", " + pods.size() + " pods, zones=" + zones + ", cheapest="
                + (options.isEmpty() ? "none" : options.get(0).type().name() + " $" + options.get(0).price()) + ", " + options.size() + " options]";
    }

    /** The cheapest option: what the cloud launches when every offering is available. */
    public Option cheapest() {
        return options.get(0);
    }
}
