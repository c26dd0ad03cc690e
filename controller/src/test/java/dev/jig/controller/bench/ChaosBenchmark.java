package dev.jig.controller.bench;

import dev.jig.controller.simulate.ChaosRuns;
import dev.jig.controller.simulate.Faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Seeded chaos runs ({@code bench/chaos.sh}): every example, parity and chaos scenario under {@code runs} seeded fault
 * schedules ({@link Faults#mix}, faults for the first {@code minutes} simulated minutes), round-robin over the
 * scenarios. Prints each violation with the command that replays it, the violations in all, and the wall time.
 *
 * <p>Arguments: {@code [runs] [minutes]}, default {@code 1000 20}.
 */
public final class ChaosBenchmark {

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int minutes = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        List<Path> scenarios = ChaosRuns.scenarios();
        System.out.printf(Locale.ROOT, "%d seeded runs over %d scenarios, faults for %d simulated minutes (launch errors 10%%, never-register 5%%, "
                + "terminated outside 0.2%%/min, spot interruptions 1%%/min, API write errors 10%%, a restart every 10 min), JVM %s, %d cpus%n", runs, scenarios.size(), minutes,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        long start = System.nanoTime();
        int violated = 0;
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path file = scenarios.get(i % scenarios.size());
            long seed = i / scenarios.size() + 1;
            ChaosRuns.Run run = ChaosRuns.play(file, Faults.mix(seed, Duration.ofMinutes(minutes)));
            times.add(run.millis());
            if (!run.violations().isEmpty()) {
                violated++;
                System.out.printf(Locale.ROOT, "VIOLATION %s seed %d: %s%n  %s%n", file.getFileName(), seed, String.join("; ", run.violations()), run.replay());
            }
        }
        times.sort(null);
        System.out.printf(Locale.ROOT, "%d runs, %d with a violation, %.1f s wall (median run %d ms, slowest %d ms)%n", runs, violated,
                (System.nanoTime() - start) / 1e9, times.get(times.size() / 2), times.get(times.size() - 1));
    }
}
