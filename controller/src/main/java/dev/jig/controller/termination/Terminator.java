package dev.jig.controller.termination;

import dev.jig.api.karpenter.Finalizers;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;
import dev.jig.controller.state.Eviction;
import dev.jig.controller.state.ObjectEvent;
import dev.jig.controller.state.PodEventLimiter;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finishes NodeClaims that are being deleted and carry the {@code karpenter.sh/termination}
 * finalizer (Karpenter's node termination and NodeClaim termination controllers in one step):
 * <ol>
 *   <li>taint the node {@code karpenter.sh/disrupted:NoSchedule}, so nothing new lands on it;</li>
 *   <li>drain it round by round as the {@link DrainPlan} says: evict through the Cluster port, back off per pod
 *       after a PodDisruptionBudget refused it (HTTP 429), report any other failure in the timeline and try again
 *       later; delete each pod once the pool's {@code terminationGracePeriod} has no more left than the pod's own
 *       (once each), and every remaining one when it has run out. The budgets' allowance is kept for the whole
 *       reconcile: an eviction for one NodeClaim spends it for the NodeClaims after it, which the snapshot does not
 *       show;</li>
 *   <li>when drained, and no sooner than {@link #MIN_DRAIN_TIME} after the drain began, call {@link CloudProvider#delete}
 *       on every reconcile until it answers not found, the only
 *       proof that the instance is gone;</li>
 *   <li>then delete the Node and remove the finalizer, so the NodeClaim goes.</li>
 * </ol>
 * Each reconcile takes one step per NodeClaim and never blocks or throws for one NodeClaim's failure. A NodeClaim
 * whose step did nothing (its drain blocked: budgets that allow no eviction, pods backing off, pods already deleted
 * and still terminating) is requeued on its own: it is stepped again once the cluster changed
 * ({@link Cluster#generation()}), or when the earliest of its pods' backoffs, its grace period or
 * {@link #MAX_BACKOFF} comes, not every reconcile. The grace
 * period counts from the first reconcile that saw the NodeClaim deleting (the model has no deletion timestamp),
 * so a restart lengthens it rather than cutting it short.
 */
public final class Terminator implements Reconciler {
    // Threads: runs on its own worker; its maps are concurrent so that a snapshot of them (tests, simulate) is safe,
    // and it calls nothing that takes another reconciler's lock.

    /** The first retry after a 429; each further refusal doubles it, up to {@link #MAX_BACKOFF}. */
    public static final Duration BASE_BACKOFF = Duration.ofSeconds(1);
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    /**
     * How long an evicted pod that is still on the node (terminating) is left alone before it is asked again:
     * the model does not say that a pod is terminating, and upstream never re-evicts one.
     */
    public static final Duration EVICTED_RECHECK = Duration.ofSeconds(30);
    /**
     * The least time between the start of a drain and the instance's deletion (Karpenter's {@code MinDrainTime}): a
     * pod bound just after the taint, by a kube-scheduler that had not seen it yet, is drained too.
     */
    public static final Duration MIN_DRAIN_TIME = Duration.ofSeconds(5);

    private final Cluster cluster;
    private final CloudProvider cloud;
    private final Clock clock;
    private final Timeline log;
    private final Map<String, Instant> deletingSince = new ConcurrentHashMap<>();
    private final Map<String, Backoff> backoff = new ConcurrentHashMap<>();
    /** The uids of pods deleted for the grace period: a pod terminating in a cluster is not deleted again every reconcile. */
    private final Set<String> deleted = ConcurrentHashMap.newKeySet();
    /** Events on the pods it evicts, deletes or cannot evict; a refusal retried with backoff is published every few minutes at most. */
    private final PodEventLimiter podEvents;

    /** NodeClaims whose drain is blocked: not stepped again before {@code at} while the cluster stays at {@code generation}. */
    private final Map<String, Requeue> requeue = new ConcurrentHashMap<>();

    private record Backoff(int attempts, Instant next) {
    }

    private record Requeue(long generation, Instant at) {
    }

    public Terminator(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log) {
        this.cluster = cluster;
        this.cloud = cloud;
        this.clock = clock;
        this.log = log;
        this.podEvents = new PodEventLimiter(cluster);
    }

    @Override
    public String name() {
        return "termination";
    }

    @Override
    public void reconcile() {
        reconcile(cluster.snapshot());
    }

    /** One step for every terminating NodeClaim of {@code s} but those requeued for later. */
    public void reconcile(ClusterSnapshot s) {
        // read before acting: a change made while this reconcile runs shows as a new generation next time
        long generation = cluster.generation();
        Instant now = clock.instant();
        Set<String> live = new HashSet<>();
        Set<String> pods = new HashSet<>();
        Set<String> keys = new HashSet<>();
        for (Pod p : s.pods()) {
            pods.add(p.uid());
            keys.add(p.key());
        }
        backoff.keySet().retainAll(pods);
        deleted.retainAll(pods);
        podEvents.retain(keys);
        // one allowance per budget for the whole reconcile: an eviction for one NodeClaim spends it for the next ones
        Map<String, Integer> allowance = new HashMap<>();
        for (PodDisruptionBudget b : s.pdbs()) allowance.put(b.key(), b.disruptionsAllowed());
        for (NodeClaim c : s.nodeClaims()) {
            if (!c.deleting() || !c.hasFinalizer(Finalizers.TERMINATION)) continue;
            live.add(c.name());
            Requeue r = requeue.get(c.name());
            if (r != null && r.generation() == generation && now.isBefore(r.at())) continue;
            requeue.remove(c.name());
            try {
                step(c, s, allowance).ifPresent(at -> requeue.put(c.name(), new Requeue(generation, at)));
            } catch (RuntimeException e) {
                record(TimelineEvent.Kind.TERMINATION_FAILED, c.name(), e.getMessage() + "; will retry");
            }
        }
        deletingSince.keySet().retainAll(live);
        requeue.keySet().retainAll(live);
    }

    /**
     * One step for {@code c}: returns when to step it again if its drain is blocked and this step changed nothing,
     * empty when it acted (or finished), so that it is stepped again on the next reconcile.
     */
    private Optional<Instant> step(NodeClaim c, ClusterSnapshot s, Map<String, Integer> allowance) {
        Instant now = clock.instant();
        boolean acted = false;
        Instant since = deletingSince.computeIfAbsent(c.name(), k -> now);
        Node node = nodeOf(c, s);
        if (node != null) {
            if (node.taints().stream().noneMatch(t -> t.key().equals(DrainPlan.DISRUPTED.key()) && t.effect().equals(DrainPlan.DISRUPTED.effect()))) {
                cluster.editNode(node.name(), Map.of(), Set.of(), List.of(DrainPlan.DISRUPTED));
                acted = true;
                record(TimelineEvent.Kind.NODE_TAINTED, node.name(), "tainted " + DrainPlan.DISRUPTED.key() + ":NoSchedule for " + c.name());
            }
            List<Pod> pods = s.pods().stream().filter(p -> node.name().equals(p.nodeName())).toList();
            DrainPlan plan = DrainPlan.of(pods, s.pdbs(), allowance, now, forceAt(c, s, since));
            for (Pod p : plan.delete()) {
                if (deleted.contains(p.uid())) continue;
                cluster.deletePod(p);
                acted = true;
                deleted.add(p.uid()); // only once the API took it: a failed delete is tried again next reconcile
                backoff.remove(p.uid());
                String left = " ends within the pod's own (" + p.terminationGracePeriodSeconds() + "s)";
                record(TimelineEvent.Kind.POD_DELETED, p.key(), "the termination grace period of " + c.name() + left);
                podEvents.publish(ObjectEvent.onPod(p, ObjectEvent.WARNING, "TerminationGracePeriodExpired",
                        "Deleted pod: the termination grace period of NodeClaim " + c.name() + left + " while draining node " + node.name()), now);
            }
            for (Pod p : plan.evict()) {
                if (evict(p, node.name(), now)) {
                    acted = true;
                    s.pdbs().stream().filter(b -> b.covers(p)).forEach(b -> allowance.merge(b.key(), -1, Integer::sum));
                }
            }
            for (Pod p : plan.waiting()) {
                // held back without asking the Eviction API (it would answer 429): the same Event as a refusal, and a
                // timeline line whenever the Event goes out (at most every few minutes per pod)
                s.pdbs().stream().filter(b -> allowance.get(b.key()) <= 0 && b.covers(p)).findFirst().ifPresent(b -> {
                    String why = "PodDisruptionBudget " + b.key() + " allows no disruption";
                    if (podEvents.publish(ObjectEvent.onPod(p, ObjectEvent.WARNING, "EvictionBlocked", "Cannot evict pod while draining node "
                            + node.name() + ": " + why), now)) record(TimelineEvent.Kind.EVICTION_BLOCKED, p.key(), why + "; waiting");
                });
            }
            if (!plan.drained()) return acted ? Optional.empty() : Optional.of(wake(pods, now, forceAt(c, s, since)));
            // a pod the kube-scheduler bound before it saw the taint shows up within a few seconds: wait for it
            Instant drainedNoEarlier = since.plus(MIN_DRAIN_TIME);
            if (now.isBefore(drainedNoEarlier)) return Optional.of(drainedNoEarlier);
        }
        if (c.status() != null) {
            try {
                cloud.delete(c.status().providerId());
                record(TimelineEvent.Kind.INSTANCE_TERMINATING, c.name(), c.status().providerId() + " is terminating");
                return Optional.empty();
            } catch (NodeClaimNotFoundException gone) {
                // the Delete contract's proof that the instance no longer exists
            } catch (CloudOperationException e) {
                record(TimelineEvent.Kind.TERMINATION_FAILED, c.name(), e.getMessage() + "; will retry");
                return Optional.empty();
            }
        }
        if (node != null) cluster.deleteNode(node.name(), Finalizers.TERMINATION);
        cluster.removeFinalizer(c, Finalizers.TERMINATION);
        deletingSince.remove(c.name());
        record(TimelineEvent.Kind.NODECLAIM_DELETED, c.name(), "drained and its instance is gone");
        return Optional.empty();
    }

    /**
     * When a blocked drain can next change without the cluster changing: the earliest pod backoff, the instant the
     * grace period has no more left than a pod's own (the {@link DrainPlan} deletes it then), the grace period's end,
     * and at most {@link #MAX_BACKOFF} away.
     */
    private Instant wake(List<Pod> pods, Instant now, Instant forceAt) {
        Instant at = earlier(now.plus(MAX_BACKOFF), forceAt, now);
        for (Pod p : pods) {
            Backoff b = backoff.get(p.uid());
            if (b != null) at = earlier(at, b.next(), now);
            if (forceAt != null) at = earlier(at, forceAt.minusSeconds(p.terminationGracePeriodSeconds()), now);
        }
        return at;
    }

    /** {@code candidate} if it is after {@code now} and before {@code at}, else {@code at}. */
    private static Instant earlier(Instant at, Instant candidate, Instant now) {
        return candidate != null && candidate.isAfter(now) && candidate.isBefore(at) ? candidate : at;
    }

    /** Asks the Eviction API to evict {@code p} unless it is backing off; returns whether the pod was evicted. */
    private boolean evict(Pod p, String node, Instant now) {
        Backoff b = backoff.get(p.uid());
        if (b != null && now.isBefore(b.next())) return false;
        Eviction e = cluster.evict(p);
        switch (e.outcome()) {
            case EVICTED -> {
                backoff.put(p.uid(), new Backoff(0, now.plus(EVICTED_RECHECK)));
                record(TimelineEvent.Kind.POD_EVICTED, p.key(), "evicted");
                podEvents.publish(ObjectEvent.onPod(p, ObjectEvent.NORMAL, "Evicted", "Evicted pod: draining node " + node), now);
                return true;
            }
            case NOT_FOUND -> backoff.remove(p.uid());
            case BLOCKED_BY_PDB, FAILED -> {
                int attempts = b == null ? 1 : b.attempts() + 1;
                backoff.put(p.uid(), new Backoff(attempts, now.plus(delay(attempts))));
                boolean pdb = e.outcome() == Eviction.Outcome.BLOCKED_BY_PDB;
                record(pdb ? TimelineEvent.Kind.EVICTION_BLOCKED : TimelineEvent.Kind.EVICTION_FAILED,
                        p.key(), e.message() + "; retrying in " + delay(attempts).toSeconds() + "s");
                // no retry delay in the message: the same refusal is the same Event, published again only every few minutes
                podEvents.publish(ObjectEvent.onPod(p, ObjectEvent.WARNING, pdb ? "EvictionBlocked" : "EvictionFailed",
                        (pdb ? "Cannot evict pod while draining node " : "Evicting pod failed while draining node ") + node + ": " + e.message()), now);
            }
        }
        return false;
    }

    /** {@link #BASE_BACKOFF} doubled for each refusal after the first, at most {@link #MAX_BACKOFF}. */
    static Duration delay(int attempts) {
        Duration d = BASE_BACKOFF;
        for (int i = 1; i < attempts && d.compareTo(MAX_BACKOFF) < 0; i++) d = d.multipliedBy(2);
        return d.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : d;
    }

    /** When the pool's terminationGracePeriod runs out, or null when it sets none. */
    private static Instant forceAt(NodeClaim c, ClusterSnapshot s, Instant since) {
        for (NodePool pool : s.nodePools()) {
            if (!pool.name().equals(c.nodePool()) || pool.disruption() == null || pool.disruption().terminationGracePeriod() == null) continue;
            return dev.jig.api.karpenter.GoDuration.parseSeconds(pool.disruption().terminationGracePeriod())
                    .map(since::plusSeconds).orElse(null);
        }
        return null;
    }

    private static Node nodeOf(NodeClaim c, ClusterSnapshot s) {
        if (c.status() == null) return null;
        for (Node n : s.nodes()) {
            if (c.status().providerId().equals(n.providerId()) || n.name().equals(c.status().nodeName())) return n;
        }
        return null;
    }

    private void record(TimelineEvent.Kind kind, String subject, String message) {
        log.record(new TimelineEvent(clock.instant(), kind, subject, message));
    }
}
