#!/usr/bin/env bash
# Scheduling benchmark, after Karpenter's scheduling_benchmark_test.go: 400 instance types, one
# NodePool with huge limits, pods of 100m-1500m cpu and 100Mi-4Gi memory, "generic" and "diverse"
# mixes (a fifth each: generic, zone spread, hostname spread, zone self-affinity, hostname
# anti-affinity), 1k/5k/10k/20k pods. Prints per row the median pods/s over RUNS solves, nodes, $/h,
# the ratio to the LP lower bound (cheapest fractional mix of the 400 types covering the total cpu
# and memory requests) and the peak heap of a solve. Runs under -Xmx256m: finishing is the check
# that 256 MB of heap suffice.
#
#   bench/scheduling.sh [SIZES...]        (default 1000 5000 10000 20000; RUNS=5; SETTLE_SIZES="1000 5000")
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
mvn -B -q -pl controller -am -DskipTests install >/dev/null
mvn -B -q -pl controller test-compile dependency:build-classpath -Dmdep.outputFile="$PWD/controller/target/bench.classpath" -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
# Settled cost: the same workload played through the whole simulated world (provisioner, cloud, kubelets and
# the simulated kube-scheduler, LeastAllocated and MostAllocated); planned and settled $/h against the bound.
java -Xmx1g -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.SettlingBenchmark ${SETTLE_SIZES:-1000 5000}
exec java -Xmx256m -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.SchedulingBenchmark "$runs" "$@"
