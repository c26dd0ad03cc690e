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
    /** The controller: rebuilt, with nothing of its memory, when a {@code restart} fault strikes. */
    private Controller ctl;
    private final boolean nominate;
    /** Every launch of the run, by NodeClaim, in order: the provisioner forgets those gone, the report does not. */
    private final Map<String, Provisioner.Launch> launches = new java.util.LinkedHashMap<>();
    private final SimulatedKubelet kubelet;
    private final SimulatedKubeScheduler kubeScheduler;
    private final PodPlacements placements = new PodPlacements();
    private final UsageSeries usage = new UsageSeries();
    private final SimulatedCloudEvents cloudEvents = new SimulatedCloudEvents();
    private final SimulatedReplicaSets replicaSets;
    private final SimulatedPodReadiness readiness;
    private final SimulatedDisruptionBudgets budgets;
    private int restarts;
    /** The faults played ({@link #faults}); none unless a scenario asks. */
    private Faults faults = Faults.NONE;
    private Random random = new Random(1);
    /** What must hold every second ({@link Invariants}), checked at the end of each tick. */
    private final Invariants invariants;
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
        invariants = new Invariants(bootLatency.plus(readyLatency));
        readiness = new SimulatedPodReadiness(podReadyLatency);
        replicaSets = new SimulatedReplicaSets(cluster, clock, p -> readiness.ready(p, clock.instant()));
        budgets = new SimulatedDisruptionBudgets(cluster, replicaSets, readiness);
        UnavailableOfferings unavailable = new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL);
        cloud = new SimulatedCloud(new InstanceTypeResolver(catalog, zones, spot), clock, bootLatency, unavailable);
        kubelet = new SimulatedKubelet(cluster, cloud, clock, readyLatency, this::record);
        kubeScheduler = new SimulatedKubeScheduler(cluster, clock, this::record, scoring, KubeSchedulerNominations.HONORED);
        // Ignored: the controller writes no nominations (Karpenter, or Jig with --nominate-pods=false); the kube-scheduler is 1.35's either way
        nominate = nominations == KubeSchedulerNominations.HONORED;
        ctl = new Controller(new NameGenerator(new Random(1)));
    }

    /**
     * The controller's side, as {@code run} builds it ({@code RunReconcilers}' cadence table on the simulated clock: the
     * reconcilers due each second, in the table's order), on the cloud and API as faults make them. A restart builds a
     * new one: every in-memory record (plans, nominations, the ICE cache's view, commands in flight) is gone.
     */
    private final class Controller {
        final Provisioner provisioner;
        final DisruptionController disruption;
        final PodEvents podEvents;
        final CadenceSchedule schedule;

        Controller(NameGenerator names) {
            dev.jig.controller.cloud.CloudProvider faultyCloud = new FaultyCloud();
            dev.jig.controller.state.Cluster api = new FaultyCluster();
            NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(api, faultyCloud, clock, SimulatedWorld.this::record, true);
            provisioner = new Provisioner(api, faultyCloud, lifecycle, clock, SimulatedWorld.this::record, names, nominate,
                    l -> launches.put(l.nodeClaim(), l));
            disruption = new DisruptionController(api, faultyCloud, clock, SimulatedWorld.this::record, provisioner::nominated,
                    provisioner::createReplacements, DisruptionMetrics.NONE, provisioner::withForeignIgnored);
            InterruptionController interruption = new InterruptionController(api, cloudEvents, clock, SimulatedWorld.this::record,
                    InterruptionMetrics.NONE, claims -> placements.record(provisioner.provisionFor(claims)), faultyCloud);
            podEvents = new PodEvents(api, clock);
            schedule = new CadenceSchedule(RunReconcilers.cadences(tolerant(interruption), tolerant(podEvents),
                    tolerant(Reconciler.of("provisioning", () -> provisioner.reconcile().ifPresent(placements::record))), tolerant(disruption),
                    tolerant(new Terminator(api, faultyCloud, clock, SimulatedWorld.this::record)),
                    tolerant(new OrphanCollection(api, faultyCloud, clock, SimulatedWorld.this::record))));
        }
    }

    /** {@code r}, whose reconcile a refused write ({@link SimulatedApiError}) ends for this second, as in {@code run}. */
    private Reconciler tolerant(Reconciler r) {
        return Reconciler.of(r.name(), () -> {
            try {
                r.reconcile();
            } catch (SimulatedApiError e) {
                record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.FAULT, r.name(), "reconcile failed: " + e.getMessage()));
            }
        }, r::dueIn);
    }

    /**
     * The API as the controller sees it: the in-memory cluster, with {@link Faults#apiErrors} of the controller's writes
     * refused (HTTP 409 or 500, as {@link SimulatedApiError}; an eviction answers failed): the reconciler that wrote
     * fails this second and tries again.
     */
    private final class FaultyCluster extends dev.jig.controller.state.ForwardingCluster {
        FaultyCluster() {
            super(cluster);
        }

        private void write(String what) {
            if (faultsOn() && faults.apiErrors() > 0 && random.nextDouble() < faults.apiErrors()) {
                throw new SimulatedApiError((random.nextBoolean() ? "HTTP 409 Conflict" : "HTTP 500 Internal Server Error") + " on " + what
                        + " (simulated fault)");
            }
        }

        @Override
        public void create(dev.jig.controller.model.NodeClaim claim) {
            write("create NodeClaim " + claim.name());
            super.create(claim);
        }

        @Override
        public void update(dev.jig.controller.model.NodeClaim claim) {
            write("update NodeClaim " + claim.name());
            super.update(claim);
        }

        @Override
        public void delete(dev.jig.controller.model.NodeClaim claim) {
            write("delete NodeClaim " + claim.name());
            super.delete(claim);
        }

        @Override
        public void nodeClaimCondition(String claim, String type, dev.jig.controller.model.NodeClaim.Condition condition) {
            write("status of NodeClaim " + claim);
            super.nodeClaimCondition(claim, type, condition);
        }

        @Override
        public void editNode(String name, Map<String, String> labels, java.util.Set<String> removeTaintKeys,
                             List<dev.jig.api.karpenter.Taint> addTaints) {
            write("edit Node " + name);
            super.editNode(name, labels, removeTaintKeys, addTaints);
        }

        @Override
        public dev.jig.controller.state.Eviction evict(Pod pod) {
            if (faultsOn() && faults.apiErrors() > 0 && random.nextDouble() < faults.apiErrors()) {
                return dev.jig.controller.state.Eviction.failed("evicting " + pod.key() + ": HTTP 500 (simulated fault)");
            }
            return super.evict(pod);
        }

        @Override
        public void deletePod(Pod pod) {
            write("delete Pod " + pod.key());
            super.deletePod(pod);
        }

        @Override
        public void removeFinalizer(dev.jig.controller.model.NodeClaim claim, String finalizer) {
            write("finalizers of NodeClaim " + claim.name());
            super.removeFinalizer(claim, finalizer);
        }

        @Override
        public void deleteNode(String name, String finalizer) {
            write("delete Node " + name);
            super.deleteNode(name, finalizer);
        }
    }

    /** Plays {@code f} from now on (a scenario's {@code spec.faults}); its seed starts the random source over. */
    public void faults(Faults f) {
        faults = f;
        random = new Random(f.seed());
        kubelet.neverRegister(i -> faultsOn() && random.nextDouble() < faults.neverRegister());
        kubelet.taint(f.kubeletTaint());
    }

    /** When faults stopped: the start without faults, their {@code until} with one; empty while they last for ever. */
    java.util.Optional<Instant> calm() {
        if (!faults.any()) return java.util.Optional.of(START);
        if (faults.kubeletTaint().isPresent()) return java.util.Optional.empty();
        return faults.until().map(START::plus);
    }

    private boolean faultsOn() {
        return faults.any() && faults.until().map(u -> clock.instant().isBefore(START.plus(u))).orElse(true);
    }

    /**
     * The cloud as the controller sees it: the simulated one, with {@link Faults#launchErrors} failing launches (half as
     * insufficient capacity, after which the NodeClaim goes and its pods are planned again; half as throttling, which
     * the lifecycle retries).
     */
    private final class FaultyCloud extends dev.jig.controller.cloud.ForwardingCloud {
        FaultyCloud() {
            super(cloud);
        }

        @Override
        public dev.jig.controller.cloud.Instance create(dev.jig.controller.model.NodeClaim claim, dev.jig.api.ec2.NodeClass nodeClass) {
            if (faultsOn() && random.nextDouble() < faults.launchErrors()) {
                if (random.nextBoolean()) {
                    throw dev.jig.controller.cloud.CloudOperationException.transientFailure("RequestLimitExceeded (simulated fault)", null);
                }
                throw new dev.jig.controller.cloud.InsufficientCapacityException("no capacity for NodeClaim " + claim.name() + " (simulated fault)", List.of());
            }
            return super.create(claim, nodeClass);
        }
    }

    /** A {@code restartEvery} fault: the controller starts over, as a new process or a new leader would. */
    private void restartIfDue() {
        if (!faultsOn() || faults.restartEvery().isEmpty()) return;
        long every = faults.restartEvery().get().getSeconds();
        long at = Duration.between(START, clock.instant()).getSeconds();
        if (every <= 0 || at % every != 0) return;
        restarts++;
        ctl = new Controller(new NameGenerator(new Random(1_000L + restarts)));
        record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.FAULT, "controller", "restarted (simulated fault): every in-memory record is gone"));
    }

    /**
     * The faults of a second that strike the cloud's side: instances terminated by someone else, spot interruption
     * warnings. Drawn in a fixed order from the seeded source, so a seed replays the same run.
     */
    private void strike() {
        if (!faultsOn() || faults.terminatedOutside() == 0 && faults.spotInterruptions() == 0) return;
        for (dev.jig.controller.cloud.Instance i : cloud.list()) {
            if (faults.terminatedOutside() > 0 && random.nextDouble() < faults.terminatedOutside() / 60) {
                cloud.delete(i.providerId());
                record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.FAULT, i.providerId(), "terminated outside Jig (simulated fault)"));
                continue;
            }
            if (faults.spotInterruptions() > 0 && dev.jig.controller.cloud.Offering.SPOT.equals(i.capacityType())
                    && random.nextDouble() < faults.spotInterruptions() / 60) {
                cloudEvents.publish(dev.jig.controller.cloud.CloudEvent.Kind.SPOT_INTERRUPTION, i.providerId(), clock.instant(), "simulated fault");
            }
        }
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
        return ctl.provisioner;
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
        strike();
        kubelet.sync();
        // the kube-scheduler acts on node events within milliseconds, before the controller's next reconcile
        kubeScheduler.bind();
        replicaSets.sync();
        ClusterSnapshot s = cluster.snapshot();
        placements.retain(s);
        readiness.sync(s, clock.instant());
        budgets.sync(s, clock.instant());
        restartIfDue();
        ctl.schedule.runDue(clock.instant());
        kubeScheduler.bind();
        ctl.podEvents.sync();
        observe();
        invariants.check(cluster.snapshot(), clock.instant(), cloud.list(), cluster.takeEvicted(), ctl.disruption.namedInFlight(), timeline,
                calm(), key -> ctl.provisioner.describePlan(key).map(d -> !d.startsWith("no NodePool can take it")).orElse(true));
    }

    /** The invariants checked so far: each rule's first violation. */
    Invariants invariants() {
        return invariants;
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
        if (ctl.provisioner.nextDeadline().isPresent() || !ctl.disruption.idle() || s.nodeClaims().stream().anyMatch(c -> !c.initialized() || c.deleting())) return false;
        return s.pendingPods().stream().allMatch(p -> ctl.provisioner.unschedulableSince(p.key(), since));
    }

    /** Every unbound pod that is not a DaemonSet's, with why it waits: the kube-scheduler's last failure and the provisioner's plan. */
    public List<SimulationReport.PendingPod> pendingPods() {
        List<SimulationReport.PendingPod> out = new ArrayList<>();
        for (Pod p : cluster.snapshot().pods()) {
            if (p.isBound() || p.daemonSet()) continue;
            List<String> why = new ArrayList<>();
            if (p.ignored() != null) why.add("not for Karpenter: " + p.ignored());
            kubeScheduler.failure(p.key()).ifPresent(f -> why.add("kube-scheduler: " + f));
            ctl.provisioner.describePlan(p.key()).ifPresent(d -> why.add("provisioner: " + d));
            if (why.isEmpty()) why.add("waiting for the next batch");
            out.add(new SimulationReport.PendingPod(p.key(), String.join("; ", why)));
        }
        return out;
    }
}
