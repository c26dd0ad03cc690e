package dev.jig.controller.scheduling;

import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A snapshot for one scheduling run: the pending pods, existing nodes, NodePools with the instance
 * types their node class can launch (offerings already filtered by availability), DaemonSet pod
 * templates, and the tenancy view whose quotas hold across each tenant's pools.
 *
 * @param cooling nodes (by Node or NodeClaim name) still inside their pool's {@code consolidateAfter} window
 * @param moving  pods (by key) of consolidation candidates: Karpenter v1.14 keeps them off {@code cooling} nodes, so that
 *                a node is not a consolidation destination before its own window has passed; pending pods and pods of
 *                nodes already deleting are exempt, as are the pods of any other simulation (provisioning, drift)
 */
public record SchedulingInput(List<Pod> pods, List<ExistingNode> nodes, List<Pool> pools, List<Pod> daemonSets,
                              Optional<Tenancy> tenancy, boolean respectPreferences, Set<String> cooling, Set<String> moving) {

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
        cooling = cooling == null ? Set.of() : Set.copyOf(cooling);
        moving = moving == null ? Set.of() : Set.copyOf(moving);
    }

    /** An input without the consolidation rule: any pod may go onto any existing node that takes it. */
    public SchedulingInput(List<Pod> pods, List<ExistingNode> nodes, List<Pool> pools, List<Pod> daemonSets, Optional<Tenancy> tenancy,
                           boolean respectPreferences) {
        this(pods, nodes, pools, daemonSets, tenancy, respectPreferences, Set.of(), Set.of());
    }

    /** Whether {@code pod} may not go onto {@code node}: a consolidation candidate's pod onto a node inside its consolidateAfter window. */
    public boolean keepsOff(Pod pod, String node) {
        return !cooling.isEmpty() && cooling.contains(node) && moving.contains(pod.key());
    }

    public static SchedulingInput of(List<Pod> pods, List<ExistingNode> nodes, List<Pool> pools) {
        return new SchedulingInput(pods, nodes, pools, List.of(), Optional.empty(), true);
    }
}
