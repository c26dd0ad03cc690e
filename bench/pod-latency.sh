#!/usr/bin/env bash
# Pod latency benchmark: run's reconcilers on their workers and cadences, on the wall clock, over an in-memory cluster
# with a steady state of STEADY_PODS pods (default 5,000) that disruption evaluates every pass, and a cloud whose create
# takes CREATE_MS (default 300 ms). Phases: idle; flood (about 100 launches in flight on a pool of WORKERS, default 10,
# no other pod within a probe's batch window); stream (pods a second apart, so each extends the batch window of the
# ones before it, as Karpenter's batcher does); flood-inline (the stream with launches on the provisioner's thread, as
# the single loop ran them). Prints, per phase, the median and
# p99 wait of a new pending pod for its NodeClaim (from its creation, and from the first reconcile that saw it), and
# the ratio to the idle phase.
#
#   bench/pod-latency.sh            (STEADY_PODS=5000 PROBES=20 CREATE_MS=300 WORKERS=10)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
exec java -Xmx1g -cp "$cp" dev.jig.controller.bench.PodLatencyBenchmark "${STEADY_PODS:-5000}" "${PROBES:-20}" "${CREATE_MS:-300}" "${WORKERS:-10}"
