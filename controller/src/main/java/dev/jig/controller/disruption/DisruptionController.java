package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The disruption executor, a {@link Reconciler}: it runs the {@link DisruptionPass} and carries out what it decides,
 * with as many voluntary commands in flight as the budgets allow (Karpenter's orchestration queue). Expired
 * NodeClaims are deleted at once. A voluntary {@link Command} goes: taint the candidates
 * {@code karpenter.sh/disrupted:NoSchedule} → launch the replacements (through the provisioner's creation path) →
 * wait until every replacement is initialized → wait {@link #VALIDATION} → validate (no pod arrived on a candidate,
 * the budget of the reason still allows the candidates) → delete the candidates' NodeClaims (their termination
 * drains them). Each command advances, validates and aborts on its own: a failure aborts that command only, and
 * its candidates are untainted. While commands are in flight the passes go on: a pass sees their candidates as
 * marked for deletion ({@link #view}): no candidates again, counted against their pools' budgets as disrupting,
 * their pods looking for a place; and their replacements as nominated. A pass that started a command is followed
 * by another at once, so a drift budget of 3 has three nodes rolling together. A node tainted {@code disrupted}
 * that no command in flight names (after a restart, say) is untainted. Time comes from the injected clock only.
 */
public final class DisruptionController implements Reconciler {

    /** Karpenter's disruption polling period: a pass that found nothing looks again this much later. */
    public static final Duration POLL_PERIOD = Duration.ofSeconds(10);
    /** Karpenter's validation period before a command's candidates are deleted. */
    public static final Duration VALIDATION = Duration.ofSeconds(15);
    /** How long the replacements may take to initialize before the command is abandoned. */
    public static final Duration REPLACEMENT_TIMEOUT = Duration.ofMinutes(10);
    /** How long a replacement just created may be missing from the cache before it counts as gone. */
    static final Duration CACHE_LAG = Duration.ofSeconds(30);
    public static final Taint DISRUPTED = new Taint(TaintKeys.DISRUPTED, null, "NoSchedule");

    private final Cluster cluster;
    private final CloudProvider cloud;
    private final Clock clock;
    private final Timeline log;
    private final Supplier<Set<String>> nominated;
    private final Function<List<PlannedNodeClaim>, List<String>> launch;
    private final DisruptionMetrics metrics;
    private final UnaryOperator<ClusterSnapshot> pendingView;
    private final DisruptionEvents events = new DisruptionEvents();
    private final NominationWindow window = new NominationWindow();
    /** The voluntary commands being carried out, in the order they started. */
    private final List<InFlight> inFlight = new ArrayList<>();
    /**
     * NodeClaims this controller asked to delete that the cache does not show deleting yet (Karpenter's
     * MarkedForDeletion outlives the command): still disrupting for the budgets, and no orphans to untaint.
     */
    private final Set<String> deleteRequested = new HashSet<>();
    /** How often a pass looks for new commands while none is in flight (Karpenter polls every 10 s). */
    private final Duration pollPeriod;
    /** What each pass leaves to the next: the consolidated memo, the time boxes and where single-node stopped. */
    private final PassMemory memory;
    /** When the next pass is due; null: at the next reconcile. */
    private Instant nextPass;
    /** The generation the last pass that found nothing saw ({@link #idle}). */
    private long quietGeneration = -1;
    /** Replacements whose candidates' pods are not bound again yet: NodeClaim name → those pods, and until when it is protected. */
    private final Map<String, Awaiting> awaiting = new HashMap<>();

    private record Awaiting(Set<String> pods, Set<String> from, Instant executed, Instant until) {

        /**
         * Whether {@code p}, pending, may be the successor of a displaced pod that is gone: in one of the displaced
         * pods' namespaces and created since the command executed (a ReplicaSet replaces an evicted pod with a new one).
         * A creationTimestamp has whole seconds, so a pod created in the second of the execution counts.
         */
        boolean successor(Pod p) {
            return !p.created().isBefore(executed.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)) && pods.stream().anyMatch(k -> k.startsWith(p.namespace() + "/"));
        }
    }

    /** How long a replacement stays nominated for its candidates' pods at most, after the candidates were deleted. */
    public static final Duration RESCHEDULE_WINDOW = Duration.ofMinutes(5);

    /** A command being carried out: its replacements' NodeClaim names, the pods on each candidate at the decision, and when it may proceed. */
    /** @param shown whether the cache has shown every replacement once: a replacement missing before that may be on its way */
    private record InFlight(Command command, List<String> replacements, Map<String, Set<String>> podsAt, Instant started, Instant validateAt,
                            boolean shown) {
        InFlight validatingAt(Instant at) {
            return new InFlight(command, replacements, podsAt, started, at, shown);
        }

        InFlight wasShown() {
            return new InFlight(command, replacements, podsAt, started, validateAt, true);
        }
    }

    /**
     * @param nominated the nodes and NodeClaims the provisioner has planned pending pods onto
     * @param launch    creates and launches NodeClaims for planned ones, returning their names
     */
    public DisruptionController(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log, Supplier<Set<String>> nominated,
                                Function<List<PlannedNodeClaim>, List<String>> launch) {
        this(cluster, cloud, clock, log, nominated, launch, DisruptionMetrics.NONE, UnaryOperator.identity());
    }

    /**
     * @param metrics     where each pass, execution and abort is counted
     * @param pendingView the provisioner's view of a snapshot ({@code Provisioner::withForeignIgnored}): pods nominated by
     *                    preemption are not pending for disruption either, as Karpenter's disruption takes its pending pods
     *                    from the provisioner (whose IsProvisionable excludes preempting pods)
     */
    public DisruptionController(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log, Supplier<Set<String>> nominated,
                                Function<List<PlannedNodeClaim>, List<String>> launch, DisruptionMetrics metrics,
                                UnaryOperator<ClusterSnapshot> pendingView) {
        this(cluster, cloud, clock, log, nominated, launch, metrics, pendingView, POLL_PERIOD, new PassMemory());
    }

    /**
     * @param pollPeriod how often a pass looks for new commands while none is in flight ({@link #POLL_PERIOD});
     *                   right after a command is executed the next pass comes at once, as Karpenter requeues then
     * @param memory     the consolidated memo and the consolidation time boxes, kept across passes
     */
    public DisruptionController(Cluster cluster, CloudProvider cloud, Clock clock, Timeline log, Supplier<Set<String>> nominated,
                                Function<List<PlannedNodeClaim>, List<String>> launch, DisruptionMetrics metrics,
                                UnaryOperator<ClusterSnapshot> pendingView, Duration pollPeriod, PassMemory memory) {
        this.pollPeriod = pollPeriod;
        this.memory = memory;
        this.metrics = metrics;
        this.pendingView = pendingView;
        this.cluster = cluster;
        this.cloud = cloud;
        this.clock = clock;
        this.log = log;
        this.nominated = nominated;
        this.launch = launch;
    }

    @Override
    public String name() {
        return "disruption";
    }

    /** Whether a voluntary command is being carried out. */
    public synchronized boolean busy() {
        return !inFlight.isEmpty();
    }

    /** The nodes and NodeClaims the commands in flight name (their candidates). */
    public synchronized Set<String> namedInFlight() {
        Set<String> out = new HashSet<>();
        for (InFlight f : inFlight) {
            for (Candidate c : f.command().candidates()) {
                out.add(c.claim().name());
                if (c.node() != null) out.add(c.node().name());
            }
        }
        return out;
    }

    /** How many voluntary commands are being carried out. */
    public synchronized int inFlight() {
        return inFlight.size();
    }

    /**
     * Whether disruption has nothing left to do with the cluster as it is: no command in flight, and the last pass
     * saw the cluster's current generation and found nothing. With the poll period a pass may not have looked yet
     * at what changed last, so a simulation that waits for the cluster to settle asks this rather than {@link #busy}.
     */
    public synchronized boolean idle() {
        return inFlight.isEmpty() && nextPass != null && quietGeneration == cluster.generation();
    }

    @Override
    public synchronized void reconcile() {
        Instant now = clock.instant();
        // read before the snapshot: a change in between can only make the consolidated memo miss
        long generation = cluster.generation();
        ClusterSnapshot s = pendingView.apply(cluster.snapshot());
        Set<String> shownLive = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) if (!c.deleting()) shownLive.add(c.name());
        deleteRequested.retainAll(shownLive);
        untaintOrphans(s);
        // every reconcile, so the window sees the nominations made and let go while a command is in flight
        Set<String> nominations = nominated(s, now);
        boolean executed = false;
        for (InFlight f : List.copyOf(inFlight)) {
            try {
                executed |= advance(f, s, now, nominations);
            } catch (RuntimeException e) {
                abort(f, "failed: " + e.getMessage());
                throw e;
            }
        }
        // a command executed changes what the next pass sees (this snapshot does not show its candidates deleting yet):
        // look again at the next reconcile, as Karpenter requeues then
        if (executed) {
            nextPass = null;
            return;
        }
        if (nextPass != null && now.isBefore(nextPass)) return;
        Set<String> claimsInFlight = new HashSet<>(deleteRequested);
        Set<String> protectedNow = new HashSet<>(nominations);
        for (InFlight f : inFlight) {
            for (Candidate c : f.command().candidates()) claimsInFlight.add(c.claim().name());
            protectedNow.addAll(f.replacements());
        }
        DisruptionResult result = DisruptionPass.run(view(s, claimsInFlight), now, cloud, protectedNow, generation, memory);
        // a pass that acted looks again as soon as it can; one that found nothing waits a period
        nextPass = result.command().isPresent() || !result.expirations().isEmpty() ? null : now.plus(pollPeriod);
        quietGeneration = nextPass == null || !inFlight.isEmpty() ? -1 : generation;
        metrics.passed(result);
        for (DisruptionResult.DriftMark m : result.driftMarks()) cluster.nodeClaimCondition(m.claim(), Drift.DRIFTED, m.condition());
        events.blocked(result.blocked()).forEach(cluster::publish);
        for (Command expired : result.expirations()) {
            log.record(new TimelineEvent(now, TimelineEvent.Kind.DISRUPTION, names(expired), expired.describe()));
            DisruptionEvents.terminating(expired).forEach(cluster::publish);
            for (Candidate c : expired.candidates()) delete(c.claim());
            metrics.executed(expired);
        }
        result.command().ifPresent(cmd -> DisruptionEvents.approved(cmd, result.scores()).forEach(cluster::publish));
        Map<String, String> driftReasons = new HashMap<>();
        for (DisruptionResult.DriftMark m : result.driftMarks()) if (m.condition() != null) driftReasons.put(m.claim(), m.condition().reason());
        result.command().ifPresent(cmd -> start(s, cmd, now, driftReasons));
    }

    /**
     * {@code s} as a pass must see it while commands are in flight: their candidates' NodeClaims marked deleting
     * (Karpenter's MarkedForDeletion), so that they are no candidates again, count as disrupting in their pools'
     * budgets, and their pods need a place in every simulation.
     */
    static ClusterSnapshot view(ClusterSnapshot s, Set<String> claimsInFlight) {
        if (claimsInFlight.isEmpty()) return s;
        List<NodeClaim> claims = new ArrayList<>(s.nodeClaims().size());
        for (NodeClaim c : s.nodeClaims()) claims.add(claimsInFlight.contains(c.name()) && !c.deleting() ? c.markDeleting() : c);
        return new ClusterSnapshot(s.pods(), s.nodes(), claims, s.nodePools(), s.nodeClasses(), s.daemonSets(), s.tenancy(), s.pdbs());
    }

    private void start(ClusterSnapshot s, Command cmd, Instant now, Map<String, String> driftReasons) {
        Map<String, Set<String>> podsAt = new HashMap<>();
        for (Candidate c : cmd.candidates()) podsAt.put(c.name(), pods(s, c.name()));
        InFlight f = new InFlight(cmd, List.of(), podsAt, now, null, false);
        inFlight.add(f);
        log.record(new TimelineEvent(now, TimelineEvent.Kind.DISRUPTION, names(cmd), "decided " + cmd.describe(driftReasons)));
        try {
            for (Candidate c : cmd.candidates()) if (c.node() != null) cluster.editNode(c.node().name(), Map.of(), Set.of(), List.of(DISRUPTED));
            List<String> replacements = cmd.replacements().isEmpty() ? List.of() : launch.apply(cmd.replacements());
            if (replacements.size() != cmd.replacements().size()) {
                abort(f, "only " + replacements.size() + " of " + cmd.replacements().size() + " replacements could be created");
                return;
            }
            replace(f, new InFlight(cmd, replacements, podsAt, now, replacements.isEmpty() ? now.plus(VALIDATION) : null, false));
        } catch (RuntimeException e) {
            abort(f, "failed: " + e.getMessage());
            throw e;
        }
    }

    /** Puts {@code now} where the command of {@code was} is in flight. */
    private void replace(InFlight was, InFlight now) {
        for (int i = 0; i < inFlight.size(); i++) if (inFlight.get(i).command() == was.command()) inFlight.set(i, now);
    }

    /** One step of a command in flight; true when it executed (its candidates are being deleted now). */
    private boolean advance(InFlight f, ClusterSnapshot s, Instant now, Set<String> nominations) {
        if (f.validateAt() == null) {
            Map<String, NodeClaim> claims = new HashMap<>();
            for (NodeClaim c : s.nodeClaims()) claims.put(c.name(), c);
            for (String r : f.replacements()) {
                NodeClaim c = claims.get(r);
                // a replacement the cache has not shown yet is on its way, for a while (Karpenter waits 5 s; a stalled watch, longer)
                if (c == null && !f.shown() && now.isBefore(f.started().plus(CACHE_LAG))) return false;
                if (c == null || c.deleting()) {
                    abort(f, "replacement " + r + " is gone");
                    return false;
                }
            }
            if (!f.shown()) {
                InFlight shown = f.wasShown();
                replace(f, shown);
                f = shown;
            }
            if (f.replacements().stream().allMatch(r -> claims.get(r).initialized())) {
                replace(f, f.validatingAt(now.plus(VALIDATION)));
            } else if (!now.isBefore(f.started().plus(REPLACEMENT_TIMEOUT))) {
                abort(f, "replacements not initialized within " + REPLACEMENT_TIMEOUT.toMinutes() + " minutes");
            }
            return false;
        }
        if (now.isBefore(f.validateAt())) return false;
        // the other commands in flight are disrupting too: their candidates count against the budgets this one checks
        Set<String> others = new HashSet<>(deleteRequested);
        for (InFlight o : inFlight) if (o.command() != f.command()) for (Candidate c : o.command().candidates()) others.add(c.claim().name());
        String invalid = Validation.check(view(s, others), now, cloud, nominations, f.command(), f.podsAt());
        if (invalid != null) {
            abort(f, invalid);
            return false;
        }
        Command cmd = f.command();
        Map<String, NodeClaim> claims = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) claims.put(c.name(), c);
        DisruptionEvents.terminating(cmd).forEach(cluster::publish);
        for (Candidate c : cmd.candidates()) {
            NodeClaim live = claims.get(c.claim().name());
            if (live != null) delete(live);
        }
        metrics.executed(cmd);
        Set<String> displaced = new HashSet<>();
        f.podsAt().values().forEach(displaced::addAll);
        Set<String> from = new HashSet<>(f.podsAt().keySet());
        for (String r : f.replacements()) awaiting.put(r, new Awaiting(displaced, from, now, now.plus(RESCHEDULE_WINDOW)));
        log.record(new TimelineEvent(now, TimelineEvent.Kind.DISRUPTION, names(cmd), String.format(java.util.Locale.ROOT,
                "executed %s: deleting %d NodeClaim(s)%s, saving $%.4f/h", DisruptionEvents.method(cmd),
                cmd.candidates().size(), f.replacements().isEmpty() ? "" : " after " + f.replacements() + " initialized",
                cmd.savingsPerHour())));
        inFlight.removeIf(x -> x.command() == cmd);
        return true;
    }

    /**
     * The provisioner's nominations (held for the {@link NominationWindow} while pods are pending), plus the replacements of executed commands (NodeClaim and Node
     * names) until the pods their candidates held are bound elsewhere, or gone with none of their possible successors
     * pending (a drained pod is replaced by a new pending pod in its namespace, which may be on its way to the
     * replacement; an unrelated pod pending for ever does not hold it): a replacement is empty between the
     * candidates' deletion and the pods' rescheduling, and must not be taken for an empty node
     * (Karpenter nominates it when its provisioner schedules the evicted pods).
     */
    private Set<String> nominated(ClusterSnapshot s, Instant now) {
        List<Pod> pending = s.pendingPods();
        Set<String> out = new HashSet<>(window.of(nominated.get(), !pending.isEmpty(), now));
        Map<String, String> boundTo = new HashMap<>();
        for (Pod p : s.pods()) boundTo.put(p.key(), p.isBound() ? p.nodeName() : "");
        // a displaced pod that is gone (evicted, its ReplicaSet creating another) is settled once no successor is pending
        awaiting.values().removeIf(a -> {
            boolean successors = pending.stream().anyMatch(a::successor);
            return !now.isBefore(a.until()) || a.pods().stream()
                    .allMatch(p -> boundTo.containsKey(p) ? !boundTo.get(p).isEmpty() && !a.from().contains(boundTo.get(p)) : !successors);
        });
        for (NodeClaim c : s.nodeClaims()) {
            if (!awaiting.containsKey(c.name())) continue;
            out.add(c.name());
            if (c.status() != null && c.status().nodeName() != null) out.add(c.status().nodeName());
        }
        return out;
    }

    /**
     * Gives the command up: untaints its candidates. Replacements already launched stay (consolidation may remove them
     * later). The next pass waits a poll period, as after a Karpenter command that failed its validation.
     */
    private void abort(InFlight f, String why) {
        Command cmd = f.command();
        inFlight.removeIf(x -> x.command() == cmd);
        Instant later = clock.instant().plus(pollPeriod);
        if (nextPass == null || nextPass.isBefore(later)) nextPass = later;
        for (Candidate c : cmd.candidates()) if (c.node() != null) untaint(c.node().name());
        DisruptionEvents.aborted(cmd, why).forEach(cluster::publish);
        metrics.aborted(cmd);
        log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.DISRUPTION, names(cmd), "aborted " + cmd.describe() + ": " + why));
    }

    /** Untaints the nodes tainted {@code disrupted} that no command in flight names and whose NodeClaim is live (not deleting, not gone). */
    private void untaintOrphans(ClusterSnapshot s) {
        Set<String> mine = new HashSet<>();
        for (InFlight f : inFlight) for (Candidate c : f.command().candidates()) if (c.node() != null) mine.add(c.node().name());
        Set<String> live = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (!c.deleting() && !deleteRequested.contains(c.name()) && c.status() != null && c.status().nodeName() != null) live.add(c.status().nodeName());
        }
        for (Node n : s.nodes()) {
            if (mine.contains(n.name()) || !live.contains(n.name())) continue;
            if (n.taints().stream().anyMatch(t -> t.key().equals(TaintKeys.DISRUPTED))) {
                untaint(n.name());
                log.record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.DISRUPTION, n.name(), "untainted: no disruption in flight names it"));
            }
        }
    }

    private void untaint(String node) {
        cluster.editNode(node, Map.of(), Set.of(TaintKeys.DISRUPTED), List.of());
    }

    private void delete(NodeClaim claim) {
        cluster.requestDeletion(claim);
        deleteRequested.add(claim.name());
    }

    static Set<String> pods(ClusterSnapshot s, String node) {
        Set<String> out = new HashSet<>();
        for (Pod p : s.pods()) if (node.equals(p.nodeName()) && !p.daemonSet()) out.add(p.key());
        return out;
    }

    private static String names(Command cmd) {
        List<String> out = new ArrayList<>();
        for (Candidate c : cmd.candidates()) out.add(c.name());
        return String.join(",", out);
    }
}
