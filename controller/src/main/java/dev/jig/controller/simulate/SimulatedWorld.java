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
    /** The controller's clock: the world's, plus how far a {@code clockJump} fault moved it. */
    private final ControllerClock controllerClock = new ControllerClock();
    /** While a leader change is under way, when the second replica acquires the lease; else null. */
    private Instant leaderless;
    /** While the controller's watches stall ({@code watchStalls}): the cluster as it was when they stalled, and until when; else null. */
    private ClusterSnapshot stalled;
    private long stalledGeneration;
    private Instant stalledUntil;
    /** Pods a {@code podsNeverReady} fault holds back, by uid, drawn once each. */
    private final Map<String, Boolean> heldPods = new HashMap<>();
    /** The capacity storms blowing now, by index, to log their start and end once. */
    private final java.util.Set<Integer> storming = new java.util.HashSet<>();
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
            java.time.Clock clock = controllerClock;
            // the timeline is the world's: what the controller does is stamped when it happened, whatever its clock says
            dev.jig.controller.loop.Timeline log = e -> record(new TimelineEvent(SimulatedWorld.this.clock.instant(), e.kind(), e.subject(), e.message()));
            NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(api, faultyCloud, clock, log, true);
            provisioner = new Provisioner(api, faultyCloud, lifecycle, clock, log, names, nominate,
                    l -> launches.put(l.nodeClaim(), l));
            disruption = new DisruptionController(api, faultyCloud, clock, log, provisioner::nominated,
                    provisioner::createReplacements, DisruptionMetrics.NONE, provisioner::withForeignIgnored);
            InterruptionController interruption = new InterruptionController(api, cloudEvents, clock, log,
                    InterruptionMetrics.NONE, claims -> placements.record(provisioner.provisionFor(claims)), faultyCloud);
            podEvents = new PodEvents(api, clock);
            schedule = new CadenceSchedule(RunReconcilers.cadences(tolerant(interruption), tolerant(podEvents),
                    tolerant(Reconciler.of("provisioning", () -> provisioner.reconcile().ifPresent(placements::record))), tolerant(disruption),
                    tolerant(new Terminator(api, faultyCloud, clock, log)),
                    tolerant(new OrphanCollection(api, faultyCloud, clock, log))));
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

    /** The controller's writes an {@code apiErrors} fault may refuse, as {@code apiErrorsOn} names them (verb and resource). */
    static final List<String> WRITES = List.of("create NodeClaim", "update NodeClaim", "patch NodeClaim/status", "patch NodeClaim/finalizers",
            "delete NodeClaim", "patch Node", "delete Node", "patch Pod/status", "create Pod/eviction", "delete Pod");
    private static final List<String> REFUSALS = List.of("HTTP 409 Conflict", "HTTP 429 Too Many Requests", "HTTP 500 Internal Server Error");

    /**
     * The API as the controller sees it: the in-memory cluster, with {@link Faults.Cluster#apiErrors} of the controller's
     * writes (those {@code apiErrorsOn} names) refused with 409, 429 or 500, as {@link SimulatedApiError} (an eviction
     * answers failed): the reconciler that wrote fails this second and tries again; and, while its watches stall, reads
     * of the cluster as it was when they stalled.
     */
    private final class FaultyCluster extends dev.jig.controller.state.ForwardingCluster {
        FaultyCluster() {
            super(cluster);
        }

        /** The refusal of the write {@code verbAndResource} on {@code name}, if the dice say so. */
        private java.util.Optional<String> refused(String verbAndResource, String name) {
            Faults.Cluster f = faults.cluster();
            if (!faultsOn() || f.apiErrors() == 0 || !f.apiErrorsOn().isEmpty() && !f.apiErrorsOn().contains(verbAndResource)) return java.util.Optional.empty();
            if (random.nextDouble() >= f.apiErrors()) return java.util.Optional.empty();
            return java.util.Optional.of(REFUSALS.get(random.nextInt(REFUSALS.size())) + " on " + verbAndResource + " " + name + " (simulated fault)");
        }

        private void write(String verbAndResource, String name) {
            java.util.Optional<String> refusal = refused(verbAndResource, name);
            if (refusal.isPresent()) throw new SimulatedApiError(refusal.get());
        }

        @Override
        public ClusterSnapshot snapshot() {
            return stalled != null ? stalled : super.snapshot();
        }

        /** The generation of what the controller sees: a stalled view's own (a memo of it must miss once the watches relist). */
        @Override
        public long generation() {
            return stalled != null ? stalledGeneration : super.generation();
        }

        @Override
        public void create(dev.jig.controller.model.NodeClaim claim) {
            write("create NodeClaim", claim.name());
            super.create(claim);
        }

        @Override
        public void update(dev.jig.controller.model.NodeClaim claim) {
            write("update NodeClaim", claim.name());
            super.update(claim);
        }

        @Override
        public void delete(dev.jig.controller.model.NodeClaim claim) {
            write("delete NodeClaim", claim.name());
            super.delete(claim);
        }

        @Override
        public void nodeClaimCondition(String claim, String type, dev.jig.controller.model.NodeClaim.Condition condition) {
            write("patch NodeClaim/status", claim);
            super.nodeClaimCondition(claim, type, condition);
        }

        @Override
        public void editNode(String name, Map<String, String> labels, java.util.Set<String> removeTaintKeys,
                             List<dev.jig.api.karpenter.Taint> addTaints) {
            write("patch Node", name);
            super.editNode(name, labels, removeTaintKeys, addTaints);
        }

        @Override
        public Nomination nominate(Pod pod, String node) {
            write("patch Pod/status", pod.key());
            return super.nominate(pod, node);
        }

        @Override
        public dev.jig.controller.state.Eviction evict(Pod pod) {
            java.util.Optional<String> refusal = refused("create Pod/eviction", pod.key());
            if (refusal.isPresent()) return dev.jig.controller.state.Eviction.failed("evicting " + pod.key() + ": " + refusal.get());
            return super.evict(pod);
        }

        @Override
        public void deletePod(Pod pod) {
            write("delete Pod", pod.key());
            super.deletePod(pod);
        }

        @Override
        public void removeFinalizer(dev.jig.controller.model.NodeClaim claim, String finalizer) {
            write("patch NodeClaim/finalizers", claim.name());
            super.removeFinalizer(claim, finalizer);
        }

        @Override
        public void deleteNode(String name, String finalizer) {
            write("delete Node", name);
            super.deleteNode(name, finalizer);
        }
    }

    /** The controller's clock: the world's, plus the jump of a {@code clockJump} fault once it struck. */
    private final class ControllerClock extends java.time.Clock {
        private Duration ahead = Duration.ZERO;

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public java.time.Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return clock.instant().plus(ahead);
        }
    }

    /** Plays {@code f} from now on (a scenario's {@code spec.faults}); its seed starts the random source over. */
    public void faults(Faults f) {
        faults = f;
        random = new Random(f.seed());
        kubelet.neverRegister(i -> faultsOn() && random.nextDouble() < faults.cluster().neverRegister());
        kubelet.neverReady(i -> faultsOn() && faults.cluster().neverReady() > 0 && random.nextDouble() < faults.cluster().neverReady());
        kubelet.taint(f.cluster().kubeletTaint());
        readiness.hold(p -> faultsOn() && faults.cluster().podsNeverReady() > 0
                && heldPods.computeIfAbsent(p.uid(), u -> random.nextDouble() < faults.cluster().podsNeverReady()));
    }

    /** When faults stopped: the start without faults, their {@code until} with one; empty while they last for ever. */
    java.util.Optional<Instant> calm() {
        if (!faults.any()) return java.util.Optional.of(START);
        if (faults.cluster().kubeletTaint().isPresent()) return java.util.Optional.empty();
        return faults.until().map(START::plus);
    }

    private boolean faultsOn() {
        return faults.any() && faults.until().map(u -> clock.instant().isBefore(START.plus(u))).orElse(true);
    }

    /**
     * The cloud as the controller sees it: the simulated one, with {@link Faults.Cloud#launchErrors} failing launches
     * (half as insufficient capacity, after which the NodeClaim goes and its pods are planned again; half as
     * throttling, which the lifecycle retries), and {@link Faults.Cloud#launchTimeouts} answering a timeout for a launch
     * that happened (the retry finds the instance tagged with its NodeClaim and adopts it).
     */
    private final class FaultyCloud extends dev.jig.controller.cloud.ForwardingCloud {
        FaultyCloud() {
            super(cloud);
        }

        @Override
        public dev.jig.controller.cloud.Instance create(dev.jig.controller.model.NodeClaim claim, dev.jig.api.ec2.NodeClass nodeClass) {
            Faults.Cloud f = faults.cloud();
            if (faultsOn() && f.launchErrors() > 0 && random.nextDouble() < f.launchErrors()) {
                if (random.nextBoolean()) {
                    throw dev.jig.controller.cloud.CloudOperationException.transientFailure("RequestLimitExceeded (simulated fault)", null);
                }
                throw new dev.jig.controller.cloud.InsufficientCapacityException("no capacity for NodeClaim " + claim.name() + " (simulated fault)", List.of());
            }
            dev.jig.controller.cloud.Instance launched = super.create(claim, nodeClass);
            if (faultsOn() && f.launchTimeouts() > 0 && random.nextDouble() < f.launchTimeouts()) {
                record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.FAULT, launched.providerId(), "launched for NodeClaim " + claim.name()
                        + ", but the call timed out (simulated fault)"));
                throw dev.jig.controller.cloud.CloudOperationException.transientFailure("RequestTimeout: CreateFleet timed out (simulated fault)", null);
            }
            return launched;
        }
    }

    /** How long nothing reconciles in a leader change: the lease's duration, as the chart sets it. */
    static final Duration LEASE = Duration.ofSeconds(15);

    /**
     * The controller's own faults due this second: a {@code restartEvery} restart (the controller starts over, as a new
     * process would); a {@code leaderChangeEvery} lost lease (nothing reconciles for {@link #LEASE}, then a second
     * replica starts over); the {@code clockJump}.
     */
    private void controllerFaults() {
        Instant now = clock.instant();
        if (leaderless != null && !now.isBefore(leaderless)) {
            leaderless = null;
            startOver();
            record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "controller", "a second replica acquired the lease (simulated fault): it starts with nothing in memory"));
        }
        if (!faultsOn()) return;
        long at = Duration.between(START, now).getSeconds();
        Faults.Controller f = faults.controller();
        if (f.restartEvery().isPresent() && at % f.restartEvery().get().getSeconds() == 0) {
            startOver();
            record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "controller", "restarted (simulated fault): every in-memory record is gone"));
        }
        if (f.leaderChangeEvery().isPresent() && leaderless == null && at % f.leaderChangeEvery().get().getSeconds() == 0) {
            leaderless = now.plus(LEASE);
            record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "controller", "the leader lost its lease (simulated fault): nothing reconciles for "
                    + LEASE.toSeconds() + " s"));
        }
        if (f.clockJump().isPresent() && at == f.clockJump().get().at().getSeconds()) {
            controllerClock.ahead = controllerClock.ahead.plus(f.clockJump().get().by());
            record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "controller", "its clock jumped " + dev.jig.api.karpenter.GoDuration.format(f.clockJump().get().by())
                    + " forward (simulated fault)"));
        }
    }

    /** A new controller process: nothing in memory, and its informers list the cluster afresh (a stall ends with the old one). */
    private void startOver() {
        restarts++;
        ctl = new Controller(new NameGenerator(new Random(1_000L + restarts)));
        stalled = null;
    }

    /** The cluster's and cloud's faults of a second that are not per call: capacity storms, watch stalls. */
    private void worldFaults() {
        Instant now = clock.instant();
        long at = Duration.between(START, now).getSeconds();
        List<Faults.Storm> storms = faults.cloud().storms();
        if (!storms.isEmpty()) {
            List<Faults.Storm> blowing = new ArrayList<>();
            for (int i = 0; i < storms.size(); i++) {
                Faults.Storm s = storms.get(i);
                boolean on = faultsOn() && at >= s.at().getSeconds() && at < s.at().plus(s.lasts()).getSeconds();
                if (on) blowing.add(s);
                if (on && storming.add(i) || !on && storming.remove(i)) {
                    record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "capacity", (on ? "a storm begins" : "the storm ends") + ": family " + s.family()
                            + ", zone " + s.zone() + (on ? ", no capacity for " + dev.jig.api.karpenter.GoDuration.format(s.lasts()) : "") + " (simulated fault)"));
                }
            }
            cloud.capacityStorm((type, zone) -> blowing.stream().anyMatch(s -> s.covers(type, zone)));
        }
        Faults.Cluster f = faults.cluster();
        if (stalled != null && !now.isBefore(stalledUntil)) {
            stalled = null;
            record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "controller", "its watches relisted: it sees the cluster as it is"));
        }
        if (stalled == null && f.watchStalls() > 0 && faultsOn() && random.nextDouble() < f.watchStalls()) {
            stalledGeneration = cluster.generation();
            stalled = cluster.snapshot();
            stalledUntil = now.plus(f.watchLag());
            record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, "controller", "its watches stall for " + dev.jig.api.karpenter.GoDuration.format(f.watchLag())
                    + ": it reads the cluster as of now, missing every change (its own writes too) until a relist (simulated fault)"));
        }
    }

    /**
     * The faults of a second that strike the cloud's side: instances terminated by someone else, spot interruption
     * warnings. Drawn in a fixed order from the seeded source, so a seed replays the same run.
     */
    private void strike() {
        Faults.Cloud f = faults.cloud();
        if (!faultsOn() || f.terminatedOutside() == 0 && f.spotInterruptions() == 0) return;
        for (dev.jig.controller.cloud.Instance i : cloud.list()) {
            if (f.terminatedOutside() > 0 && random.nextDouble() < f.terminatedOutside() / 60) {
                cloud.delete(i.providerId());
                record(new TimelineEvent(clock.instant(), TimelineEvent.Kind.FAULT, i.providerId(), "terminated outside Jig (simulated fault)"));
                continue;
            }
            if (f.spotInterruptions() > 0 && dev.jig.controller.cloud.Offering.SPOT.equals(i.capacityType())
                    && random.nextDouble() < f.spotInterruptions() / 60) {
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
        controllerFaults();
        worldFaults();
        if (leaderless == null) ctl.schedule.runDue(controllerClock.instant());
        kubeScheduler.bind();
        if (leaderless == null) ctl.podEvents.sync();
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
