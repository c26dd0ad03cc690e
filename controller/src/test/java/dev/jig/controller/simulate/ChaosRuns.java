package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Seeded runs of the example and chaos scenarios under faults, shared by {@link ChaosPropertyTest} and
 * {@code bench/chaos.sh}: each run plays a scenario with its faults replaced by a seeded schedule and keeps the
 * invariants' violations.
 */
public final class ChaosRuns {

    private ChaosRuns() {
    }

    /**
     * One run: the scenario, its faults, each broken rule's first violation, and its settled cost once faults stopped
     * against the fault-free run's (empty when it has no calm or did not settle).
     */
    public record Run(Path file, Faults faults, List<String> violations, OptionalDouble costRatio, long millis) {

        /** The command that plays this run again, its calm tail included. */
        public String replay() {
            return "bin/jig-controller simulate " + file + " --settle " + SETTLE.toMinutes() + "m --faults '" + faults.mapping() + "'";
        }
    }

    /**
     * The scenarios the chaos runs play: {@code examples/scenarios/*.yaml}, {@code parity/} and {@code chaos/}, but those
     * that compile a policy directory ({@code tenants.yaml}: the controller library has no compiler; the CLI's tests play it).
     */
    public static List<Path> scenarios() throws IOException {
        Path root = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios");
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(root, root.resolve("parity"), root.resolve("chaos"))) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.toString().endsWith(".yaml")).filter(ChaosRuns::standalone).sorted().forEach(out::add);
            }
        }
        return out;
    }

    private static boolean standalone(Path f) {
        try {
            return Files.readAllLines(f).stream().noneMatch(l -> l.startsWith("  policies:"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** How long the calm tail after the faults may take to settle (the {@code unbound} invariant's window plus room). */
    static final Duration SETTLE = Duration.ofMinutes(30);
    /** The settled cost under faults may exceed the fault-free run's by this factor, once faults stopped. */
    public static final double SETTLED_COST_GOAL = 1.15;
    /** Each scenario's settled cost without faults, computed once per file. */
    private static final Map<Path, Double> BASELINE = new ConcurrentHashMap<>();

    /**
     * Plays {@code file} under {@code faults} (instead of its own), then its calm tail ({@link Simulation#runThenSettle}),
     * and keeps every invariant broken; and, when the faults end, the settled rules: the tail settles within
     * {@link #SETTLE}; and, unless a fault changed the capacity on offer ({@link Faults#changesOfferings}), at no more
     * than {@link #SETTLED_COST_GOAL} times the same scenario's settled cost without faults.
     */
    public static Run play(Path file, Faults faults) throws IOException {
        long start = System.nanoTime();
        Scenario scenario = read(file);
        SimulationReport r = Simulation.runThenSettle(scenario.withFaults(faults), Catalog.bundled(), PolicyCompiler.NONE, SETTLE);
        List<String> violations = new ArrayList<>();
        for (Simulation.Check c : r.checks()) if (!c.passed() && c.at().startsWith("invariant ")) violations.add(c.at() + ": " + c.actual());
        OptionalDouble ratio = OptionalDouble.empty();
        if (faults.until().isPresent() && faults.cluster().kubeletTaint().isEmpty()) {
            SimulationReport.WaitLine tail = r.waits().get(r.waits().size() - 1);
            double base = baseline(file, scenario);
            if (tail.settled() && base > 0) ratio = OptionalDouble.of(tail.costPerHour() / base);
            settled(tail, base, faults).ifPresent(violations::add);
        }
        return new Run(file, faults, violations, ratio, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * The fewest faults of {@code failing}'s that still break a rule on its scenario: each fault is taken out in turn
     * ({@link Faults#withoutEach}) and left out if a rule still breaks without it, until none can go. The seed stays, so
     * the draws of the faults left change: the result is a schedule that fails, not the same failure.
     */
    public static Run shrink(Run failing) throws IOException {
        return shrink(failing, r -> !r.violations().isEmpty());
    }

    /** The fewest faults of {@code failing}'s whose run still {@code fails}, as {@link #shrink(Run)} finds them. */
    static Run shrink(Run failing, java.util.function.Predicate<Run> fails) throws IOException {
        Run smallest = failing;
        boolean shrunk = true;
        while (shrunk) {
            shrunk = false;
            for (Faults fewer : smallest.faults().withoutEach().values()) {
                if (!fewer.any()) continue;
                Run r = play(smallest.file(), fewer);
                if (fails.test(r)) {
                    smallest = r;
                    shrunk = true;
                    break;
                }
            }
        }
        return smallest;
    }

    private static Scenario read(Path file) throws IOException {
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, Files.readString(file));
        return read.scenario().orElseThrow(() -> new IllegalArgumentException(file + " does not read: " + read.diagnostics()));
    }

    /** The settled rules' violation by the calm tail {@code tail}, against the fault-free settled cost {@code base}, if any. */
    private static Optional<String> settled(SimulationReport.WaitLine tail, double base, Faults faults) {
        if (!tail.settled()) {
            return Optional.of(String.format(Locale.ROOT, "invariant settled: the world did not settle within %d minutes of the faults stopping (%d pod(s) pending)",
                    SETTLE.toMinutes(), tail.pending().size()));
        }
        if (faults.changesOfferings() || tail.costPerHour() <= base * SETTLED_COST_GOAL + 1e-9) return Optional.empty();
        return Optional.of(String.format(Locale.ROOT, "invariant settled-cost at +%d:%02d: $%.4f/h once faults stopped, %.2f× the fault-free run's $%.4f/h (goal ≤ %.2f×)",
                tail.endsAt() / 60, tail.endsAt() % 60, tail.costPerHour(), tail.costPerHour() / base, base, SETTLED_COST_GOAL));
    }

    private static double baseline(Path file, Scenario scenario) throws IOException {
        Double known = BASELINE.get(file);
        if (known != null) return known;
        SimulationReport r = Simulation.runThenSettle(scenario.withFaults(Faults.NONE), Catalog.bundled(), PolicyCompiler.NONE, SETTLE);
        double cost = r.waits().get(r.waits().size() - 1).costPerHour();
        BASELINE.put(file, cost);
        return cost;
    }
}
