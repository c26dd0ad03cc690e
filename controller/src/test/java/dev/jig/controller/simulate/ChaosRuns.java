package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Seeded runs of the example and chaos scenarios under faults, shared by {@link ChaosPropertyTest} and
 * {@code bench/chaos.sh}: each run plays a scenario with its faults replaced by a seeded schedule and keeps the
 * invariants' violations.
 */
public final class ChaosRuns {

    private ChaosRuns() {
    }

    /** One run: the scenario, its faults, and each broken rule's first violation. */
    public record Run(Path file, Faults faults, List<String> violations, long millis) {

        /** How to play this run again by hand. */
        public String replay() {
            return String.format(Locale.ROOT, "replay: bin/jig-controller simulate %s with spec.faults {seed: %d, until: %s, launchErrors: %s, neverRegister: %s, "
                            + "terminatedOutside: %s, spotInterruptions: %s, apiErrors: %s%s}", file, faults.seed(),
                    faults.until().map(d -> d.toMinutes() + "m").orElse("(none)"), faults.launchErrors(), faults.neverRegister(),
                    faults.terminatedOutside(), faults.spotInterruptions(), faults.apiErrors(),
                    faults.restartEvery().map(d -> ", restartEvery: " + d.toMinutes() + "m").orElse(""));
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

    /** Plays {@code file} under {@code faults} (instead of its own). */
    public static Run play(Path file, Faults faults) throws IOException {
        long start = System.nanoTime();
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, Files.readString(file));
        Scenario scenario = read.scenario().orElseThrow(() -> new IllegalArgumentException(file + " does not read: " + read.diagnostics()));
        SimulationReport r = Simulation.run(scenario.withFaults(faults), Catalog.bundled(), PolicyCompiler.NONE);
        List<String> violations = new ArrayList<>();
        for (Simulation.Check c : r.checks()) if (!c.passed() && c.at().startsWith("invariant ")) violations.add(c.at() + ": " + c.actual());
        return new Run(file, faults, violations, (System.nanoTime() - start) / 1_000_000);
    }
}
