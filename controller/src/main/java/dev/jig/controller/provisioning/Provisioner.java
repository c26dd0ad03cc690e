package dev.jig.controller.provisioning;

import dev.jig.api.ec2.NodeClass;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.lifecycle.ApiWriters;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodeClassHash;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.NodePoolHash;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;
import dev.jig.controller.state.ObjectEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The provisioning loop: watches for pending pods that no planned node will take, batches them
 * ({@link Batcher}: 1 s idle, 10 s max by default; only a pod never planned extends the idle window, a pod planned
 * again opens a batch but never holds one open), runs the {@link Scheduler} on a snapshot, creates the
 * NodeClaims it asks for and hands their launches to the lifecycle's launch pool. One run at a time, and each run
 * starts from a fresh snapshot that includes every NodeClaim created before, so consecutive
 * batches can never launch past a pool's limits or a tenant's quota.
 *
 * <p>Threads: the provisioning worker ({@link #reconcile}), interruption ({@link #provisionFor}) and disruption
 * ({@link #createReplacements}, {@link #nominated}, {@link #withForeignIgnored}) call it from their own workers. The
 * monitor of this object ({@code synchronized} methods) guards all of its state, the {@link Nominator} and the
 * lifecycle's {@code reconcile}. Under it, the provisioner calls only the cluster, the cloud's instance types, the
 * lifecycle and the timeline, none of which calls back into a reconciler, so lock order is always caller → this
 * provisioner → those, and no cycle can form. The lock is never held while an instance launches: launches run on
 * the launch pool, so interruption waits at most for one scheduling run.
 *
 * <p>Every batch schedules every pending pod against the remaining room of the Ready nodes and of
 * the NodeClaims in flight, as Karpenter's provisioner does. Where a pod was planned is kept only as
 * a hint: a pod planned onto a NodeClaim still in flight keeps its place there while the NodeClaim
 * has room for it ({@link SchedulingInputs}), so a batch does not shuffle earlier plans. A pod
 * counts as handled while the node or NodeClaim it was planned for exists and has not turned Ready
 * without the pod: once its target has been Ready for one reconcile and the pod is still pending,
 * the kube-scheduler has put other pods there (it knows nothing of the plan), and the pod is planned
 * again in the next batch. {@link #PLAN_TTL} remains only as a backstop. Pods that could not be
 * placed are tried again after {@link #RETRY_UNSCHEDULABLE}, or as soon as a NodeClaim is deleted
 * (capacity may have been freed or an offering has failed).
 */
public final class Provisioner {

    public static final Duration RETRY_UNSCHEDULABLE = Duration.ofMinutes(1);
    /** A pod still pending this long after it was planned is planned again (Karpenter's nomination expiry); a backstop. */
    public static final Duration PLAN_TTL = Duration.ofMinutes(5);

    private final Cluster cluster;
    private final CloudProvider cloud;
    private final NodeClaimLifecycle lifecycle;
    private final Clock clock;
    private final Timeline log;
    private final Batcher batcher;
    private final ProvisioningMetrics metrics;
    private final PodWaits waits = new PodWaits();
    private final NameGenerator names;
    /** Pod key → the node or NodeClaim it was planned for; "" while unschedulable. */
    private final Map<String, String> planned = new HashMap<>();
    private final Map<String, Instant> plannedAt = new HashMap<>();
    private final Map<String, Instant> unschedulableSince = new HashMap<>();
    private final Map<String, String> lastReason = new HashMap<>();
    /** Pods that have already triggered the open batch: a pod extends the idle window once, not on every tick. */
    private final Set<String> triggered = new HashSet<>();
    /** NodeClaims created but not yet seen in a snapshot (informer caches lag): no new batch until they show. */
    private final Map<String, Instant> unseen = new HashMap<>();
    /** When each target (node or NodeClaim name) was first seen Ready, able to take pods. */
    private final Map<String, Instant> readySince = new HashMap<>();
    /** Pods that have been planned onto a node or NodeClaim at least once. */
    private final Set<String> everPlaced = new HashSet<>();
    /** The launches of the NodeClaims still in the cluster (or created and not yet seen); those gone are dropped. */
    private final Map<String, Launch> launches = new LinkedHashMap<>();
    /** Told of every launch as it is made and again once priced: where a history is kept ({@code simulate}'s report). */
    private final java.util.function.Consumer<Launch> launched;
    /** NodeClaims announced as going ({@link #provisionFor}), maybe not deleting in a lagging snapshot yet; forgotten once gone. */
    private final Set<String> leaving = new HashSet<>();
    /** Pods whose planned target's Node has no room left for them (see {@link Nominations}): planned again by the next batch. */
    private Set<String> misfits = Set.of();
    /** The {@code Unschedulable} Events on pods, one per pod and reason text every few minutes at most. */
    private final dev.jig.controller.state.PodEventLimiter podEvents;
    private final Nominator nominator;
    /** Where a batch's NodeClaim creates and the nominations are written: in parallel in {@code run}, inline in {@code simulate}. */
    private final ApiWriters writers;
    /** Where the {@code Nominated} Events are written: apart from {@link #writers}, so that a thousand of them never delay a nomination. */
    private final ApiWriters eventWriters;

    /**
     * A NodeClaim this provisioner created, and what it costs once launched (NaN before).
     *
     * @param purpose why it was launched: new demand, pods displaced by the kube-scheduler (every pod it
     *                was created for had been planned elsewhere before), or a disruption's replacement
     */
    public record Launch(String nodeClaim, Purpose purpose, double pricePerHour) {

        /** Why a NodeClaim was launched. */
        public enum Purpose { DEMAND, REPLAN, REPLACEMENT }
    }

    /** How long to wait for a created NodeClaim to show in snapshots before provisioning anyway. */
    public static final Duration SYNC_TIMEOUT = Duration.ofSeconds(30);

    public Provisioner(Cluster cluster, CloudProvider cloud, NodeClaimLifecycle lifecycle, Clock clock, Timeline log, NameGenerator names) {
        this(cluster, cloud, lifecycle, clock, log, names, true);
    }

    /** @param nominate whether to write nominations ({@code --nominate-pods}); without, Jig writes none and ignores any. */
    public Provisioner(Cluster cluster, CloudProvider cloud, NodeClaimLifecycle lifecycle, Clock clock, Timeline log, NameGenerator names, boolean nominate) {
        this(cluster, cloud, lifecycle, clock, log, names, nominate, l -> { });
    }

    /** @param launched told of each launch when it is made and again when it is priced (a later call for the same NodeClaim replaces the earlier) */
    public Provisioner(Cluster cluster, CloudProvider cloud, NodeClaimLifecycle lifecycle, Clock clock, Timeline log, NameGenerator names, boolean nominate,
                       java.util.function.Consumer<Launch> launched) {
        this(cluster, cloud, lifecycle, clock, log, names, nominate, launched, new Batcher(), ProvisioningMetrics.NONE);
    }

    /**
     * @param batcher the batching window ({@code --batch-idle}, {@code --batch-max}); this provisioner's own from now on
     * @param metrics told of each scheduling run and of each pod's wait for its NodeClaim
     */
    public Provisioner(Cluster cluster, CloudProvider cloud, NodeClaimLifecycle lifecycle, Clock clock, Timeline log, NameGenerator names, boolean nominate,
                       java.util.function.Consumer<Launch> launched, Batcher batcher, ProvisioningMetrics metrics) {
        this.batcher = batcher;
        this.metrics = metrics;
        this.launched = launched;
        this.cluster = cluster;
        this.cloud = cloud;
        this.lifecycle = lifecycle;
        this.clock = clock;
        this.log = log;
        this.names = names;
        this.podEvents = new dev.jig.controller.state.PodEventLimiter(cluster);
        this.writers = lifecycle.inline() ? ApiWriters.inline() : ApiWriters.of(ApiWriters.THREADS);
        this.eventWriters = lifecycle.inline() ? ApiWriters.inline() : ApiWriters.of(2);
        this.nominator = new Nominator(cluster, log, nominate, writers);
    }

    /**
     * Everything this controller does on one tick: nominations, lifecycle, then batching and, when a batch is due,
     * provisioning. Nominations come before the lifecycle so that a pod planned onto a NodeClaim whose Node has
     * just joined is nominated there before registration takes off the {@code unregistered} taint that keeps the
     * kube-scheduler away (on a real cluster its informer may still lag behind: best effort).
     */
    public synchronized Optional<SchedulingResult> reconcile() {
        ClusterSnapshot first = cluster.snapshot();
        // nominate, move or clear (a target gone, going or full: those misfits are planned again by the next batch)
        misfits = nominator.sync(withLeaving(first), planned, clock.instant());
        if (lifecycle.reconcile(first)) forgetPlansForMissingTargets(cluster.snapshot());
        ClusterSnapshot s = withLeaving(cluster.snapshot());
        Instant now = clock.instant();
        price(s);
        // a pod's batch window opens when it arrives, even while the cache has yet to show the NodeClaims this provisioner
        // created (a second's lag under load held a probe 2 s in bench/run.sh); the batch itself waits for them
        switch (needsProvisioning(s, now)) {
            case NEW_POD -> batcher.trigger(now);
            case REPLAN -> batcher.request(now);
            case NONE -> { }
        }
        if (!synced(s, now)) return Optional.empty();
        if (!batcher.ready(now)) return Optional.empty();
        batcher.close();
        triggered.clear();
        return Optional.of(provision());
    }

    /** The reason of the Event on a pod no NodePool can take (Karpenter's is {@code FailedScheduling}, as the kube-scheduler's). */
    public static final String UNSCHEDULABLE_REASON = "Unschedulable";

    /** The Event's message: every pool's refusal with its JIG06xx rule, without the pod's own name. */
    static String unschedulableMessage(Unschedulable u) {
        String own = u.pod().key() + " cannot be placed; ";
        String d = u.describe();
        return "Failed to schedule pod: " + (d.startsWith(own) ? d.substring(own.length()) : "no NodePool can take it");
    }

    /** How long until the open batch is due, if one is open: {@code run}'s worker provisions then, not at its next tick. */
    public Optional<java.time.Duration> dueIn() {
        return nextDeadline().map(d -> {
            java.time.Duration left = java.time.Duration.between(clock.instant(), d);
            return left.isNegative() ? java.time.Duration.ZERO : left;
        });
    }

    /** When the open batch is due, if one is open: lets a simulation jump straight there. */
    public synchronized Optional<Instant> nextDeadline() {
        return batcher.isOpen() ? Optional.of(batcher.deadline()) : Optional.empty();
    }

    /**
     * Runs the scheduler on the pending pods now, creating and launching NodeClaims. The snapshot is
     * taken under the lock, so concurrent callers see each other's NodeClaims.
     */
    public synchronized SchedulingResult provision() {
        ClusterSnapshot s = withLeaving(cluster.snapshot());
        Instant now = clock.instant();
        List<Pod> pending = PlanningView.pending(s, now);
        Map<String, String> hints = new HashMap<>();
        Set<String> bindable = PlanningView.bindable(s);
        PlanTargets targets = new PlanTargets(s);
        for (Pod p : pending) {
            String target = planned.get(p.key());
            String own = nominator.own(p);
            if (target == null) target = own;
            if (target == null || target.isEmpty() || misfits.contains(p.key())) continue;
            // a NodeClaim whose Node has joined is planned on under the Node's name
            String node = targets.node(target) == null ? target : targets.node(target).name();
            // A pod whose target the kube-scheduler may bind to now is left to it, unless Jig's nomination holds room there
            // for it: then the kube-scheduler binds it there, and planning it afresh would let a larger pod of this batch
            // take that room and launch a node for it (seen in bench/run.sh: two probes, two nodes, one launched twice).
            if (bindable.contains(target) && !node.equals(own)) continue;
            hints.put(p.key(), node);
        }
        SchedulingInputs.Prepared prepared = SchedulingInputs.prepare(s, pending, cloud, hints);
        SchedulingResult result = metrics.scheduling(() -> Scheduler.solve(prepared.input()));
        prepared.kept().forEach((pod, target) -> plan(pod, target));
        if (!pending.isEmpty()) {
            int onto = result.existing().values().stream().mapToInt(List::size).sum();
            log.record(new TimelineEvent(now, TimelineEvent.Kind.BATCH, pending.size() + (pending.size() == 1 ? " pod" : " pods"), String.format(Locale.ROOT,
                    "%s%d onto existing or in-flight nodes, %d new NodeClaim%s, %d unschedulable",
                    prepared.kept().isEmpty() ? "" : prepared.kept().size() + " kept where planned, ",
                    onto, result.newClaims().size(), result.newClaims().size() == 1 ? "" : "s", result.unschedulable().size())));
        }
        result.existing().forEach((node, pods) -> pods.forEach(p -> plan(p, node)));
        Created created = createAll(result.newClaims(), s, now);
        nominated(result.existing(), result.newClaims(), created.launched(), targets, now);
        if (created.refused() != null) throw created.refused();
        price(cluster.snapshot());
        for (Unschedulable u : result.unschedulable()) {
            String key = u.pod().key();
            planned.put(key, "");
            unschedulableSince.put(key, now);
            String reason = u.describe();
            if (!reason.equals(lastReason.put(key, reason))) log.record(new TimelineEvent(now, TimelineEvent.Kind.UNSCHEDULABLE, key, reason));
            podEvents.publish(ObjectEvent.onPod(u.pod(), ObjectEvent.WARNING, UNSCHEDULABLE_REASON, unschedulableMessage(u)), now);
        }
        return result;
    }

    /**
     * Plans now, without waiting for a batch, the pods of {@code nodeClaims} that are going away (interruption: the
     * instance is taken back in minutes), so that their replacement launches while the node drains rather than after.
     */
    public synchronized SchedulingResult provisionFor(java.util.Collection<String> nodeClaims) {
        leaving.addAll(nodeClaims);
        return provision();
    }

    /**
     * {@code s} as the provisioner sees it: pending pods nominated by someone else (preemption) marked ignored, so not
     * pending. Disruption reads snapshots through this too, as Karpenter's disruption takes its pending pods from the
     * provisioner.
     */
    public synchronized ClusterSnapshot withForeignIgnored(ClusterSnapshot s) {
        return nominator.withForeignIgnored(s);
    }

    /** {@code s} with others' nominated pods ignored ({@link Nominator}) and the {@link #leaving} NodeClaims marked deleting (those gone forgotten). */
    private ClusterSnapshot withLeaving(ClusterSnapshot s) {
        s = nominator.withForeignIgnored(s);
        if (leaving.isEmpty()) return s;
        Set<String> live = new HashSet<>();
        List<NodeClaim> claims = new java.util.ArrayList<>();
        for (NodeClaim c : s.nodeClaims()) {
            live.add(c.name());
            claims.add(leaving.contains(c.name()) && !c.deleting() ? c.markDeleting() : c);
        }
        leaving.retainAll(live);
        return new ClusterSnapshot(s.pods(), s.nodes(), claims, s.nodePools(), s.nodeClasses(), s.daemonSets(), s.tenancy(), s.pdbs());
    }

    /**
     * Creates and launches NodeClaims for planned ones outside a batch: disruption's replacements,
     * through the same path as a batch's (template hash, timeline, launch). Returns the names of
     * those that launched; a NodeClaim whose launch failed is already deleted and not returned.
     */
    public synchronized List<String> createReplacements(List<PlannedNodeClaim> decisions) {
        ClusterSnapshot s = cluster.snapshot();
        Instant now = clock.instant();
        List<String> out = new java.util.ArrayList<>();
        for (PlannedNodeClaim d : decisions) {
            NodeClaim claim = create(d, s, now, Launch.Purpose.REPLACEMENT, "replacement: ");
            if (claim != null) out.add(claim.name());
        }
        price(cluster.snapshot());
        return out;
    }

    /** A batch's creates: the NodeClaim launched for each decision, in order (null where refused or failed), and the first refusal. */
    private record Created(List<NodeClaim> launched, RuntimeException refused) {
    }

    /**
     * Creates a batch's NodeClaims with their writes in parallel ({@link ApiWriters#each}: a hundred creates one after
     * another held the next batch for seconds, since it waits until the cache shows them all), then launches each in
     * order. A create the API refused is not launched; {@link #provision} throws the first refusal once the others are
     * launched, and its pods are planned again by the next batch.
     */
    private Created createAll(List<PlannedNodeClaim> decisions, ClusterSnapshot s, Instant now) {
        List<NodeClaim> claims = new java.util.ArrayList<>(decisions.size());
        for (PlannedNodeClaim d : decisions) claims.add(toNodeClaim(d, s, now));
        List<ApiWriters.Outcome<NodeClaim>> created = writers.each(claims, c -> {
            cluster.create(c);
            return c;
        });
        RuntimeException refused = null;
        List<NodeClaim> launched = new java.util.ArrayList<>(decisions.size());
        for (int i = 0; i < decisions.size(); i++) {
            if (created.get(i).failure() != null) {
                if (refused == null) refused = created.get(i).failure();
                launched.add(null);
                continue;
            }
            PlannedNodeClaim d = decisions.get(i);
            boolean replan = d.pods().stream().allMatch(p -> everPlaced.contains(p.key()));
            launched.add(launch(d, claims.get(i), s, now, replan ? Launch.Purpose.REPLAN : Launch.Purpose.DEMAND, ""));
        }
        return new Created(launched, refused);
    }

    /** Karpenter's reason for the Event on a pod the provisioner placed: {@code Pod should schedule on: nodeclaim/…}. */
    public static final String NOMINATED_REASON = "Nominated";

    /**
     * Tells each pod this batch placed where it should schedule ({@link #NOMINATED_REASON}, as Karpenter does): onto a
     * NodeClaim created for it ({@code launched}, in {@code decisions}' order, null where the create or launch failed),
     * or onto one already in flight or a node. A pod kept where it was planned was told when it was planned there. The
     * writes go to {@link #eventWriters}: a batch never waits on them; the limiter drops a repeat.
     */
    private void nominated(Map<String, List<Pod>> existing, List<PlannedNodeClaim> decisions, List<NodeClaim> launched, PlanTargets targets, Instant now) {
        List<ObjectEvent> events = new java.util.ArrayList<>();
        existing.forEach((target, pods) -> pods.forEach(pod -> events.add(nominatedEvent(pod, targets.nominatedOn(target)))));
        for (int i = 0; i < decisions.size(); i++) {
            NodeClaim claim = launched.get(i);
            if (claim != null) decisions.get(i).pods().forEach(pod -> events.add(nominatedEvent(pod, "nodeclaim/" + claim.name())));
        }
        for (ObjectEvent e : events) eventWriters.submit(() -> podEvents.publish(e, now));
    }

    private static ObjectEvent nominatedEvent(Pod pod, String on) {
        return ObjectEvent.onPod(pod, ObjectEvent.NORMAL, NOMINATED_REASON, "Pod should schedule on: " + on);
    }

    /** The NodeClaim created and launched, or null when its launch failed (and it was deleted). */
    private NodeClaim create(PlannedNodeClaim decision, ClusterSnapshot s, Instant now, Launch.Purpose purpose, String why) {
        NodeClaim claim = toNodeClaim(decision, s, now);
        cluster.create(claim);
        return launch(decision, claim, s, now, purpose, why);
    }

    /** {@code claim}, created for {@code decision}: recorded, its pods planned onto it, and launched; null when its launch failed (and it was deleted). */
    private NodeClaim launch(PlannedNodeClaim decision, NodeClaim claim, ClusterSnapshot s, Instant now, Launch.Purpose purpose, String why) {
        record(new Launch(claim.name(), purpose, Double.NaN));
        unseen.put(claim.name(), now);
        log.record(new TimelineEvent(now, TimelineEvent.Kind.NODECLAIM_CREATED, claim.name(), why + PlanningView.describe(decision)));
        decision.pods().forEach(p -> plan(p, claim.name()));
        decision.pods().forEach(p -> waits.nodeClaimCreated(p.key(), now).ifPresent(w -> metrics.nodeClaimCreated(p.key(), w)));
        // the launch pool owns the launch from here: this thread (and the lock it holds) never waits on the cloud
        if (lifecycle.submit(claim, s.nodeClasses().get(claim.nodeClass())) == NodeClaimLifecycle.Launching.DELETED) {
            unseen.remove(claim.name());
            return null;
        }
        return claim;
    }

    /** The nodes and NodeClaims pending pods are planned onto, and the nodes Jig's nominations stand on: disruption leaves them alone. */
    public synchronized Set<String> nominated() {
        Set<String> out = new HashSet<>();
        for (String target : planned.values()) if (!target.isEmpty()) out.add(target);
        out.addAll(nominator.standing());
        return out;
    }

    /** Karpenter's "cluster state synced" check: every NodeClaim this controller created is in the snapshot. */
    private boolean synced(ClusterSnapshot s, Instant now) {
        if (unseen.isEmpty()) return true;
        for (NodeClaim c : s.nodeClaims()) unseen.remove(c.name());
        unseen.values().removeIf(created -> !now.isBefore(created.plus(SYNC_TIMEOUT)));
        return unseen.isEmpty();
    }

    /**
     * The NodeClaims this provisioner created that are still in the cluster, in order, with the price each launched at.
     * Those gone are forgotten, so the map does not grow with every NodeClaim a long run creates; a history is the
     * {@code launched} listener's to keep.
     */
    public synchronized List<Launch> launches() {
        return List.copyOf(launches.values());
    }

    /**
     * Where the provisioner stands on a pending pod: planned onto a node or NodeClaim, or
     * unschedulable with the reason; empty while it waits for a batch.
     */
    public synchronized Optional<String> describePlan(String podKey) {
        String target = planned.get(podKey);
        if (target == null) return Optional.empty();
        if (target.isEmpty()) {
            String reason = lastReason.getOrDefault(podKey, "unschedulable");
            String own = podKey + " cannot be placed; ";
            return Optional.of("no NodePool can take it: " + (reason.startsWith(own) ? reason.substring(own.length()) : reason));
        }
        return Optional.of("planned onto " + target);
    }

    /** Whether a batch after {@code since} found no place for the pod (it is tried again later). */
    public synchronized boolean unschedulableSince(String podKey, Instant since) {
        Instant at = unschedulableSince.get(podKey);
        return "".equals(planned.get(podKey)) && at != null && at.isAfter(since);
    }

    /** Prices the launches whose NodeClaim has launched, and forgets those whose NodeClaim is gone. */
    private void price(ClusterSnapshot s) {
        Set<String> live = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            live.add(c.name());
            Launch l = launches.get(c.name());
            if (l != null && Double.isNaN(l.pricePerHour()) && c.status() != null) {
                record(new Launch(l.nodeClaim(), l.purpose(), c.status().pricePerHour()));
            }
        }
        launches.keySet().removeIf(name -> !live.contains(name) && !unseen.containsKey(name));
    }

    private void record(Launch l) {
        launches.put(l.nodeClaim(), l);
        launched.accept(l);
    }

    /** What a reconcile found for the batcher: nothing, only pods to plan again, or a pod never planned. */
    private enum Need { NONE, REPLAN, NEW_POD }

    private Need needsProvisioning(ClusterSnapshot s, Instant now) {
        Set<String> bindable = PlanningView.bindable(s);
        for (String t : bindable) readySince.putIfAbsent(t, now);
        readySince.keySet().retainAll(bindable);
        PlanTargets targets = new PlanTargets(s);
        Need needed = Need.NONE;
        Set<String> live = new HashSet<>();
        for (Pod p : PlanningView.pending(s, now)) {
            String key = p.key();
            live.add(key);
            String target = planned.get(key);
            boolean unhandled = target == null || !target.isEmpty() && !targets.live(target) && !unseen.containsKey(target) || misfits.contains(key)
                    || target.isEmpty() && !now.isBefore(unschedulableSince.get(key).plus(RETRY_UNSCHEDULABLE))
                    || !target.isEmpty() && displaced(key, target, now)
                    || !target.isEmpty() && !now.isBefore(plannedAt.getOrDefault(key, now).plus(PLAN_TTL));
            if (unhandled && triggered.add(key)) needed = target == null && !everPlaced.contains(key) ? Need.NEW_POD : needed == Need.NONE ? Need.REPLAN : needed;
        }
        planned.keySet().retainAll(live);
        plannedAt.keySet().retainAll(live);
        everPlaced.retainAll(live);
        unschedulableSince.keySet().retainAll(live);
        lastReason.keySet().retainAll(live);
        podEvents.retain(live);
        waits.pending(live, now);
        return needed;
    }

    /**
     * A pod planned onto a target before it turned Ready, still pending a reconcile after it did: the
     * kube-scheduler has had its pass and bound it elsewhere or nowhere, so the plan no longer holds.
     */
    private boolean displaced(String pod, String target, Instant now) {
        Instant ready = readySince.get(target);
        Instant at = plannedAt.get(pod);
        return ready != null && at != null && ready.isBefore(now) && !at.isAfter(ready);
    }

    private void forgetPlansForMissingTargets(ClusterSnapshot s) {
        Set<String> claims = new HashSet<>();
        s.nodeClaims().forEach(c -> claims.add(c.name()));
        s.nodes().forEach(n -> claims.add(n.name()));
        planned.entrySet().removeIf(e -> !e.getValue().isEmpty() && !claims.contains(e.getValue()));
        planned.entrySet().removeIf(e -> e.getValue().isEmpty());
    }

    private void plan(Pod p, String target) {
        planned.put(p.key(), target);
        everPlaced.add(p.key());
        plannedAt.put(p.key(), clock.instant());
        unschedulableSince.remove(p.key());
        lastReason.remove(p.key());
    }

    private NodeClaim toNodeClaim(PlannedNodeClaim p, ClusterSnapshot s, Instant now) {
        NodePool pool = s.nodePools().stream().filter(np -> np.name().equals(p.pool())).findFirst().orElseThrow();
        // The template hashes, so that static drift can tell a NodeClaim launched from an older template or node class.
        Map<String, String> annotations = new java.util.TreeMap<>(NodePoolHash.annotations(pool));
        NodeClass nodeClass = s.nodeClasses().get(pool.nodeClassName());
        if (nodeClass != null) annotations.putAll(NodeClassHash.annotations(nodeClass));
        return new NodeClaim(names.next(p.pool()), p.pool(), pool.nodeClassName(), p.labels(), p.requirements(), p.requests(), p.taints(),
                p.startupTaints(), now, false, null, annotations);
    }
}
