package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.Scenario;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.testing.Scenarios;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * {@code bench/simulate.sh}: what {@code jig-controller simulate} costs in wall time and heap, in three parts chosen
 * by the arguments ({@code steady large perf}, all by default):
 * <ul>
 *   <li>{@code steady}: {@link SteadyState} at {@code STEADY_PODS} (2,000) pods and at each multiple of it in
 *       {@code SCALES} ({@code 1,4}), each followed by {@code STEADY_MINUTES} (20) simulated minutes of steady state;
 *       wall time per simulated minute at each size shows how it grows. Target at 1×: the 20 minutes in at most 10 s
 *       of wall, in at most 512 MB of heap.</li>
 *   <li>{@code large}: the same at {@code LARGE_PODS} (20,000: about 2,000 nodes) for {@code LARGE_MINUTES} (60) simulated
 *       minutes. Target: at most 120 s of wall.</li>
 *   <li>{@code perf}: each scenario of {@code PERF_DIR} ({@code examples/scenarios/perf}; {@code PERF} names a subset,
 *       comma-separated, without {@code .yaml}), phase by phase ({@link PerfScenarioReplay}), beside the thresholds of
 *       Karpenter's performance suite ({@link UpstreamThresholds}); {@code PERF_PHASES=1} plays only the first phase of each.</li>
 * </ul>
 * {@code WALL_LIMIT} (seconds, default 600, 0 for none) cuts each steady state short once it has taken that much wall, says
 * so and prints what the whole would take at the median: a run at sizes the runtime cannot yet afford still ends.
 * Runs under {@code -Xmx512m}: finishing is the check on the heap goal.
 */
public final class SimulateBenchmark {

    public static void main(String[] args) throws IOException {
        List<String> parts = args.length > 0 ? Arrays.asList(args) : List.of("steady", "large", "perf");
        Catalog catalog = Catalog.bundled();
        double wallLimit = Double.parseDouble(env("WALL_LIMIT", "600"));
        System.out.printf(Locale.ROOT, "java %s, %d cores, max heap %d MB%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        if (parts.contains("steady")) {
            int pods = Integer.parseInt(env("STEADY_PODS", "2000"));
            int minutes = Integer.parseInt(env("STEADY_MINUTES", "20"));
            List<SteadyState.Figures> runs = new ArrayList<>();
            for (String scale : env("SCALES", "1,4").split(",")) {
                int k = Integer.parseInt(scale.trim());
                runs.add(steady(catalog, pods * k, k + "×", minutes, wallLimit, k == 1 ? "target at 1×: ≤ 10 s wall for 20 min, ≤ 512 MB heap" : null));
            }
            if (runs.size() > 1) growth(runs);
        }
        if (parts.contains("large")) {
            steady(catalog, Integer.parseInt(env("LARGE_PODS", "20000")), "large", Integer.parseInt(env("LARGE_MINUTES", "60")), wallLimit,
                    "target at 20,000 pods: ≤ 120 s wall for 60 min");
        }
        if (parts.contains("perf")) perf(catalog, Path.of(env("PERF_DIR", "examples/scenarios/perf")), env("PERF", "all"),
                Integer.parseInt(env("PERF_PHASES", String.valueOf(Integer.MAX_VALUE))));
    }

    private static SteadyState.Figures steady(Catalog catalog, int pods, String size, int minutes, double wallLimit, String target) {
        System.out.printf(Locale.ROOT, "%nsteady state, %s: %,d pods in 10 deployments on %d instance types, then %d simulated minutes%s%n", size, pods,
                SteadyState.TYPES, minutes, target == null ? "" : " (" + target + ")");
        SteadyState.Figures f = SteadyState.play(catalog, pods, minutes, wallLimit);
        System.out.printf(Locale.ROOT, "  scale-up   %s after %s simulated, %.1f s wall, %.1f s CPU, peak heap %.0f MB, %,d nodes, %d disruption decision(s)%n",
                f.settled() ? "settled" : "NOT settled", clock(f.settleSimulatedSeconds()), f.settle().wallSeconds(), f.settle().cpuSeconds(),
                f.settle().peakHeapMib(), f.nodes(), f.settleDisruptions());
        int played = f.wallMsPerMinute().length;
        System.out.printf(Locale.ROOT, "  steady     %d simulated min%s in %.1f s wall, peak heap %.0f MB; per simulated minute: median %.0f ms (%.1f ms per simulated second),"
                        + " first %.0f ms, last %.0f ms; %d disruption decision(s)%n",
                played, f.stoppedEarly() ? " (WALL_LIMIT reached, stopped early)" : "", f.steady().wallSeconds(), f.steady().peakHeapMib(),
                f.medianWallMsPerMinute(), f.medianWallMsPerMinute() / 60, played == 0 ? Double.NaN : f.wallMsPerMinute()[0],
                played == 0 ? Double.NaN : f.wallMsPerMinute()[played - 1], Arrays.stream(f.disruptionsPerMinute()).sum());
        System.out.printf(Locale.ROOT, "  steady     wall ms per simulated minute: %s%n", Arrays.toString(Arrays.stream(f.wallMsPerMinute()).mapToLong(Math::round).toArray()));
        if (minutes > played && played > 0) {
            System.out.printf(Locale.ROOT, "  steady     %d simulated min would take about %.0f s wall at the median%n", minutes, f.medianWallMsPerMinute() * minutes / 1000);
        }
        return f;
    }

