package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.cloud.sim.SimulatedCloudEvents;
import dev.jig.controller.interruption.InterruptionController;
import dev.jig.controller.interruption.InterruptionMetrics;
import dev.jig.controller.disruption.DisruptionController;
import dev.jig.controller.disruption.DisruptionMetrics;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.lifecycle.OrphanCollection;
import dev.jig.controller.lifecycle.PodEvents;
import dev.jig.controller.loop.CadenceSchedule;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.run.RunReconcilers;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;
import dev.jig.controller.termination.Terminator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The controller core wired to a simulated world: an {@link InMemoryCluster}, a {@link SimulatedCloud},
 * a {@link SimulatedKubelet} and a {@link SimulatedKubeScheduler}, on a {@link SimulatedClock} that
 * moves one second per {@link #tick()}. Everything that happens lands in the {@link #timeline()}.
 *
 * <p>The controller side is wired as {@code jig-controller run} wires it ({@code RunReconcilers}): NodeClaims carry
 * the {@code karpenter.sh/termination} finalizer and the {@link Terminator} cordons, drains (PodDisruptionBudgets,
 * {@code terminationGracePeriod}), deletes the instance and removes the finalizer, so every deletion (disruption,
 * expiration, drift, interruption, orphan collection) drains. The cluster side plays what the API server's
 * controllers do: {@link SimulatedReplicaSets} replace every pod that goes with a new pending one,
 * {@link SimulatedPodReadiness} turns bound pods Ready after {@code podReadyLatency}, and
 * {@link SimulatedDisruptionBudgets} keeps the budgets' {@code disruptionsAllowed} from the Ready pods.
 */
public final class SimulatedWorld {

    public static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration TICK = Duration.ofSeconds(1);
    /** How long a bound pod takes to turn Ready when the scenario does not say. */
    public static final Duration DEFAULT_POD_READY_LATENCY = Duration.ofSeconds(5);

    private final SimulatedClock clock = new SimulatedClock(START);
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final SimulatedCloud cloud;
    private final Provisioner provisioner;
    /** Every launch of the run, by NodeClaim, in order: the provisioner forgets those gone, the report does not. */
    private final Map<String, Provisioner.Launch> launches = new java.util.LinkedHashMap<>();
    private final SimulatedKubelet kubelet;
    private final SimulatedKubeScheduler kubeScheduler;
    private final DisruptionController disruption;
    private final PodPlacements placements = new PodPlacements();
    private final PodEvents podEvents = new PodEvents(cluster, clock);
    private final UsageSeries usage = new UsageSeries();
    private final SimulatedCloudEvents cloudEvents = new SimulatedCloudEvents();
    private final InterruptionController interruption;
    private final SimulatedReplicaSets replicaSets;
    private final SimulatedPodReadiness readiness;
    private final SimulatedDisruptionBudgets budgets;
    private final Terminator terminator;
    private final OrphanCollection orphans;
    /** {@code RunReconcilers}' cadence table on the simulated clock: the reconcilers due each second, in the table's order. */
    private final CadenceSchedule controller;
    /** Per ReplicaSet name, the fewest Ready pods it had at any tick since {@link #resetReadyFloor}. */
    private final Map<String, Integer> readyFloor = new HashMap<>();

    public SimulatedWorld(Catalog catalog, List<String> zones, boolean spot, Duration bootLatency, Duration readyLatency) {
        this(catalog, zones, spot, bootLatency, readyLatency, KubeSchedulerScoring.LEAST_ALLOCATED);
    }

    public SimulatedWorld(Catalog catalog, List<String> zones, boolean spot, Duration bootLatency, Duration readyLatency,
                          KubeSchedulerScoring scoring) {
        this(catalog, zones, spot, bootLatency, readyLatency, scoring, DEFAULT_POD_READY_LATENCY, KubeSchedulerNominations.HONORED);
    }

    public SimulatedWorld(Catalog catalog, List<String> zones, boolean spot, Duration bootLatency, Duration readyLatency,
                          KubeSchedulerScoring scoring, KubeSchedulerNominations nominations) {
        this(catalog, zones, spot, bootLatency, readyLatency, scoring, DEFAULT_POD_READY_LATENCY, nominations);
    }

    /** @param podReadyLatency how long a pod bound to a Ready node takes to turn Ready */
    public SimulatedWorld(Catalog catalog, List<String> zones, boolean spot, Duration bootLatency, Duration readyLatency,
                          KubeSchedulerScoring scoring, Duration podReadyLatency, KubeSchedulerNominations nominations) {
        readiness = new SimulatedPodReadiness(podReadyLatency);
        replicaSets = new SimulatedReplicaSets(cluster, clock, p -> readiness.ready(p, clock.instant()));
        budgets = new SimulatedDisruptionBudgets(cluster, replicaSets, readiness);
        UnavailableOfferings unavailable = new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL);
        cloud = new SimulatedCloud(new InstanceTypeResolver(catalog, zones, spot), clock, bootLatency, unavailable);
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, this::record, true);
        // Ignored: the controller writes no nominations (Karpenter, or Jig with --nominate-pods=false); the kube-scheduler is 1.35's either way
        provisioner = new Provisioner(cluster, cloud, lifecycle, clock, this::record, new NameGenerator(new Random(1)),
                nominations == KubeSchedulerNominations.HONORED, l -> launches.put(l.nodeClaim(), l));
        kubelet = new SimulatedKubelet(cluster, cloud, clock, readyLatency, this::record);
        kubeScheduler = new SimulatedKubeScheduler(cluster, clock, this::record, scoring, KubeSchedulerNominations.HONORED);
        disruption = new DisruptionController(cluster, cloud, clock, this::record, provisioner::nominated, provisioner::createReplacements,
                DisruptionMetrics.NONE, provisioner::withForeignIgnored);
        interruption = new InterruptionController(cluster, cloudEvents, clock, this::record, InterruptionMetrics.NONE,
                claims -> placements.record(provisioner.provisionFor(claims)));
        terminator = new Terminator(cluster, cloud, clock, this::record);
        orphans = new OrphanCollection(cluster, cloud, clock, this::record);
        controller = new CadenceSchedule(RunReconcilers.cadences(interruption, podEvents,
                Reconciler.of("provisioning", () -> provisioner.reconcile().ifPresent(placements::record)), disruption, terminator, orphans));
    }

    /** The simulated cloud's interruption feed: the {@code interrupt} step publishes to it. */
    public SimulatedCloudEvents cloudEvents() {
        return cloudEvents;
    }

    /** The PodDisruptionBudgets whose {@code disruptionsAllowed} the world keeps, as the API server's disruption controller does. */
    public void podDisruptionBudgets(List<Scenario.Budget> list) {
        budgets.set(list, clock.instant());
    }

    /** The deployments' ReplicaSets: scale them here, and they replace every pod that goes. */
    public SimulatedReplicaSets replicaSets() {
        return replicaSets;
    }

    public SimulatedClock clock() {
        return clock;
    }

    public InMemoryCluster cluster() {
        return cluster;
    }

    public SimulatedCloud cloud() {
        return cloud;
    }

    /** Every NodeClaim the provisioner launched in this run, gone ones included, in order, with the price each launched at. */
    public List<Provisioner.Launch> launches() {
        return List.copyOf(launches.values());
    }

    public Provisioner provisioner() {
        return provisioner;
    }

    /** Where each pod stands, from the snapshot and the provisioner's latest decisions. */
    List<PodPlacements.Placement> placements(ClusterSnapshot s) {
        return placements.of(s);
    }

    public synchronized List<TimelineEvent> timeline() {
        return List.copyOf(timeline);
    }

    public synchronized void record(TimelineEvent d) {
        timeline.add(d);
    }

    /**
     * One second: the cluster's side first (kubelets, then a kube-scheduler pass, ReplicaSets replacing the pods that
     * went, pod readiness, the PDBs' status), then the controller's reconcilers due this second, with {@code run}'s
     * cadences ({@code RunReconcilers}: all every second but orphan collection, every two minutes), in the table's order
     * (interruption, pod events, provisioning, disruption, termination, orphan collection), then the kube-scheduler
     * again and the pod events it caused. Launches run inline, so the same scenario gives the same timeline.
     *
     * <p>Two passes because the kube-scheduler reacts to events within milliseconds while the controller reconciles
     * about once a second: a Node the kubelet turned Ready (or that joined) is acted on before the controller can write
     * nominations in the same second, so a nomination written this tick is not seen before a node event of this tick;
     * the second pass acts on what the controller changed (registration lifting the {@code unregistered} taint, new
     * nominations read by that pass since they are in the scheduler's cache by then).
     */
    public void tick() {
        clock.advance(TICK);
        kubelet.sync();
        // the kube-scheduler acts on node events within milliseconds, before the controller's next reconcile
        kubeScheduler.bind();
        replicaSets.sync();
        ClusterSnapshot s = cluster.snapshot();
        placements.retain(s);
        readiness.sync(s, clock.instant());
        budgets.sync(s, clock.instant());
        controller.runDue(clock.instant());
        kubeScheduler.bind();
        podEvents.sync();
        observe();
    }

    /** Starts a new window for {@link #readyFloor}: the Ready pods each ReplicaSet has now. */
    public void resetReadyFloor() {
        readyFloor.clear();
        observeReady();
    }

    /** The fewest Ready pods the ReplicaSet {@code name} had at any second since {@link #resetReadyFloor}; empty if it has none. */
    public java.util.Optional<Integer> readyFloor(String name) {
        return java.util.Optional.ofNullable(readyFloor.get(name));
    }

    private void observeReady() {
        Map<SimulatedReplicaSets.ReplicaSet, Integer> sets = replicaSets.replicas();
        if (sets.isEmpty()) return;
        Instant now = clock.instant();
        Map<String, Integer> ready = new HashMap<>();
        for (SimulatedReplicaSets.ReplicaSet r : sets.keySet()) ready.put(r.name(), 0);
        for (Pod p : cluster.snapshot().pods()) {
            if (readiness.ready(p, now)) replicaSets.owner(p).ifPresent(r -> ready.merge(r.name(), 1, Integer::sum));
        }
        ready.forEach((name, n) -> readyFloor.merge(name, n, Math::min));
    }

    /** Samples nodes, $/h and pending pods now (kept only when they changed): the report's series. */
    void observe() {
        usage.observe(cluster.sample(Duration.between(START, clock.instant()).getSeconds()));
        observeReady();
    }

    List<SimulationReport.Sample> usage() {
        return usage.samples();
    }

    public void runFor(Duration d) {
        Instant end = clock.instant().plus(d);
        while (clock.instant().isBefore(end)) tick();
    }

    /**
     * Ticks until the cluster has settled, or the timeout: returns whether it settled. Settled means
     * nothing is in flight (no open batch, every NodeClaim initialized, none draining, and disruption's last pass saw
     * the cluster as it is and found nothing: with its 10 s poll that can come a few seconds after the rest) and every pending pod is one
     * a batch during the wait found no place for; a pod the provisioner has planned but the
     * kube-scheduler has not bound keeps the world unsettled.
     */
    public boolean waitUntilSettled(Duration timeout) {
        Instant start = clock.instant();
        Instant end = start.plus(timeout);
        while (clock.instant().isBefore(end)) {
            tick();
            if (settled(start)) return true;
        }
        return settled(start);
    }

    /** Nothing in flight, and every pending pod found no place in a batch since {@code since} (so each is tried once more). */
    private boolean settled(Instant since) {
        ClusterSnapshot s = cluster.snapshot();
        if (provisioner.nextDeadline().isPresent() || !disruption.idle() || s.nodeClaims().stream().anyMatch(c -> !c.initialized() || c.deleting())) return false;
        return s.pendingPods().stream().allMatch(p -> provisioner.unschedulableSince(p.key(), since));
    }

    /** Every unbound pod that is not a DaemonSet's, with why it waits: the kube-scheduler's last failure and the provisioner's plan. */
    public List<SimulationReport.PendingPod> pendingPods() {
        List<SimulationReport.PendingPod> out = new ArrayList<>();
        for (Pod p : cluster.snapshot().pods()) {
            if (p.isBound() || p.daemonSet()) continue;
            List<String> why = new ArrayList<>();
            if (p.ignored() != null) why.add("not for Karpenter: " + p.ignored());
            kubeScheduler.failure(p.key()).ifPresent(f -> why.add("kube-scheduler: " + f));
            provisioner.describePlan(p.key()).ifPresent(d -> why.add("provisioner: " + d));
            if (why.isEmpty()) why.add("waiting for the next batch");
            out.add(new SimulationReport.PendingPod(p.key(), String.join("; ", why)));
        }
        return out;
    }
}
