#!/usr/bin/env bash
# Disruption benchmark: one full DisruptionPass (expiration, emptiness, drift, multi- and single-node
# consolidation, first that acts wins) over an under-used cluster. The diverse workload of PLAN_PODS pods
# (default 10,000: 2,000 nodes) is planned on the 400 catalog types of bench/scheduling.sh, each planned
# NodeClaim becomes an initialized node of its cheapest type, and every other pod of the workload is removed
# (a scale-down by half), except a node's last pod: no node is empty, so the pass reaches consolidation. Prints the median pass time over RUNS, the peak heap, the command, and $/h before and after
# against the LP bound of the pods left. Runs under -Xmx512m: finishing is the check on the heap goal.
# Then the steady state (DisruptionSteadyState): every pod of the generic workload bound where the scheduler packed
# it, nothing to consolidate; at each of STEADY_PODS, the medians of a first pass, a pass where nothing changed (the
# consolidated memo holds) and a pass after one pod changed, and their growth with size.
#
#   bench/disruption.sh            (RUNS=5, PLAN_PODS=10000, STEADY_PODS=4000,16000,20000)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
java -Xmx512m -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.DisruptionBenchmark "${RUNS:-5}" "${PLAN_PODS:-10000}"
echo
exec java -Xmx512m -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.DisruptionSteadyState "${RUNS:-5}" "${STEADY_PODS:-4000,16000,20000}"
