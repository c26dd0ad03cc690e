package dev.jig.controller.provisioning;

import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Writes what {@link Nominations} decides: each pending pod whose nomination differs from the wanted one is nominated,
 * moved or cleared through {@link Cluster#nominate}, and the timeline gets one line per node (and one for the
 * clearings). A nomination that is not Jig's is never touched: such a pod is preemption's and not pending for Jig.
 */
final class Nominator {

    private final Cluster cluster;
    private final Timeline log;

    Nominator(Cluster cluster, Timeline log) {
        this.cluster = cluster;
        this.log = log;
    }

    /** Brings the snapshot's pending pods in line with the plan ({@code plannedTarget}: pod → node or NodeClaim, or null); returns the misfits. */
    Set<String> sync(ClusterSnapshot s, Function<Pod, String> plannedTarget, Instant now) {
        Nominations wanted = Nominations.of(s, plannedTarget);
        Map<String, List<String>> byNode = new TreeMap<>();
        for (Pod p : s.pendingPods()) {
            String want = wanted.nodes().get(p.key());
            String have = p.nominatedByJig() ? p.nominatedNodeName() : null;
            if (Objects.equals(want, have)) continue;
            cluster.nominate(p, want);
            byNode.computeIfAbsent(want == null ? "" : want, n -> new ArrayList<>()).add(p.name());
        }
        byNode.forEach((node, pods) -> log.record(new TimelineEvent(now, TimelineEvent.Kind.NOMINATED, node.isEmpty() ? null : node,
                (node.isEmpty() ? "nomination cleared for " : "nominated ") + pods.size() + " pod(s): "
                        + String.join(", ", pods.size() <= 6 ? pods : pods.subList(0, 6)) + (pods.size() > 6 ? ", ..." : ""))));
        return wanted.misfits();
    }
}
