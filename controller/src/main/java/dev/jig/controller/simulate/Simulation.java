package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.manifest.KarpenterManifests;
import dev.jig.controller.manifest.PodManifests;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.state.ClusterSnapshot;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plays a {@link Scenario} in a {@link SimulatedWorld}: the real controller core (provisioner,
 * scheduler, NodeClaim lifecycle, disruption, termination) against an embedded cluster, a simulated cloud, kubelets,
 * kube-scheduler and ReplicaSets (one per deployment, {@link SimulatedReplicaSets}), on a simulated clock. Same
 * scenario, same result: names and prices are deterministic.
 */
public final class Simulation {

    /** The outcome of an {@code expect} step. */
    public record Check(String at, boolean passed, String expected, String actual) {
    }

    private final Scenario scenario;
    private final Catalog catalog;
    private final PolicyCompiler compiler;
    private final SimulatedWorld world;
    private final InMemoryCluster cluster;
    private final List<Check> checks = new ArrayList<>();
    private final List<SimulationReport.WaitLine> waits = new ArrayList<>();

    private Simulation(Scenario scenario, Catalog catalog, PolicyCompiler compiler) {
        this.scenario = scenario;
        this.catalog = catalog;
        this.compiler = compiler;
        this.world = new SimulatedWorld(catalog, scenario.zones(), scenario.spot(), scenario.bootLatency(), scenario.readyLatency(),
                scenario.kubeScheduler(), scenario.podReadyLatency(), scenario.nominations());
        this.cluster = world.cluster();
        scenario.capacityErrors().forEach(e -> world.cloud().injectCapacityError(e.instanceType(), e.zone(), e.capacityType()));
        world.faults(scenario.faults());
    }

    /**
     * Loads the scenario's objects (compiling its policy directory first, if it names one) and
     * plays its steps. Compiler errors come back as diagnostics and nothing is played.
     */
    public static SimulationReport run(Scenario scenario, Catalog catalog, PolicyCompiler compiler) throws IOException {
        return run(scenario, catalog, compiler, java.util.Optional.empty());
    }

    /**
     * Plays the scenario as {@link #run} does, then its calm tail: the time until its faults stop, if they have not yet,
     * and a wait of up to {@code settle} for the world to settle. The tail's wait is the report's last, so its settled
     * cost is the cost once faults stopped, what a chaos run is judged by ({@code ChaosRuns}). A fault that never ends
     * (no {@code until}, or a re-tainting kubelet) has no calm: the scenario is played as it is.
     */
    public static SimulationReport runThenSettle(Scenario scenario, Catalog catalog, PolicyCompiler compiler, Duration settle) throws IOException {
        return run(scenario, catalog, compiler, java.util.Optional.of(settle));
    }

    private static SimulationReport run(Scenario scenario, Catalog catalog, PolicyCompiler compiler, java.util.Optional<Duration> settle)
            throws IOException {
        Simulation sim = new Simulation(scenario, catalog, compiler);
        List<Diagnostic> findings = sim.load();
        if (findings.stream().anyMatch(Diagnostic::isError)) return SimulationReport.failed(scenario, findings);
        sim.world.observe();
        for (Scenario.Step step : scenario.steps()) sim.play(step);
        java.util.Optional<Instant> calm = sim.world.calm();
        if (settle.isPresent() && calm.isPresent()) {
            if (sim.world.clock().instant().isBefore(calm.get())) sim.world.runFor(Duration.between(sim.world.clock().instant(), calm.get()));
            sim.await("calm tail", settle.get());
        }
        return sim.report();
    }

    private List<Diagnostic> load() throws IOException {
        List<Diagnostic> findings = new ArrayList<>();
        if (scenario.policies().isPresent()) {
            PolicyCompiler.Compiled r = compiler.compile(scenario.policies().get());
            findings.addAll(r.diagnostics());
            if (r.hasErrors()) return findings;
            for (var o : r.objects()) load(o.kind(), o.body());
        }
        scenario.nodePools().forEach(n -> load("NodePool", n));
        scenario.nodeClasses().forEach(n -> load("EC2NodeClass", n));
        for (Scenario.Workload d : scenario.daemonSets()) {
            cluster.addDaemonSet(PodManifests.template(d.namespace(), d.name(), d.labels(), d.podSpec()).with().daemonSet(true).build());
        }
        for (Scenario.Workload d : scenario.deployments()) scale(d, d.replicas(), false);
        world.podDisruptionBudgets(scenario.podDisruptionBudgets());
        return findings;
    }

    private void load(String kind, JsonNode body) {
        switch (kind) {
            case "NodePool" -> cluster.put(KarpenterManifests.nodePool(body));
            case "EC2NodeClass" -> cluster.put(KarpenterManifests.nodeClass(body));
            case "ConfigMap" -> {
                if (Tenancy.CONFIG_MAP_NAME.equals(body.path("metadata").path("name").asText())) {
                    cluster.tenancy(Tenancy.parse(body.path("data").path(Tenancy.DATA_KEY).asText()));
                }
            }
            default -> { }
        }
    }

    private void play(Scenario.Step step) {
        if (step instanceof Scenario.Scale s) scale(deployment(s.deployment()), s.replicas(), true);
        else if (step instanceof Scenario.Advance a) world.runFor(a.duration());
        else if (step instanceof Scenario.Wait w) await(w.at().toString(), w.timeout());
        else if (step instanceof Scenario.Expect e) expect(e);
        else if (step instanceof Scenario.Interrupt i) interrupt(i);
        else if (step instanceof Scenario.ApplyNodePool a) {
            NodePool applied = KarpenterManifests.nodePool(a.nodePool());
            NodePool before = cluster.snapshot().nodePools().stream().filter(p -> p.name().equals(applied.name())).findFirst().orElse(null);
            cluster.put(applied);
            world.record(new TimelineEvent(world.clock().instant(), TimelineEvent.Kind.APPLIED, "NodePool/" + applied.name(), changes(before, applied)));
        }
    }

