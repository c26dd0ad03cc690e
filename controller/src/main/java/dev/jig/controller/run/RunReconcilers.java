package dev.jig.controller.run;

import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.disruption.DisruptionController;
import dev.jig.controller.disruption.DisruptionMetrics;
import dev.jig.controller.interruption.InterruptionController;
import dev.jig.controller.interruption.InterruptionMetrics;
import dev.jig.controller.lifecycle.LaunchPool;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.lifecycle.OrphanCollection;
import dev.jig.controller.lifecycle.PodEvents;
import dev.jig.controller.loop.Cadence;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.provisioning.Batcher;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.provisioning.ProvisioningMetrics;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.termination.Terminator;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The reconcilers of {@code jig-controller run} and their cadences (the one table of who runs when, which
 * {@code simulate} plays too), wired to one {@link Cluster}, one {@link CloudProvider} and its {@link CloudEventSource}
 * (the cloud wiring passes {@link CloudEventSource#NONE} when it has no interruption feed). In the table's order:
 * interruption every second (a warning gives two minutes), pod events every second (so disruption counts
 * {@code consolidateAfter} from fresh stamps), provisioning every second (its {@link Batcher} decides when a batch
 * runs: 1 s idle, 10 s max by default) with the NodeClaim lifecycle, disruption every second (its pass decides how
 * often it computes), termination every second (each NodeClaim's drain keeps its own backoff) and orphan collection
 * every two minutes (Karpenter's garbage collection). An interrupted node's pods are planned by the provisioner at
 * once, so its replacement launches while it drains. NodeClaims carry the {@code karpenter.sh/termination} finalizer,
 * so every deletion (disruption, interruption, garbage collection) is drained by the Terminator.
 */
public final class RunReconcilers {

    public static final Duration INTERRUPTION = Duration.ofSeconds(1);
    public static final Duration POD_EVENTS = Duration.ofSeconds(1);
    public static final Duration PROVISIONING = Duration.ofSeconds(1);
    public static final Duration DISRUPTION = Duration.ofSeconds(1);
    public static final Duration TERMINATION = Duration.ofSeconds(1);
    public static final Duration ORPHANS = Duration.ofMinutes(2);
    /** How often the cloud provider's own reconcilers are called; each keeps its own longer period inside. */
    public static final Duration PROVIDER = Duration.ofSeconds(1);

    private RunReconcilers() {
    }

    /** What metrics the reconcilers report to: the Micrometer adapters in {@code run}, nothing in tests. */
    public record Metrics(DisruptionMetrics disruption, InterruptionMetrics interruption, ProvisioningMetrics provisioning) {
        public static final Metrics NONE = new Metrics(DisruptionMetrics.NONE, InterruptionMetrics.NONE, ProvisioningMetrics.NONE);

        public Metrics(DisruptionMetrics disruption, InterruptionMetrics interruption) {
            this(disruption, interruption, ProvisioningMetrics.NONE);
        }
    }

    /**
     * How {@code run} tunes its reconcilers.
     *
     * @param nominate    whether the provisioner writes nominations ({@code --nominate-pods})
     * @param batchIdle   the batch closes once no pod came for this long ({@code --batch-idle})
     * @param batchMax    and at the latest once it has been open this long ({@code --batch-max})
     * @param launches    where NodeClaims launch ({@code --launch-concurrency} workers, or inline)
     */
    public record Options(boolean nominate, Duration batchIdle, Duration batchMax, LaunchPool launches) {
        public static Options defaults(boolean nominate) {
            return new Options(nominate, Batcher.IDLE, Batcher.MAX, LaunchPool.inline());
        }
    }

    /** The reconcilers in the table's order, each inline pool launch on the caller's thread (tests that call them by hand). */
    public static List<Reconciler> of(Cluster cluster, CloudProvider cloud, CloudEventSource events, Clock clock, Timeline log,
                                      NameGenerator names, Metrics metrics) {
        return of(cluster, cloud, events, clock, log, names, metrics, true);
    }

    /** @param nominate whether the provisioner writes nominations ({@code --nominate-pods}) */
    public static List<Reconciler> of(Cluster cluster, CloudProvider cloud, CloudEventSource events, Clock clock, Timeline log,
                                      NameGenerator names, Metrics metrics, boolean nominate) {
        return schedule(cluster, cloud, events, clock, log, names, metrics, Options.defaults(nominate)).stream().map(Cadence::reconciler).toList();
    }

    /** The reconcilers with their cadences, for {@code run}'s {@link dev.jig.controller.loop.ControllerLoop}. */
    public static List<Cadence> schedule(Cluster cluster, CloudProvider cloud, CloudEventSource events, Clock clock, Timeline log,
                                         NameGenerator names, Metrics metrics, Options options) {
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, log, true, options.launches());
        Provisioner provisioner = new Provisioner(cluster, cloud, lifecycle, clock, log, names, options.nominate(), l -> { },
                new Batcher(options.batchIdle(), options.batchMax()), metrics.provisioning());
        return cadences(
                new InterruptionController(cluster, events, clock, log, metrics.interruption(), provisioner::provisionFor, cloud),
                new PodEvents(cluster, clock),
                Reconciler.of("provisioning", provisioner::reconcile, provisioner::dueIn),
                new DisruptionController(cluster, cloud, clock, log, provisioner::nominated, provisioner::createReplacements, metrics.disruption(),
                        provisioner::withForeignIgnored),
                new Terminator(cluster, cloud, clock, log),
                new OrphanCollection(cluster, cloud, clock, log));
    }

    /**
     * Wakes {@code loop}'s provisioning worker whenever {@code cluster} sees an unbound pod, so that a pod's batch
     * window opens when the pod arrives rather than at the worker's next tick (Karpenter's provisioner is triggered by
     * pod events the same way).
     */
    public static void wakeProvisioningOnPods(Cluster cluster, dev.jig.controller.loop.ControllerLoop loop) {
        cluster.onUnboundPod(() -> loop.wake("provisioning"));
    }

    /** The cadence table: who runs how often, in the order {@code simulate} runs those due in the same second. */
    public static List<Cadence> cadences(Reconciler interruption, Reconciler podEvents, Reconciler provisioning, Reconciler disruption,
                                         Reconciler termination, Reconciler orphans) {
        return List.of(new Cadence(interruption, INTERRUPTION), new Cadence(podEvents, POD_EVENTS), new Cadence(provisioning, PROVISIONING),
                new Cadence(disruption, DISRUPTION), new Cadence(termination, TERMINATION), new Cadence(orphans, ORPHANS));
    }
}
