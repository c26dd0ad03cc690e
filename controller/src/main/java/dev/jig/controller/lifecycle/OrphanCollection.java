package dev.jig.controller.lifecycle;

import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * No instance leaks, and no NodeClaim outlives its instance (Karpenter's NodeClaim garbage collection):
 * <ul>
 *   <li>an instance of {@link CloudProvider#list} that no NodeClaim claims (by provider id, or by name while
 *       the launch has not reached the NodeClaim's status yet: a NodeClaim that names another instance does not claim
 *       one tagged with its name) and that launched more than {@link #GRACE} ago is terminated;</li>
 *   <li>a launched NodeClaim whose instance is no longer listed, launched more than {@link #GRACE} ago, is
 *       deleted (with the termination finalizer, the Terminator then drains its node).</li>
 * </ul>
 * When the cloud cannot be listed, nothing is concluded: an empty answer never counts as "every instance is gone".
 * A pass that could not finish (the cloud or the API refused a call) goes on with the rest and asks to run again in
 * {@link #RETRY} ({@link #dueIn}) rather than a period later.
 */
public final class OrphanCollection implements Reconciler {
    // Threads: stateless; runs on its own worker every two minutes. A launch in flight on the pool is safe from it:
    // its instance is claimed by name, or younger than GRACE.

    /** Karpenter's: younger instances may belong to a launch whose NodeClaim update has not been seen yet. */
    public static final Duration GRACE = Duration.ofSeconds(30);

    private final Cluster cluster;
    private final CloudProvider cloud;
    private final Clock clock;
    private final Timeline log;

    public OrphanCollection(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log) {
        this.cluster = cluster;
        this.cloud = cloud;
        this.clock = clock;
        this.log = log;
    }

    /** How soon a pass that could not finish (a write the API refused) is tried again, rather than a period later. */
    public static final Duration RETRY = Duration.ofSeconds(10);

    /** Whether the last pass left work undone; read by {@link #dueIn}. */
    private volatile boolean unfinished;

    @Override
    public String name() {
        return "garbage-collection";
    }

    @Override
    public java.util.Optional<Duration> dueIn() {
        return unfinished ? java.util.Optional.of(RETRY) : java.util.Optional.empty();
    }

    @Override
    public void reconcile() {
        unfinished = false;
        ClusterSnapshot s = cluster.snapshot();
        Instant now = clock.instant();
        List<Instance> instances;
        try {
            instances = cloud.list();
        } catch (CloudOperationException e) {
            log.record(new TimelineEvent(now, TimelineEvent.Kind.TERMINATION_FAILED, cloud.name(), "cannot list instances: " + e.getMessage()));
            unfinished = true;
            return;
        }
        Set<String> claimed = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            // by name only while its launch has not reached its status: once it names its instance, another instance
            // tagged with its name (a launch whose status update failed, launched again) is an orphan
            if (c.status() != null) claimed.add(c.status().providerId());
            else names.add(c.name());
        }
        Set<String> listed = new HashSet<>();
        for (Instance i : instances) {
            listed.add(i.providerId());
            if (claimed.contains(i.providerId()) || names.contains(i.nodeClaim()) || young(i.launchedAt(), now)) continue;
            try {
                cloud.delete(i.providerId());
                log.record(new TimelineEvent(now, TimelineEvent.Kind.INSTANCE_TERMINATING, i.providerId(), "no NodeClaim claims it; terminating the orphan"));
            } catch (NodeClaimNotFoundException gone) {
                // terminated meanwhile
            } catch (CloudOperationException e) {
                log.record(new TimelineEvent(now, TimelineEvent.Kind.TERMINATION_FAILED, i.providerId(), e.getMessage() + "; will retry"));
                unfinished = true;
            }
        }
        for (NodeClaim c : s.nodeClaims()) {
            if (!c.launched() || c.deleting() || listed.contains(c.status().providerId())) continue;
            NodeClaim.Condition launched = c.status().condition(NodeClaim.LAUNCHED);
            if (young(launched == null ? c.created() : launched.lastTransitionTime(), now)) continue;
            try {
                cluster.delete(c);
            } catch (RuntimeException e) {
                // the API refused this one: go on with the others, and come back soon rather than a period later
                log.record(new TimelineEvent(now, TimelineEvent.Kind.TERMINATION_FAILED, c.name(), "deleting it failed: " + e.getMessage() + "; will retry"));
                unfinished = true;
                continue;
            }
            log.record(new TimelineEvent(now, TimelineEvent.Kind.NODECLAIM_DELETING, c.name(), "its instance " + c.status().providerId() + " is gone"));
        }
    }

    private static boolean young(Instant since, Instant now) {
        return since != null && Duration.between(since, now).compareTo(GRACE) < 0;
    }
}
