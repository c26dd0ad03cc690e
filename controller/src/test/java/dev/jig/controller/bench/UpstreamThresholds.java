package dev.jig.controller.bench;

import java.util.List;
import java.util.Map;

/**
 * The thresholds of Karpenter's performance suite ({@code kubernetes-sigs/karpenter test/suites/performance} at
 * 2266468), per scenario of {@code examples/scenarios/perf} and per phase, with the file and lines they come from. Upstream
 * asserts them on a KWOK cluster in wall time; here the simulated time is compared with them, and the controller's
 * memory and cores with the whole simulation's heap and CPU (an upper bound: it includes the simulated cluster).
 */
final class UpstreamThresholds {

    /**
     * One phase: it must end (all pods healthy, or consolidation or drift done) in less than {@code minutes}, leave the
     * nodes' reserved CPU and memory utilisation above {@code cpuUtil} and {@code memoryUtil} (NaN: not asserted), with
     * the controller below {@code memoryMb} (P95) and {@code cores} (average).
     */
    record Phase(String name, double minutes, double cpuUtil, double memoryUtil, double memoryMb, double cores, String source) {
    }

    private static final double NONE = Double.NaN;

    /** By scenario name ({@code metadata.name}), phases in the order the scenario plays them. */
    static final Map<String, List<Phase>> BY_SCENARIO = Map.of(
            "perf-basic", List.of(
                    new Phase("scale-out", 2, 0.53, 0.65, 260, 0.50, "basic_test.go:50-59"),
                    new Phase("consolidation", 20, NONE, NONE, 260, 0.25, "basic_test.go:76-81")),
            "perf-wide-deployments", List.of(
                    new Phase("scale-out", 5, 0.20, 0.20, 370, 0.70, "wide_deployments_test.go:177-186"),
                    new Phase("consolidation", 40, 0.20, 0.20, 340, 0.30, "wide_deployments_test.go:209-218")),
            "perf-hostname-spreading-xl", List.of(
                    new Phase("scale-out", 35, 0.38, 0.40, 1330, 1.40, "host_name_spreading_xl_test.go:59-68"),
                    new Phase("consolidation", 35, 0.38, 0.40, 1200, 1.70, "host_name_spreading_xl_test.go:89-98")),
            "perf-do-not-disrupt", List.of(
                    new Phase("scale-out", 4, 0.38, 0.40, 645, 1.10, "do_no_disrupt_test.go:63-72"),
                    new Phase("consolidation", 35, 0.38, 0.40, 585, 0.80, "do_no_disrupt_test.go:107-116")),
            "perf-self-anti-affinity", List.of(
                    new Phase("scale-out", 5, 0.38, 0.40, 620, 0.90, "interference_test.go:58-67"),
                    new Phase("interference", 10, 0.38, 0.40, 1205, 1.30, "interference_test.go:87-96"),
                    new Phase("consolidation", 25, 0.38, 0.40, 820, 0.80, "interference_test.go:121-130")),
            "perf-drift", List.of(
                    new Phase("initial", 5, NONE, NONE, 425, 0.70, "drift_performance_test.go:61-66"),
                    new Phase("drift", 50, NONE, NONE, 470, 1.05, "drift_performance_test.go:92-97")));

    private UpstreamThresholds() {
    }
}
