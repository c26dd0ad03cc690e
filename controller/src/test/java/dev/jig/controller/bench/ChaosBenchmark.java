package dev.jig.controller.bench;

import dev.jig.controller.simulate.ChaosRuns;
import dev.jig.controller.simulate.Faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Seeded chaos runs ({@code bench/chaos.sh}): every example, parity and chaos scenario under {@code runs} seeded fault
 * schedules, faults for the first {@code minutes} simulated minutes and then a calm tail, round-robin over the
 * scenarios; the seeds alternate between two schedules, {@link Faults#mix} (every random fault) and
 * {@link Faults#apiErrorsAndRestarts}. Prints each violation with the command that replays it; then per schedule the
 * runs, those with a violation, and the settled cost once faults stopped against the fault-free run's (median, p95,
 * max); and the wall time.
 *
 * <p>Arguments: {@code [runs] [minutes]}, default {@code 1000 20}.
 */
public final class ChaosBenchmark {

    /** One schedule's tally. */
    private record Tally(String name, BiFunction<Long, Duration, Faults> faults, List<Double> ratios, int[] runsAndViolated) {
        Tally(String name, BiFunction<Long, Duration, Faults> faults) {
            this(name, faults, new ArrayList<>(), new int[2]);
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int minutes = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        List<Path> scenarios = ChaosRuns.scenarios();
        List<Tally> schedules = List.of(
                new Tally("mix", Faults::mix), new Tally("API errors and restarts", Faults::apiErrorsAndRestarts));
        System.out.printf(Locale.ROOT, "%d seeded runs over %d scenarios, faults for %d simulated minutes then a calm tail of up to 30 min, JVM %s, %d cpus%n", runs,
                scenarios.size(), minutes, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        for (Tally t : schedules) System.out.printf(Locale.ROOT, "  %s: %s%n", t.name(), t.faults().apply(1L, Duration.ofMinutes(minutes)).mapping());
        long start = System.nanoTime();
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path file = scenarios.get(i % scenarios.size());
            long round = i / scenarios.size();
            Tally t = schedules.get((int) (round % schedules.size()));
            long seed = round / schedules.size() + 1;
            ChaosRuns.Run run = ChaosRuns.play(file, t.faults().apply(seed, Duration.ofMinutes(minutes)));
            times.add(run.millis());
            t.runsAndViolated()[0]++;
            run.costRatio().ifPresent(t.ratios()::add);
            if (!run.violations().isEmpty()) {
                t.runsAndViolated()[1]++;
                ChaosRuns.Run smallest = ChaosRuns.shrink(run);
                System.out.printf(Locale.ROOT, "VIOLATION %s seed %d: %s%n  replay: %s%n  fewest faults that still fail: %s%n    (%s)%n", file.getFileName(), seed,
                        String.join("; ", run.violations()), run.replay(), smallest.replay(), String.join("; ", smallest.violations()));
            }
        }
        int violated = 0;
        for (Tally t : schedules) {
            violated += t.runsAndViolated()[1];
            List<Double> r = t.ratios();
            r.sort(null);
            System.out.printf(Locale.ROOT, "%s: %d runs, %d with a violation; settled cost ÷ fault-free run's: median %.3f×, p95 %.3f×, max %.3f× (%d runs settled)%n",
                    t.name(), t.runsAndViolated()[0], t.runsAndViolated()[1], at(r, 0.5), at(r, 0.95), at(r, 1.0), r.size());
        }
        times.sort(null);
        System.out.printf(Locale.ROOT, "%d runs, %d with a violation, %.1f s wall (median run %d ms, slowest %d ms)%n", runs, violated,
                (System.nanoTime() - start) / 1e9, times.get(times.size() / 2), times.get(times.size() - 1));
    }

    private static double at(List<Double> sorted, double q) {
        if (sorted.isEmpty()) return Double.NaN;
        int rank = (int) Math.ceil(q * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank)));
    }
}
