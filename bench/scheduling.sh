#!/usr/bin/env bash
# Scheduling benchmark, after Karpenter's scheduling_benchmark_test.go: 400 instance types, one
# NodePool with huge limits, pods of 100m-1500m cpu and 100Mi-4Gi memory, "generic" and "diverse"
# mixes (a fifth each: generic, zone spread, hostname spread, zone self-affinity, hostname
# anti-affinity), 1k/5k/10k/20k/40k pods. Prints per row the median pods/s over RUNS solves, nodes,
# $/h, the ratio to two LP lower bounds (the cheapest fractional mix of the 400 types covering the
# total cpu and memory requests; and the same with at least one node per pod of the largest
# hostname anti-affinity group) and the peak heap of a solve. Runs under -Xmx512m: finishing is the
# check that 512 MB of heap suffice. Before it, SettlingBenchmark plays SETTLE_SIZES pods of both mixes
# through the simulated world (under -Xmx1g) and prints planned and settled $/h against the bound.
# Builds through the reactor; installs nothing into ~/.m2.
#
#   bench/scheduling.sh [SIZES...]        (default 1000 5000 10000 20000 40000; RUNS=5; SETTLE_SIZES="1000 5000")
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
# test-compile and build-classpath run per module in one reactor: controller's classpath names
# api/target/classes, and controller writes the file last.
mvn -B -q -pl controller -am test-compile dependency:build-classpath -Dmdep.outputFile="$PWD/controller/target/bench.classpath" -Dmdep.includeScope=test >/dev/null
cp="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench.classpath)"
# Settled cost: the same workload played through the whole simulated world (provisioner, cloud, kubelets and
# the simulated kube-scheduler, LeastAllocated and MostAllocated); planned and settled $/h against the bound.
java -Xmx1g -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.SettlingBenchmark ${SETTLE_SIZES:-1000 5000}
exec java -Xmx512m -XX:+UseParallelGC -cp "$cp" dev.jig.controller.bench.SchedulingBenchmark "$runs" "$@"