    private static void growth(List<SteadyState.Figures> runs) {
        SteadyState.Figures base = runs.get(0);
        System.out.printf(Locale.ROOT, "%ngrowth against %,d pods (same run):%n", base.pods());
        for (SteadyState.Figures f : runs.subList(1, runs.size())) {
            System.out.printf(Locale.ROOT, "  %,6d pods (%.0f×): scale-up wall %.2f×, steady wall per simulated minute %.2f× (median), nodes %.2f×%n", f.pods(),
                    f.pods() / (double) base.pods(), f.settle().wallSeconds() / base.settle().wallSeconds(),
                    f.medianWallMsPerMinute() / base.medianWallMsPerMinute(), f.nodes() / (double) base.nodes());
        }
    }

    private static void perf(Catalog catalog, Path dir, String only, int phases) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        List<String> names = only.equals("all") ? List.of() : Arrays.stream(only.split(",")).map(String::trim).toList();
        ScenarioReader reader = Scenarios.readerWithoutSchema();
        System.out.printf(Locale.ROOT, "%nperf scenarios. done after: simulated time from the phase's scale or nodePool steps until every pod is bound on"
                + " initialized nodes (scale-out) or the last node is deleted (consolidation, drift), with the simulated window its steps give it;"
                + " kept: the nodes at the phase's end that were there at its start; cpu and memory util: Karpenter's average over nodes of requests"
                + " over allocatable; peak heap: the whole simulation's (cluster included), against the controller's P95 memory upstream; cores: CPU"
                + " seconds per simulated second, the average cores the simulation would take in real time, against the controller's average"
                + " upstream; wall s: the phase's own wall time.%n");
        for (Path file : files) {
            String base = file.getFileName().toString().replaceFirst("\\.yaml$", "");
            if (!names.isEmpty() && !names.contains(base)) continue;
            ScenarioReader.Result read = reader.read(file, Files.readString(file));
            if (read.scenario().isEmpty()) {
                System.out.printf(Locale.ROOT, "%n%s: does not read%n", file);
                read.diagnostics().forEach(d -> System.out.print(d.lines()));
                continue;
            }
            Scenario s = read.scenario().get();
            List<UpstreamThresholds.Phase> upstream = UpstreamThresholds.BY_SCENARIO.getOrDefault(s.name(), List.of());
            System.out.printf(Locale.ROOT, "%n%s (%s): [upstream threshold] from kubernetes-sigs/karpenter test/suites/performance%n", s.name(), file);
            System.out.printf(Locale.ROOT, "  %-13s %5s %5s %5s  %-26s %-15s %-15s %-17s %-15s %8s  %s%n", "phase", "pods", "nodes", "kept", "done after (window)",
                    "cpu util", "memory util", "peak heap MB", "cores", "wall s", "source");
            PerfScenarioReplay.Result r = PerfScenarioReplay.play(s, catalog, phases);
            for (int i = 0; i < r.phases().size(); i++) {
                PerfScenarioReplay.Phase p = r.phases().get(i);
                UpstreamThresholds.Phase t = i < upstream.size() ? upstream.get(i) : null;
                System.out.printf(Locale.ROOT, "  %-13s %5d %5d %5d  %-26s %-15s %-15s %-17s %-15s %8.1f  %s%n", t == null ? p.span().kind().name().toLowerCase(Locale.ROOT) : t.name(),
                        p.boundPods(), p.nodes(), p.kept(), done(p.doneAfter(), p.window()) + bound(t == null ? Double.NaN : t.minutes(), "<", "m"),
                        fmt(p.cpuUtil()) + bound(t == null ? Double.NaN : t.cpuUtil(), ">", ""),
                        fmt(p.memoryUtil()) + bound(t == null ? Double.NaN : t.memoryUtil(), ">", ""),
                        String.format(Locale.ROOT, "%.0f", p.cost().peakHeapMib()) + bound(t == null ? Double.NaN : t.memoryMb(), "<", ""),
                        String.format(Locale.ROOT, "%.3f", p.cost().coresAtRealTime(p.simulatedSeconds())) + bound(t == null ? Double.NaN : t.cores(), "<", ""),
                        p.cost().wallSeconds(), t == null ? "" : t.source());
            }
            long failed = r.last().checks().stream().filter(c -> !c.passed()).count();
            System.out.printf(Locale.ROOT, "  expect steps: %d of %d held%s; %.1f s wall (all prefixes)%n", r.last().checks().size() - failed,
                    r.last().checks().size(), r.phases().size() < PerfScenarioReplay.spans(s).size() ? " (PERF_PHASES: not every phase played)" : "", r.wallSeconds());
            r.last().checks().stream().filter(c -> !c.passed())
                    .forEach(c -> System.out.printf(Locale.ROOT, "    FAIL %s: expected %s, got %s%n", c.at(), c.expected(), c.actual()));
        }
    }

    private static String done(OptionalLong after, long window) {
        return (after.isPresent() ? clock(after.getAsLong()) : "not") + " (" + clock(window) + ")";
    }

    private static String bound(double v, String op, String unit) {
        if (Double.isNaN(v)) return "";
        return " [" + op + " " + (v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v)) + unit + "]";
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    static String clock(long seconds) {
        return seconds >= 3600 ? String.format(Locale.ROOT, "%dh%02dm%02ds", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
