#!/usr/bin/env bash
# Simulation benchmark: what `jig-controller simulate` costs in wall time and heap (SimulateBenchmark).
#   steady  a 2,000-pod scale-up on 20 instance types, then 20 simulated minutes of steady state, at 1× and 4× the
#           size (wall per simulated minute, its growth, peak heap); target at 1×: ≤ 10 s wall, ≤ 512 MB heap
#   large   20,000 pods (about 2,000 nodes), then one simulated hour of steady state; target: ≤ 120 s wall
#   perf    each scenario of examples/scenarios/perf (Karpenter's performance suite), phase by phase: simulated time to
#           scale out, consolidate or drift, reserved CPU and memory utilisation at the end, peak heap, cores, wall,
#           beside upstream's thresholds
# Runs under -Xmx512m: finishing is the check on the heap goal. Smaller runs for a laptop:
#
#   bench/simulate.sh                                   (all parts at full size)
#   bench/simulate.sh steady                            (STEADY_PODS=2000 STEADY_MINUTES=20 SCALES=1,4)
#   LARGE_PODS=5000 LARGE_MINUTES=5 bench/simulate.sh large
#   PERF=basic,drift bench/simulate.sh perf             (PERF_DIR=examples/scenarios/perf)
#   PERF_PHASES=1 bench/simulate.sh perf                (only the first phase of each: the scale-outs)
#   WALL_LIMIT=60 bench/simulate.sh                     (cut each steady state after 60 s of wall, and say so;
#                                                        default 600, 0 for none)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
exec java -Xmx512m -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.SimulateBenchmark "$@"
