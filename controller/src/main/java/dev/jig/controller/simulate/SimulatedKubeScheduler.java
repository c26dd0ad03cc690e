package dev.jig.controller.simulate;

import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.ExistingNode;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kube-scheduler of a simulation: binds pending pods to Nodes that are Ready and free of
 * startup and ephemeral taints, honouring requests, taints, node affinity, spread and pod
 * (anti-)affinity. It reuses the controller's scheduler with no NodePools, so it places pods by the
 * same rules the controller planned with.
 */
public final class SimulatedKubeScheduler {

    private final InMemoryCluster cluster;
    private final Clock clock;
    private final Timeline log;

    public SimulatedKubeScheduler(InMemoryCluster cluster, Clock clock, Timeline log) {
        this.cluster = cluster;
        this.clock = clock;
        this.log = log;
    }

    public void bind() {
        ClusterSnapshot s = cluster.snapshot();
        List<Pod> pending = s.pendingPods();
        if (pending.isEmpty()) return;
        Map<String, List<Pod>> bound = new HashMap<>();
        for (Pod p : s.pods()) if (p.isBound()) bound.computeIfAbsent(p.nodeName(), n -> new ArrayList<>()).add(p);
        List<ExistingNode> ready = new ArrayList<>();
        for (Node n : s.nodes()) {
            if (!n.ready() || n.taints().stream().anyMatch(t -> TaintKeys.EPHEMERAL.contains(t.key()))) continue;
            ready.add(new ExistingNode(n.name(), null, n.labels(), n.taints(), n.allocatable(), n.capacity(),
                    bound.getOrDefault(n.name(), List.of()), true, true));
        }
        if (ready.isEmpty()) return;
        SchedulingResult r = Scheduler.solve(new SchedulingInput(pending, ready, List.of(), List.of(), Optional.empty(), false));
        r.existing().forEach((node, pods) -> {
            for (Pod p : pods) cluster.bind(p.key(), node);
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.POD_BOUND, node, pods.size() + " pod(s): " + names(pods)));
        });
    }

    private static String names(List<Pod> pods) {
        List<String> n = new ArrayList<>();
        for (Pod p : pods) n.add(p.name());
        return n.size() <= 6 ? String.join(", ", n) : String.join(", ", n.subList(0, 6)) + ", ...";
    }
}
