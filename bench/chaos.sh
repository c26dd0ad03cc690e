#!/usr/bin/env bash
# Chaos benchmark: every example, parity and chaos scenario under RUNS seeded fault schedules (failed launches, kubelets
# that never join, instances terminated outside Jig, spot interruptions; faults for MINUTES simulated minutes), with the
# invariants checked on every simulated second. Prints each violation with the command that replays it, the count of
# runs with a violation, and the wall time.
#
#   bench/chaos.sh            (RUNS=1000 MINUTES=20)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -ntp -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
exec java -Xmx1g -XX:+UseParallelGC -Djig.repo.root=. -cp "$cp" dev.jig.controller.bench.ChaosBenchmark "${RUNS:-1000}" "${MINUTES:-20}"
