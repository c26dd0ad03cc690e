package dev.jig.controller.lifecycle;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.CloudProviderException;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Karpenter's NodeClaim lifecycle: <b>launch</b> (ask the cloud for an instance; on insufficient
 * capacity or a node class that is not ready, delete the NodeClaim so its pods are scheduled again
 * without the failed offerings), <b>register</b> (the Node with the instance's provider id has
 * joined: take off the unregistered taint, set the NodeClaim's labels and taints on it),
 * <b>initialize</b> (the Node is Ready and its startup taints are gone). A NodeClaim whose Node does
 * not register within the registration TTL (15 minutes), or registers and is not initialized 15 minutes later (the
 * initialization TTL), is deleted with its instance.
 *
 * <p>Other cloud failures: a transient launch failure leaves the NodeClaim to be launched again on
 * the next reconcile; a permanent one deletes it, since the same call would fail the same way. On
 * termination, an instance the cloud no longer knows counts as terminated; any other failure keeps
 * the NodeClaim, so that termination is tried again and no instance is forgotten while it runs.
 *
 * <p>Registration and initialization write the Node and the NodeClaim (a handful of API calls each). With a launch
 * pool ({@code run}), they run on {@link ApiWriters} of their own, each NodeClaim's by one writer at a time, and the
 * reconcile does not wait for them: a hundred nodes joining at once never hold the provisioner (and the pods waiting
 * for their batch) while they are written. A NodeClaim written is not written again while the snapshot has not shown
 * it yet; one whose write failed is tried again on the next reconcile. Inline ({@code simulate}), each is written in
 * turn on the caller's thread, so timelines stay deterministic.
 *
 * <p>With {@code terminationFinalizer} on, a launched NodeClaim gets the {@code karpenter.sh/termination}
 * finalizer, and the {@code termination.Terminator} (which must then run beside it) drains its node
 * before the instance goes. This lifecycle leaves every deleting NodeClaim that carries the finalizer to it,
 * and its own deletions (registration timeout) only mark such a NodeClaim deleting.
 *
 * <p>Threads: {@link #reconcile} runs under the provisioner's lock (one at a time); launches run on the
 * {@link LaunchPool}'s workers, which own each NodeClaim's launch alone. The only state they share is
 * {@code launchedHere}, a concurrent map: a launch adds its NodeClaim before writing its status, so a reconcile that
 * reads a snapshot without it never launches it again. A status write that failed (a conflict, an API error) is
 * written again by the next reconcile from what the launch recorded ({@code unwritten}), never by launching again:
 * a second launch would leave the first instance running under the NodeClaim's name. The writers share
 * {@code writing} and {@code written} (concurrent) with the reconcile: a NodeClaim is in {@code writing} while a
 * writer holds it, and its step in {@code written} until a snapshot shows it.
 */
public final class NodeClaimLifecycle {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(NodeClaimLifecycle.class);

    public static final Duration REGISTRATION_TTL = Duration.ofMinutes(15);
    /**
     * A NodeClaim whose node registered but has not turned Ready, or kept a startup taint, this long after is deleted
     * with its instance, and its pods planned again. Karpenter leaves such a node to its opt-in node repair (30 minutes
     * NotReady); without it, pods nominated there wait for ever.
     */
    public static final Duration INITIALIZATION_TTL = Duration.ofMinutes(15);

    private final Cluster cluster;
    private final CloudProvider cloud;
    private final Clock clock;
    private final Timeline log;
    /** NodeClaims this lifecycle launched, until a snapshot shows them launched: informer caches lag, and a launch must never repeat. */
    private final Map<String, String> launchedHere = new java.util.concurrent.ConcurrentHashMap<>();
    /** Launched NodeClaims whose status write failed, as the launch would have written them: written again by {@link #reconcile}. */
    private final Map<String, NodeClaim> unwritten = new java.util.concurrent.ConcurrentHashMap<>();

    private final boolean terminationFinalizer;
    /** Where launches run: inline, or on a pool's workers; each NodeClaim's launch is owned by one worker at a time. */
    private final LaunchPool launches;
    /** Where registration and initialization writes run: inline with an inline launch pool, else writers of their own. */
    private final ApiWriters writers;
    /** NodeClaims whose registration or initialization a writer is writing now. */
    private final Set<String> writing = ConcurrentHashMap.newKeySet();
    /** NodeClaim → the step written ({@link NodeClaim#REGISTERED}, {@link NodeClaim#INITIALIZED}) until a snapshot shows it. */
    private final Map<String, String> written = new ConcurrentHashMap<>();

    /** What {@link #submit} did with a NodeClaim's launch. */
    public enum Launching {
        /** Launched before submit returned (an inline pool). */
        LAUNCHED,
        /** Its launch failed before submit returned, and the NodeClaim was deleted so its pods are planned again. */
        DELETED,
        /** Queued or running on a pool's worker. */
        QUEUED,
        /** Its launch was already queued or running: nothing was submitted. */
        OWNED
    }

    /** A lifecycle that deletes NodeClaims itself, without draining their nodes (no Terminator in the loop). */
    public NodeClaimLifecycle(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log) {
        this(cluster, cloud, clock, log, false);
    }

    public NodeClaimLifecycle(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log, boolean terminationFinalizer) {
        this(cluster, cloud, clock, log, terminationFinalizer, LaunchPool.inline());
    }

    /** @param launches where launches run ({@link LaunchPool#inline()} in {@code simulate}, a pool in {@code run}) */
    public NodeClaimLifecycle(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log, boolean terminationFinalizer, LaunchPool launches) {
        this.launches = launches;
        this.writers = launches.isInline() ? ApiWriters.inline() : ApiWriters.of(ApiWriters.THREADS);
        this.terminationFinalizer = terminationFinalizer;
        this.cluster = cluster;
        this.cloud = cloud;
        this.clock = clock;
        this.log = log;
    }

    /** Whether writes run on the caller's thread ({@code simulate}) or on writers of their own ({@code run}). */
    public boolean inline() {
        return writers.isInline();
    }

    /** Moves every NodeClaim of the snapshot one step along its lifecycle; returns whether any NodeClaim was deleted. */
    public boolean reconcile(ClusterSnapshot s) {
        Map<String, Node> nodeByProvider = new HashMap<>();
        for (Node n : s.nodes()) if (n.providerId() != null) nodeByProvider.put(n.providerId(), n);
        boolean deleted = false;
        Set<String> names = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            names.add(c.name());
            if (c.initialized() || c.registered() && NodeClaim.REGISTERED.equals(written.get(c.name()))) written.remove(c.name());
            if (c.launched()) {
                launchedHere.remove(c.name());
                unwritten.remove(c.name());
            }
            if (c.deleting()) {
                if (!c.hasFinalizer(Finalizers.TERMINATION)) deleted |= terminate(c, "deleted");
            } else if (!c.launched()) {
                NodeClaim retry = unwritten.get(c.name());
                if (retry != null) writeLaunched(retry);
                else if (!launchedHere.containsKey(c.name())) deleted |= submit(c, s.nodeClasses().get(c.nodeClass())) == Launching.DELETED;
            } else if (!c.registered()) {
                Node node = nodeByProvider.get(c.status().providerId());
                if (node != null) write(c, NodeClaim.REGISTERED, () -> register(c, node));
                else if (Duration.between(launchTime(c), clock.instant()).compareTo(REGISTRATION_TTL) > 0) {
                    deleted |= terminate(c, "its node did not register within " + REGISTRATION_TTL.toMinutes() + " minutes");
                }
            } else if (!c.initialized()) {
                Node node = nodeByProvider.get(c.status().providerId());
                if (node != null && node.ready() && startupTaintsGone(c, node)) write(c, NodeClaim.INITIALIZED, () -> initialize(c, node));
                else if (Duration.between(conditionTime(c, NodeClaim.REGISTERED), clock.instant()).compareTo(INITIALIZATION_TTL) > 0) {
                    deleted |= terminate(c, "its node did not turn Ready (or kept a startup taint) for " + INITIALIZATION_TTL.toMinutes()
                            + " minutes after it registered");
                }
            }
        }
        written.keySet().retainAll(names);
        return deleted;
    }

    /**
     * Writes {@code c}'s {@code step}: inline, now (what it throws propagates); else on a writer, unless one is writing
     * {@code c} already or has written this step and the snapshot has not shown it yet.
     */
    private void write(NodeClaim c, String step, Runnable w) {
        if (writers.isInline()) {
            w.run();
            return;
        }
        if (step.equals(written.get(c.name())) || !writing.add(c.name())) return;
        writers.submit(() -> {
            try {
                w.run();
                written.put(c.name(), step);
            } catch (RuntimeException e) {
                LOG.atWarn().addKeyValue("event", "nodeclaim-write-failed").addKeyValue("nodeClaim", c.name())
                        .log("writing {} of NodeClaim {} failed, tried again on the next reconcile: {}", step, c.name(), e.toString());
            } finally {
                writing.remove(c.name());
            }
        });
    }

    /**
     * Hands the launch of {@code c} to the launch pool unless its launch is already queued or running there: the one
     * way every caller (a batch, disruption's replacements, {@link #reconcile} relaunching after a restart) launches.
     */
    public Launching submit(NodeClaim c, NodeClass nodeClass) {
        java.util.concurrent.atomic.AtomicReference<Launching> outcome = new java.util.concurrent.atomic.AtomicReference<>(Launching.QUEUED);
        if (!launches.submit(c.name(), () -> outcome.set(launch(c, nodeClass) ? Launching.LAUNCHED : Launching.DELETED))) return Launching.OWNED;
        // inline, the launch has ended here; on a pool it may have or not: either answer is true when given
        return outcome.get();
    }

    /**
     * Launches one NodeClaim on the caller's thread; false when it was deleted (no capacity, node class not ready, permanent failure).
     * Whatever else it throws is recorded against this NodeClaim, which is tried again on the next reconcile: one NodeClaim's
     * failure never stops the launch of the others.
     */
    public boolean launch(NodeClaim c, NodeClass nodeClass) {
        Instant now = clock.instant();
        if (nodeClass == null) {
            log.record(new TimelineEvent(now, TimelineEvent.Kind.LAUNCH_FAILED, c.name(), "EC2NodeClass " + c.nodeClass() + " not found"));
            return true;
        }
        try {
            // an instance already tagged with this NodeClaim (a launch whose status write was lost to a restart, or
            // that timed out but ran) is adopted, never launched twice
            Instance i = adoptable(c).orElseGet(() -> cloud.create(c, nodeClass));
            Map<String, String> labels = new HashMap<>();
            for (dev.jig.api.karpenter.Requirement r : c.requirements()) {
                // Karpenter's PopulateNodeClaimDetails: single-valued requirements label the node
                if (r.operator() == dev.jig.api.karpenter.Requirement.Operator.In && r.values().size() == 1
                        && !r.key().equals(WellKnownLabels.HOSTNAME)) labels.put(r.key(), r.values().get(0));
            }
            labels.putAll(c.labels());
            labels.putAll(i.labels());
            NodeClaim.Status status = new NodeClaim.Status(i.providerId(), i.type().name(), i.zone(), i.capacityType(), i.pricePerHour(),
                    i.type().capacity(), i.type().allocatable(), null, List.of());
            status = NodeClaim.condition(status, NodeClaim.LAUNCHED, true, NodeClaim.LAUNCHED, "", now);
            status = NodeClaim.condition(status, NodeClaim.REGISTERED, false, "AwaitingRegistration", "", now);
            status = NodeClaim.condition(status, NodeClaim.INITIALIZED, false, "AwaitingInitialization", "", now);
            launchedHere.put(c.name(), i.providerId());
            NodeClaim launched = c.withLabels(labels).withStatus(status);
            writeLaunched(terminationFinalizer ? launched.withFinalizer(Finalizers.TERMINATION) : launched);
            log.record(new TimelineEvent(now, TimelineEvent.Kind.LAUNCHED, c.name(), String.format(java.util.Locale.ROOT,
                    "%s %s in %s at $%.4f/h (%s)", i.capacityType(), i.type().name(), i.zone(), i.pricePerHour(), i.providerId())));
            return true;
        } catch (InsufficientCapacityException | NodeClassNotReadyException e) {
            return launchFailed(c, e);
        } catch (CloudOperationException e) {
            if (!e.retryable()) return launchFailed(c, e);
            log.record(new TimelineEvent(now, TimelineEvent.Kind.LAUNCH_FAILED, c.name(), e.getMessage() + "; will retry"));
            return true;
        } catch (RuntimeException e) {
            // a provider's bug or an unforeseen failure: it is this NodeClaim's alone, so the others still launch
            log.record(new TimelineEvent(now, TimelineEvent.Kind.LAUNCH_FAILED, c.name(), "unexpected " + e + "; will retry"));
            return true;
        }
    }

    /** The live instance the cloud lists under {@code c}'s name, if any. */
    private java.util.Optional<Instance> adoptable(NodeClaim c) {
        for (Instance i : cloud.list()) if (c.name().equals(i.nodeClaim())) return java.util.Optional.of(i);
        return java.util.Optional.empty();
    }

    /** Writes a launched NodeClaim's status; when the write fails, it is kept to be written again, and the failure propagates. */
    private void writeLaunched(NodeClaim launched) {
        unwritten.put(launched.name(), launched);
        cluster.update(launched);
        unwritten.remove(launched.name());
    }

    private boolean launchFailed(NodeClaim c, CloudProviderException e) {
        log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.LAUNCH_FAILED, c.name(),
                e.getMessage() + "; deleting the NodeClaim to reschedule its pods"));
        cluster.delete(c);
        return false;
    }

    private void register(NodeClaim c, Node node) {
        Instant now = clock.instant();
        Map<String, String> labels = new HashMap<>(c.labels());
        labels.put(WellKnownLabels.REGISTERED, "true");
        cluster.editNode(node.name(), labels, java.util.Set.of(TaintKeys.UNREGISTERED), c.taints());
        cluster.annotateNode(node.name(), c.annotations());
        NodeClaim.Status status = NodeClaim.condition(c.status(), NodeClaim.REGISTERED, true, NodeClaim.REGISTERED, "", now);
        cluster.update(c.withStatus(status.withNodeName(node.name())));
        log.record(new TimelineEvent(now, TimelineEvent.Kind.REGISTERED, c.name(), "node " + node.name() + " registered"));
    }

    private void initialize(NodeClaim c, Node node) {
        Instant now = clock.instant();
        cluster.editNode(node.name(), Map.of(WellKnownLabels.INITIALIZED, "true"), java.util.Set.of(), List.of());
        cluster.update(c.withStatus(NodeClaim.condition(c.status(), NodeClaim.INITIALIZED, true, NodeClaim.INITIALIZED, "", now)));
        log.record(new TimelineEvent(now, TimelineEvent.Kind.INITIALIZED, c.name(), "node " + node.name() + " is ready for pods"));
    }

    /** Terminates the instance and deletes the NodeClaim; false when the cloud failed, to be tried again. */
    private boolean terminate(NodeClaim c, String why) {
        if (c.hasFinalizer(Finalizers.TERMINATION)) {
            cluster.delete(c); // marks it deleting; the Terminator drains the node and deletes the instance
            log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.NODECLAIM_DELETING, c.name(), why));
            return true;
        }
        if (c.status() != null) {
            try {
                cloud.delete(c.status().providerId());
            } catch (NodeClaimNotFoundException gone) {
                // already terminated: the outcome delete is for
            } catch (CloudOperationException e) {
                log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.TERMINATION_FAILED, c.name(), e.getMessage() + "; will retry"));
                return false;
            }
        }
        launchedHere.remove(c.name());
        cluster.delete(c);
        log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.NODECLAIM_DELETED, c.name(), why));
        return true;
    }

    private static boolean startupTaintsGone(NodeClaim c, Node node) {
        for (Taint t : node.taints()) {
            if (TaintKeys.EPHEMERAL.contains(t.key())) return false;
            for (Taint st : c.startupTaints()) if (st.key().equals(t.key()) && st.effect().equals(t.effect())) return false;
        }
        return true;
    }

    private static Instant launchTime(NodeClaim c) {
        return conditionTime(c, NodeClaim.LAUNCHED);
    }

    /** When {@code c}'s condition {@code type} last changed; its creation if it has none. */
    private static Instant conditionTime(NodeClaim c, String type) {
        for (NodeClaim.Condition k : c.status().conditions()) if (k.type().equals(type) && k.lastTransitionTime() != null) return k.lastTransitionTime();
        return c.created();
    }
}