    /** What an applied NodePool changed, by field of the pool as the controller reads it: {@code changed requirements, limits}. */
    static String changes(NodePool before, NodePool after) {
        if (before == null) return "created";
        List<String> changed = new ArrayList<>();
        for (java.lang.reflect.RecordComponent c : NodePool.class.getRecordComponents()) {
            try {
                if (!java.util.Objects.equals(c.getAccessor().invoke(before), c.getAccessor().invoke(after))) changed.add(c.getName());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return changed.isEmpty() ? "applied, unchanged" : "changed " + String.join(", ", changed);
    }

    /** Publishes the step's event for its launched, live instances, oldest first; the interruption controller acts at the next tick. */
    private void interrupt(Scenario.Interrupt step) {
        List<NodeClaim> targets = new ArrayList<>();
        for (NodeClaim c : cluster.snapshot().nodeClaims()) {
            if (!c.launched() || c.deleting()) continue;
            if (step.capacityType().isPresent() && !step.capacityType().get().equals(c.status().capacityType())) continue;
            if (step.nodePool().isPresent() && !step.nodePool().get().equals(c.nodePool())) continue;
            targets.add(c);
        }
        targets.sort(java.util.Comparator.comparing(NodeClaim::created).thenComparing(NodeClaim::name));
        for (NodeClaim c : targets.subList(0, Math.min(step.nodes(), targets.size()))) {
            world.cloudEvents().publish(step.kind(), c.status().providerId(), world.clock().instant(), "simulated");
        }
        if (targets.size() < step.nodes()) {
            world.record(new TimelineEvent(world.clock().instant(), TimelineEvent.Kind.INTERRUPTION, step.kind().reason(),
                    "asked for " + step.nodes() + " instance(s), " + targets.size() + " match"));
        }
    }

    /** Plays a {@code wait} step and records how it ended: settled or timed out, with the pods still pending. */
    private void await(String at, Duration timeout) {
        Instant start = world.clock().instant();
        boolean settled = world.waitUntilSettled(timeout);
        Instant end = world.clock().instant();
        waits.add(new SimulationReport.WaitLine(at, Duration.between(SimulatedWorld.START, end).getSeconds(), settled,
                Duration.between(start, end).getSeconds(), SimulationReport.costPerHour(cluster.snapshot()), world.pendingPods()));
    }

    private Scenario.Workload deployment(String name) {
        return scenario.deployments().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    /** Sets the deployment's replicas on its ReplicaSet, which creates or deletes pods (pending ones first, then the newest). */
    private void scale(Scenario.Workload d, int replicas, boolean log) {
        int before = world.replicaSets().scale(replicaSet(d), replicas);
        if (log) world.record(new TimelineEvent(world.clock().instant(), TimelineEvent.Kind.SCALED, d.name(), before + " → " + replicas + " replicas"));
    }

    /** The deployment's ReplicaSet: its pods are the pod template with the deployment's labels and annotations. */
    private static SimulatedReplicaSets.ReplicaSet replicaSet(Scenario.Workload d) {
        return new SimulatedReplicaSets.ReplicaSet(d.namespace(), d.name(), name -> {
            var pod = PodManifests.template(d.namespace(), name, d.labels(), d.podSpec()).with();
            d.annotations().forEach(pod::annotation);
            return pod.build();
        });
    }

    private void expect(Scenario.Expect e) {
        ClusterSnapshot s = cluster.snapshot();
        Map<String, Integer> types = new LinkedHashMap<>();
        for (NodeClaim c : s.nodeClaims()) if (c.status() != null) types.merge(c.status().instanceType(), 1, Integer::sum);
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        boolean ok = true;
        if (e.nodes().isPresent()) {
            expected.add(e.nodes().get() + " node(s)");
            actual.add(s.nodeClaims().size() + " node(s)");
            ok &= e.nodes().get() == s.nodeClaims().size();
        }
        if (!e.instanceTypes().isEmpty()) {
            expected.add(e.instanceTypes().toString());
            actual.add(types.toString());
            ok &= e.instanceTypes().equals(types);
        }
        if (e.pending().isPresent()) {
            expected.add(e.pending().get() + " pending");
            actual.add(s.pendingPods().size() + " pending");
            ok &= e.pending().get() == s.pendingPods().size();
        }
        for (Map.Entry<String, Integer> r : e.readyAtLeast().entrySet()) {
            int floor = world.readyFloor(r.getKey()).orElse(0);
            expected.add("at least " + r.getValue() + " Ready " + r.getKey() + " pod(s) throughout");
            actual.add(floor + " Ready " + r.getKey() + " pod(s) at the fewest");
            ok &= floor >= r.getValue();
        }
        world.resetReadyFloor();
        checks.add(new Check(e.at().toString(), ok, String.join(", ", expected), String.join(", ", actual)));
    }

    private SimulationReport report() {
        ClusterSnapshot end = cluster.snapshot();
        // each invariant broken becomes a failed check, at its first violation: every scenario is held to them
        for (Invariants.Violation v : world.invariants().violations()) {
            checks.add(new Check("invariant " + v.rule() + " at " + v.when(),
                    false, "never broken", v.message() + " (" + world.invariants().count() + " violation(s) in all)"));
        }
        return SimulationReport.of(scenario, catalog, SimulatedWorld.START, world.timeline(), checks, end, world.placements(end), world.usage())
                .withSettling(waits, world.launches(), world.pendingPods());
    }
}
