package dev.jig.controller.scheduling;

import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Optional;

/**
 * A snapshot for one scheduling run: the pending pods, existing nodes, NodePools with the instance
 * types their node class can launch (offerings already filtered by availability), DaemonSet pod
 * templates, and the tenancy view whose quotas hold across each tenant's pools.
 */
public record SchedulingInput(List<Pod> pods, List<ExistingNode> nodes, List<Pool> pools, List<Pod> daemonSets,
                              Optional<Tenancy> tenancy, boolean respectPreferences) {

    /** A NodePool with the instance types its node class resolves to. */
    public record Pool(NodePool pool, List<ResolvedInstanceType> instanceTypes) {
        public Pool {
            instanceTypes = List.copyOf(instanceTypes);
        }
    }

    public SchedulingInput {
        pods = List.copyOf(pods);
        nodes = List.copyOf(nodes);
        pools = List.copyOf(pools);
        daemonSets = List.copyOf(daemonSets);
    }

    public static SchedulingInput of(List<Pod> pods, List<ExistingNode> nodes, List<Pool> pools) {
        return new SchedulingInput(pods, nodes, pools, List.of(), Optional.empty(), true);
    }
}
