#!/usr/bin/env bash
# Chaos benchmark: every example, parity and chaos scenario under RUNS seeded fault schedules (faults for MINUTES
# simulated minutes, then a calm tail of up to 30), alternating a mix of every random fault with API errors and restarts
# alone, the invariants checked on every simulated second. Prints each violation with the command that replays it; per
# schedule the runs with a violation and the settled cost against the fault-free run's; and the wall time.
#
#   bench/chaos.sh            (RUNS=1000 MINUTES=20)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -ntp -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
exec java -Xmx1g -XX:+UseParallelGC -Djig.repo.root=. -cp "$cp" dev.jig.controller.bench.ChaosBenchmark "${RUNS:-1000}" "${MINUTES:-20}"
