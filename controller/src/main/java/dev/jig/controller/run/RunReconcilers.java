package dev.jig.controller.run;

import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.disruption.DisruptionController;
import dev.jig.controller.disruption.DisruptionMetrics;
import dev.jig.controller.interruption.InterruptionController;
import dev.jig.controller.interruption.InterruptionMetrics;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.lifecycle.OrphanCollection;
import dev.jig.controller.lifecycle.PodEvents;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.termination.Terminator;

import java.time.Clock;
import java.util.List;

/**
 * The reconcilers {@code jig-controller run} ticks, wired to one {@link Cluster}, one {@link CloudProvider} and its
 * {@link CloudEventSource} (the cloud wiring passes {@link CloudEventSource#NONE} when it has no interruption feed).
 * In the order of a tick: interruption (a warning gives two minutes, so it acts first), pod events (so the pass
 * counts {@code consolidateAfter} from fresh stamps), provisioning with the NodeClaim lifecycle, disruption,
 * termination, then orphan collection. An interrupted node's pods are planned by the provisioner at once, so its
 * replacement launches while it drains. NodeClaims carry the {@code karpenter.sh/termination} finalizer, so every
 * deletion (disruption, interruption, garbage collection) is drained by the Terminator.
 */
public final class RunReconcilers {

    private RunReconcilers() {
    }

    /** What metrics the reconcilers report to: the Micrometer adapter in {@code run}, nothing in tests. */
    public record Metrics(DisruptionMetrics disruption, InterruptionMetrics interruption) {
        public static final Metrics NONE = new Metrics(DisruptionMetrics.NONE, InterruptionMetrics.NONE);
    }

    public static List<Reconciler> of(Cluster cluster, CloudProvider cloud, CloudEventSource events, Clock clock, Timeline log,
                                      NameGenerator names, Metrics metrics) {
        return of(cluster, cloud, events, clock, log, names, metrics, true);
    }

    /** @param nominate whether the provisioner writes nominations ({@code --nominate-pods}) */
    public static List<Reconciler> of(Cluster cluster, CloudProvider cloud, CloudEventSource events, Clock clock, Timeline log,
                                      NameGenerator names, Metrics metrics, boolean nominate) {
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, log, true);
        Provisioner provisioner = new Provisioner(cluster, cloud, lifecycle, clock, log, names, nominate);
        return List.of(
                new InterruptionController(cluster, events, clock, log, metrics.interruption(), provisioner::provisionFor),
                new PodEvents(cluster, clock),
                Reconciler.of("provisioning", provisioner::reconcile),
                new DisruptionController(cluster, cloud, clock, log, provisioner::nominated, provisioner::createReplacements, metrics.disruption(),
                        provisioner::withForeignIgnored),
                new Terminator(cluster, cloud, clock, log),
                new OrphanCollection(cluster, cloud, clock, log));
    }
}
