package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.simulate.PodPlacements;
import dev.jig.controller.simulate.PolicyCompiler;
import dev.jig.controller.simulate.Scenario;
import dev.jig.controller.simulate.Simulation;
import dev.jig.controller.simulate.SimulationReport;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Plays a scenario of {@code examples/scenarios/perf} phase by phase through {@link Simulation#run}, the code path
 * of {@code jig-controller simulate}, and measures each phase as Karpenter's performance suite does: how long after
 * its trigger the phase was done, and the nodes' reserved CPU and memory utilisation at its end.
 *
 * <p>A phase starts at a run of {@code scale} or {@code nodePool} steps and lasts until the next such run. It is a
 * <em>scale-out</em> when the replicas grow (done: the first {@code wait} after the trigger settled, every pod bound and
 * every node initialized), a <em>consolidation</em> when they shrink, and a <em>drift</em> when a NodePool is applied
 * (done: the last NodeClaim deleted in the phase). A report holds only the cluster at its end, so each phase is played
 * as a prefix of the scenario that stops at the phase's end: deterministic, so the prefixes agree, and the
 * difference between consecutive prefixes is the phase's own wall and CPU time.
 */
final class PerfScenarioReplay {

    enum Kind { SCALE_OUT, CONSOLIDATION, DRIFT }

    /** Steps {@code [first, end)} of the scenario, {@code triggers} the count of scale and nodePool steps before {@code first}. */
    record Span(Kind kind, int first, int end, int triggers, int pods) {
    }

    /**
     * A phase measured: when its trigger happened and how long after it the phase was done (empty: not within its
     * steps), the window its steps gave it, the nodes and bound pods at its end, how many of those nodes were there when
     * the phase began ({@code kept}: a drift that finished keeps none), their average reserved utilisation, and
     * the wall and CPU time the phase cost (its prefix less the previous one), the peak heap of its prefix, and the
     * simulated seconds the phase lasted.
     */
    record Phase(Span span, long startsAt, OptionalLong doneAfter, long window, int nodes, int kept, int boundPods, double cpuUtil,
                 double memoryUtil, RunMeter.Cost cost, long simulatedSeconds) {
    }

    /** Every phase measured, and the report of the last prefix played (the whole scenario's, with all its {@code expect} steps, unless cut short). */
    record Result(List<Phase> phases, SimulationReport last, double wallSeconds) {
    }

    private PerfScenarioReplay() {
    }

    /** The phases of {@code s}, in order. */
    static List<Span> spans(Scenario s) {
        Map<String, Integer> replicas = new HashMap<>();
        for (Scenario.Workload d : s.deployments()) replicas.put(d.name(), d.replicas());
        List<Scenario.Step> steps = s.steps();
        List<Span> out = new ArrayList<>();
        int triggers = 0;
        for (int i = 0; i < steps.size(); ) {
            if (!trigger(steps.get(i))) {
                i++;
                continue;
            }
            int before = total(replicas);
            int first = i;
            int triggersBefore = triggers;
            boolean applied = false;
            for (; i < steps.size() && trigger(steps.get(i)); i++, triggers++) {
                if (steps.get(i) instanceof Scenario.Scale sc) replicas.put(sc.deployment(), sc.replicas());
                else applied = true;
            }
            int after = total(replicas);
            Kind kind = applied ? Kind.DRIFT : after < before ? Kind.CONSOLIDATION : Kind.SCALE_OUT;
            int end = i;
            while (end < steps.size() && !trigger(steps.get(end))) end++;
            out.add(new Span(kind, first, end, triggersBefore, after));
        }
        return out;
    }

    /** Plays each phase's prefix of {@code s}, the last one being the whole scenario. */
    static Result play(Scenario s, Catalog catalog) throws IOException {
        return play(s, catalog, Integer.MAX_VALUE);
    }

    /** Plays the prefixes of the first {@code maxPhases} phases of {@code s} only: the scale-out alone, say, on a laptop. */
    static Result play(Scenario s, Catalog catalog, int maxPhases) throws IOException {
        List<Phase> phases = new ArrayList<>();
        RunMeter.Cost previous = new RunMeter.Cost(0, 0, 0);
        long previousEnd = 0;
        double wall = 0;
        Set<String> before = Set.of();
        SimulationReport report = null;
        List<Span> spans = spans(s);
        for (Span span : spans.subList(0, Math.min(maxPhases, spans.size()))) {
            RunMeter meter = RunMeter.start();
            report = Simulation.run(prefix(s, span.end()), catalog, PolicyCompiler.NONE);
            RunMeter.Cost cost = meter.read();
            wall += cost.wallSeconds();
            long end = end(report);
            long startsAt = triggerTime(report, span.triggers());
            double[] util = reservedUtilisation(report);
            int bound = 0;
            for (PodPlacements.Placement p : report.placements()) if (p.status() == PodPlacements.Status.BOUND) bound++;
            Set<String> claims = new HashSet<>();
            for (SimulationReport.NodeLine n : report.nodes()) claims.add(n.nodeClaim());
            int kept = 0;
            for (String c : before) if (claims.contains(c)) kept++;
            before = claims;
            phases.add(new Phase(span, startsAt, doneAfter(report, span.kind(), startsAt), end - startsAt, report.nodes().size(), kept, bound,
                    util[0], util[1], new RunMeter.Cost(cost.wallSeconds() - previous.wallSeconds(), cost.cpuSeconds() - previous.cpuSeconds(),
                    cost.peakHeapBytes()), end - previousEnd));
            previous = cost;
            previousEnd = end;
        }
        return new Result(phases, report, wall);
    }

    /**
     * The average over the registered nodes of their bound pods' requests over the node's allocatable, for CPU and
     * memory: Karpenter's {@code Monitor.AvgUtilization} (test/pkg/environment/common/monitor.go:202-235). NaN without nodes.
     */
    static double[] reservedUtilisation(SimulationReport r) {
        Map<String, ResourceList> requested = new HashMap<>();
        for (PodPlacements.Placement p : r.placements()) {
            if (p.status() == PodPlacements.Status.BOUND && p.node() != null) requested.merge(p.node(), p.requests(), ResourceList::plus);
        }
        double cpu = 0, memory = 0;
        int n = 0;
        for (SimulationReport.NodeLine l : r.nodes()) {
            ResourceList a = l.allocatable();
            if (l.node() == null || a == null || a.cpuMillis() == 0 || a.memoryBytes() == 0) continue;
            ResourceList q = requested.getOrDefault(l.node(), ResourceList.ZERO);
            cpu += q.cpuMillis() / (double) a.cpuMillis();
            memory += q.memoryBytes() / (double) a.memoryBytes();
            n++;
        }
        return n == 0 ? new double[] {Double.NaN, Double.NaN} : new double[] {cpu / n, memory / n};
    }

    private static boolean trigger(Scenario.Step step) {
        return step instanceof Scenario.Scale || step instanceof Scenario.ApplyNodePool;
    }

    private static int total(Map<String, Integer> replicas) {
        return replicas.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static Scenario prefix(Scenario s, int steps) {
        return new Scenario(s.name(), s.file(), s.zones(), s.bootLatency(), s.readyLatency(), s.spot(), s.capacityErrors(), s.policies(),
                s.nodePools(), s.nodeClasses(), s.daemonSets(), s.deployments(), s.steps().subList(0, steps), s.kubeScheduler(),
                s.podDisruptionBudgets(), s.podReadyLatency(), s.nominations(), s.faults());
    }

    /** When the {@code n}-th scale or nodePool step (from 0) was played: scale steps log SCALED, nodePool steps APPLIED. */
    private static long triggerTime(SimulationReport r, int n) {
        int seen = 0;
        for (SimulationReport.Line l : r.timeline()) {
            if (!l.kind().equals(TimelineEvent.Kind.SCALED.name()) && !l.kind().equals(TimelineEvent.Kind.APPLIED.name())) continue;
            if (seen++ == n) return l.at();
        }
        throw new IllegalStateException("the report logs fewer than " + (n + 1) + " scale or nodePool steps");
    }

    private static OptionalLong doneAfter(SimulationReport r, Kind kind, long startsAt) {
        if (kind == Kind.SCALE_OUT) {
            for (SimulationReport.WaitLine w : r.waits()) {
                if (w.endsAt() > startsAt) return w.settled() ? OptionalLong.of(w.endsAt() - startsAt) : OptionalLong.empty();
            }
            return OptionalLong.empty();
        }
        long last = -1;
        for (SimulationReport.Line l : r.timeline()) {
            if (l.at() >= startsAt && l.kind().equals(TimelineEvent.Kind.NODECLAIM_DELETED.name())) last = l.at();
        }
        return last < 0 ? OptionalLong.empty() : OptionalLong.of(last - startsAt);
    }

    /** The simulated second the run ended: its last wait, sample or timeline line. */
    private static long end(SimulationReport r) {
        long end = 0;
        for (SimulationReport.WaitLine w : r.waits()) end = Math.max(end, w.endsAt());
        for (SimulationReport.Sample s : r.series()) end = Math.max(end, s.at());
        for (SimulationReport.Line l : r.timeline()) end = Math.max(end, l.at());
        return end;
    }
}
